import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { unwrap } from '../errors';
import type { components } from '../schema';
import { ALERTS_STALE_MS } from './get-patient-alerts';
import { patientKeys } from './keys';

export type AllergyAlert = components['schemas']['AllergyAlert'];

/** GET /api/patients/{id}/allergy (allergy alerts). */
export function allergiesQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: patientKeys.alertGroup(patientId, 'allergy'),
    queryFn: async ({ signal }): Promise<AllergyAlert[]> =>
      unwrap(await api.GET('/api/patients/{patientId}/allergy', { params: { path: { patientId } }, signal })),
    staleTime: ALERTS_STALE_MS,
  });
}

export const useAllergies = (patientId: number) => useQuery(allergiesQueryOptions(patientId));
