import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { sessionListOptions } from '@/lib/session-lists';
import { scheduleKeys, type AppointmentStatus, type AppointmentType, type ScheduleResource } from '@/api/scheduling/keys';

function list<T>(data: unknown): T[] {
  return Array.isArray(data) ? (data as T[]) : [];
}

/**
 * The form's and the filters' option lists (spec part 2, 'Appointment form options'): fetched once, then cached.
 * The resources are kept for the session like the reference lists (lib/session-lists): the schedule
 * opened after a restart draws its day at once instead of waiting for them (issue 17).
 */
export const resourcesQueryOptions = () =>
  queryOptions({
    queryKey: scheduleKeys.resources,
    ...sessionListOptions('scheduling-resources', async () => list<ScheduleResource>(unwrap(await api.GET('/api/scheduling/1/resources')))),
  });

export const typesQueryOptions = () =>
  queryOptions({
    queryKey: scheduleKeys.types,
    queryFn: async () => list<AppointmentType>(unwrap(await api.GET('/api/scheduling/1/appointmentTypes'))),
    staleTime: Infinity,
  });

export const statusesQueryOptions = () =>
  queryOptions({
    queryKey: scheduleKeys.statuses,
    queryFn: async () => list<AppointmentStatus>(unwrap(await api.GET('/api/scheduling/1/appointmentStatuses'))),
    staleTime: Infinity,
  });

export const useResources = () => useQuery(resourcesQueryOptions());
export const useAppointmentTypes = () => useQuery(typesQueryOptions());
export const useAppointmentStatuses = () => useQuery(statusesQueryOptions());
