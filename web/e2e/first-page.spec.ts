import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { OrdersScreen } from './pages/orders';
import { ScheduleScreen } from './pages/schedule';
import { recordStatuses, statusesSeen } from './statuses';

// Issue 17: on a fresh load of a page after login (the app reopened or reloaded within the
// session), the page does not wait on a round of requests before it can show: its own code is
// asked for at start, and the users, providers and reference lists, fetched once at login, are
// kept for the session (spec part 1, section 3: fetched once, then cached), so only the
// preferences are asked for again, and the page shows without waiting for them (their stored
// copy is used meanwhile). Checked by the order of the network events, not by times.

/** The preload's requests: one per query PreloadGate waits on. */
const PRELOAD = /\/api\/(preferences|users|providers|references\/1\/\w+)$/;

/** What the browser asked for and got, in order: each chunk's request and each preload answer. */
function networkLog(page: Page) {
  const events: string[] = [];
  page.on('request', (request) => {
    const asset = /\/app\/assets\/([^/]+)-[\w-]{8}\.js$/.exec(request.url());
    if (asset) events.push(`chunk ${asset[1]}`);
  });
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (PRELOAD.test(path)) events.push(`preload ${path}`);
  });
  return {
    events,
    /** How many preload answers had arrived when the chunk was first asked for (-1: never asked). */
    preloadDoneBefore(chunk: string): number {
      const at = events.indexOf(`chunk ${chunk}`);
      return at < 0 ? -1 : new Set(events.slice(0, at).filter((e) => e.startsWith('preload '))).size;
    },
    /** The preload requests answered, each once. */
    preloadPaths(): string[] {
      return [...new Set(events.filter((e) => e.startsWith('preload ')).map((e) => e.slice('preload '.length)))];
    },
  };
}

test.describe('The first page after a reload does not wait for the preload', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test.beforeEach(async ({ loginScreen }) => {
    await loginScreen.goto();
    await loginScreen.loginAsDemo();
  });

  test('orders: only the preferences are asked again, after the chunk of the page', async ({ page }) => {
    const log = networkLog(page);
    const orders = new OrdersScreen(page);
    await orders.goto();
    await expect(orders.rows.first()).toBeVisible();
    // The users, providers and reference lists came from the session's copy: not one was asked for.
    await expect.poll(() => log.preloadPaths(), { message: log.events.join('\n') }).toEqual(['/api/preferences']);
    // The page's chunk was asked for before the preferences' answer.
    expect(log.preloadDoneBefore('OrdersRoutes'), log.events.join('\n')).toBe(0);
  });

  test('schedule: the route and the day view chunks come first, and no list is asked again', async ({ page }) => {
    const log = networkLog(page);
    const schedule = new ScheduleScreen(page);
    await schedule.goto();
    await expect(schedule.dayView).toBeVisible();
    await expect.poll(() => log.preloadPaths(), { message: log.events.join('\n') }).toEqual(['/api/preferences']);
    for (const chunk of ['appointments', 'DayView']) {
      expect(log.preloadDoneBefore(chunk), `${chunk}\n${log.events.join('\n')}`).toBe(0);
    }
  });
});

// Issue 17: a first visit to the login page asks for the login page's code with the entry (the
// server answers /app/login with a document that preloads it), and the first render draws the
// login page itself: no 'Loading…' spinner is committed first (React would then hold the page
// back until 300 ms after the spinner showed, and draw twice).
test.describe('The login page on a first visit', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test('is drawn at the first render, without a spinner before it', async ({ page, loginScreen }) => {
    await page.addInitScript(recordStatuses);
    await loginScreen.goto();
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pocketchart' })).toBeVisible();
    expect(await statusesSeen(page)).not.toContain('Loading…');
  });

  // The device's own interface font, not a web font fetched before the text can settle (docs/web.md,
  // 'Typeface'): the page and its text are drawn from the document, styles and scripts alone.
  test('asks for no web font, and its text is in the theme’s fonts', async ({ page, loginScreen }) => {
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font' || /\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) fonts.push(request.url());
    });
    await loginScreen.goto();
    const logIn = page.getByRole('button', { name: 'Log In' });
    await expect(logIn).toBeVisible();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(fonts).toEqual([]);
    expect(await logIn.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^Roboto, -apple-system, BlinkMacSystemFont, "Segoe UI"/);
  });
});
