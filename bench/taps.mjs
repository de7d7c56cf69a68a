// What the tap benchmarks share (interactions.mjs times taps, start-profile.mjs traces them): how
// a finger's tap is made, and when the content a tap asks for counts as shown. The checks run in
// the page (passed as functions, so they use nothing outside themselves).

/** How long the finger stays down in a quick tap (ms). */
export const HOLD_MS = Number(process.env.HOLD_MS ?? 80);

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A touch at `point` through the DevTools protocol session `cdp`: down, HOLD_MS, up (Chrome makes it pointerdown ... click). */
export async function touch(cdp, point) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await sleep(HOLD_MS);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The schedule's day view with its day's appointments (`data-shown-day`). */
export const dayShown = () => !!document.querySelector('[data-testid="day-swipe-area"][data-shown-day] .rbc-time-view');

/** The patient home: its header card and menu. */
export const patientHomeShown = () => !!document.querySelector('[data-testid="patient-header-card"]') && !!document.querySelector('a[href$="/demographics"]');
