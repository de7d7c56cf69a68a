import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';

/** GET /api/patients/{id}/incidents/current: the incident new orders default to, or null. */
export function currentIncidentQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: patientKeys.chart(patientId, 'currentIncident'),
    queryFn: async ({ signal }): Promise<number | null> => {
      const data = unwrap(await api.GET('/api/patients/{patientId}/incidents/current', { params: { path: { patientId } }, signal }));
      return typeof data?.incidentId === 'number' ? data.incidentId : null;
    },
    staleTime: 60_000,
  });
}

export function useCurrentIncident(patientId: number | null) {
  return useQuery({ ...currentIncidentQueryOptions(patientId ?? 0), enabled: patientId !== null && patientId > 0 });
}
