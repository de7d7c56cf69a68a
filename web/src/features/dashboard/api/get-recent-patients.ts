import { queryOptions, useQuery } from '@tanstack/react-query';

export interface RecentPatient {
  patientId: number;
  /** Null until the patient lookup exists. */
  name: string | null;
}

/**
 * Recently viewed patients, in the order of the recentPatients preference.
 * The lookup GET /api/patients?ids={comma list} arrives with the patients issue; it
 * replaces the body of `fetchRecentPatients` (keep the order of `ids`).
 */
export async function fetchRecentPatients(ids: readonly number[]): Promise<RecentPatient[]> {
  return ids.map((patientId) => ({ patientId, name: null }));
}

export function recentPatientsQueryOptions(ids: readonly number[]) {
  return queryOptions({
    queryKey: ['patients', 'recent', ids.join(',')] as const,
    queryFn: () => fetchRecentPatients(ids),
  });
}

export function useRecentPatients(ids: readonly number[]) {
  return useQuery({ ...recentPatientsQueryOptions(ids), enabled: ids.length > 0 });
}
