import type { QueryClient } from '@tanstack/react-query';
import type { Preferences } from '@/api/preferences/model';
import { dayAppointmentsQueryOptions } from '@/api/scheduling/get-day-appointments';
import { preloadRoute } from '@/lib/route-preload';
import { todayIn, validTimeZone } from '@/lib/time-zone';
import { dayQuery } from '../lib/schedule-rules';
import { resourcesQueryOptions } from './get-options';
import { transparenciesQueryOptions } from './get-transparencies';

/**
 * A prefetched day counts as fresh this long: the schedule shows it at once when opened (and
 * still asks again then, its own queries being always stale), while pointing at the same
 * link again within this time asks nothing.
 */
export const PREFETCHED_DAY_FRESH_MS = 30_000;

/** A day of the schedule as the page will ask for it: its appointments (with the filters in use) and its block-outs. */
export function prefetchDay(queryClient: QueryClient, date: string, preferences: Preferences): void {
  const query = dayQuery(date, preferences.apptFilters);
  void queryClient.prefetchQuery({ ...dayAppointmentsQueryOptions(query), staleTime: PREFETCHED_DAY_FRESH_MS });
  void queryClient.prefetchQuery({ ...transparenciesQueryOptions(date, query.resources), staleTime: PREFETCHED_DAY_FRESH_MS });
}

/**
 * What the schedule shows when it opens, asked for as soon as the user points at a link to it
 * (issue 17): the screen's code, the resources, and today's day.
 */
export function prefetchSchedule(queryClient: QueryClient, preferences: Preferences): void {
  preloadRoute('schedule');
  void queryClient.prefetchQuery(resourcesQueryOptions());
  prefetchDay(queryClient, todayIn(validTimeZone(preferences['practice.timeZone'])), preferences);
}
