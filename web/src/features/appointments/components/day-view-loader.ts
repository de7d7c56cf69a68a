import { keepModule } from '@/lib/kept-module';

/**
 * The day view's code (react-big-calendar and its styles), kept once loaded, so the schedule's
 * first render draws the day at once instead of suspending (issue 17).
 */
export const loadDayView = keepModule(() => import('./DayView'));

// Asked for as soon as the schedule's code runs: the app loads the day view's file beside it (at
// start on the schedule, or when the user points at it), so it is kept by the time the page renders.
void loadDayView().catch(() => undefined);
