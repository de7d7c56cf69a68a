import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import type { Incident } from '@/api/orders/keys';
import { patientKeys } from '@/api/patients/keys';
import { asList } from '@/api/references/get-reference-list';

/** GET /api/patients/{id}/incidents: the patient's incidents, newest first. */
export function incidentsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: patientKeys.chart(patientId, 'incidents'),
    queryFn: async ({ signal }) => asList<Incident>(unwrap(await api.GET('/api/patients/{patientId}/incidents', { params: { path: { patientId } }, signal }))),
    staleTime: 60_000,
  });
}

export function useIncidents(patientId: number | null) {
  return useQuery({ ...incidentsQueryOptions(patientId ?? 0), enabled: patientId !== null && patientId > 0 });
}
