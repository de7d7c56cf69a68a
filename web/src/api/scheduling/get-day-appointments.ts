import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePreferences } from '../preferences/get-preferences';
import { todayIn, validTimeZone } from '@/lib/time-zone';
import { api } from '../client';
import { unwrap } from '../errors';
import { scheduleKeys, type Appointment, type DayAppointmentsQuery } from './keys';

/**
 * A day's appointments at the practice (`GET /api/scheduling/1/appointments?date=yyyy-MM-dd`):
 * held ones included (marked pending), deleted ones not. The schedule and the dashboard's
 * 'Appointments Scheduled' share it.
 */
export async function getDayAppointments(query: DayAppointmentsQuery, signal?: AbortSignal): Promise<Appointment[]> {
  const data = unwrap(await api.GET('/api/scheduling/1/appointments', { params: { query }, ...(signal ? { signal } : {}) }));
  return Array.isArray(data) ? data : [];
}

export function dayAppointmentsQueryOptions(query: DayAppointmentsQuery) {
  return queryOptions({
    queryKey: scheduleKeys.day(query),
    queryFn: ({ signal }) => getDayAppointments(query, signal),
    staleTime: 0,
  });
}

export function useDayAppointments(query: DayAppointmentsQuery, enabled = true) {
  return useQuery({ ...dayAppointmentsQueryOptions(query), enabled });
}

/** The practice's time zone (preference `practice.timeZone`; UTC when unknown). */
export function usePracticeTimeZone(): string {
  return validTimeZone(usePreferences()['practice.timeZone']);
}

/**
 * Today at the practice, yyyy-MM-dd: the day a form's date starts at and may not pass. The
 * server checks dates on the practice's calendar, so a phone in another zone (or past its
 * own midnight before the practice's) must not offer its own day.
 */
export function usePracticeToday(): string {
  return todayIn(usePracticeTimeZone());
}
