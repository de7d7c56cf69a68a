import { keepModule } from '@/lib/kept-module';

/**
 * The day view's code (react-big-calendar and its styles), kept once loaded, so the schedule's
 * first render draws the day at once instead of suspending (issue 17). The one loader of that
 * chunk: the app's start and the schedule's preload (src/app/page-loaders) call it too. Nothing
 * here runs on import, as the entry imports this module: the schedule's code asks for the day
 * view when it runs (SchedulePage).
 */
export const loadDayView = keepModule(() => import('./DayView'));
