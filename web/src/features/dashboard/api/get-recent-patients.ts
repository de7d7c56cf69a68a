import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import type { components } from '@/api/schema';

export type RecentPatient = components['schemas']['PatientSearchResult'];

/**
 * Recently viewed patients: GET /api/patients?ids={comma list}, answered in the order
 * given (the recentPatients preference, newest first). Ids of patients that no longer
 * exist are simply not in the answer.
 */
export async function fetchRecentPatients(ids: readonly number[], signal?: AbortSignal): Promise<RecentPatient[]> {
  if (ids.length === 0) return [];
  const data = unwrap(await api.GET('/api/patients', { params: { query: { ids: ids.join(',') } }, ...(signal ? { signal } : {}) }));
  return Array.isArray(data) ? data : [];
}

export function recentPatientsQueryOptions(ids: readonly number[]) {
  return queryOptions({
    queryKey: ['patients', 'ids', ids.join(',')] as const,
    queryFn: ({ signal }) => fetchRecentPatients(ids, signal),
  });
}

export function useRecentPatients(ids: readonly number[]) {
  return useQuery({ ...recentPatientsQueryOptions(ids), enabled: ids.length > 0 });
}
