import { keepModule } from '@/lib/kept-module';

/**
 * The day view's code (react-big-calendar and its styles), loaded with the schedule: at start on
 * the schedule, or when the user points at a link to it (the app's route preload). Kept once
 * loaded, so the schedule's first render draws the day at once (issue 17).
 */
export const loadDayView = keepModule(() => import('./DayView'));
