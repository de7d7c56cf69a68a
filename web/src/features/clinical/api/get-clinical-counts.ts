import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';
import type { ClinicalCounts } from './types';

export const clinicalKeys = {
  /** Under the patient's key: saving the patient or any part of the chart may refresh it. */
  counts: (patientId: number) => patientKeys.chart(patientId, 'clinicalCounts'),
  options: ['preferences', 'clinicalOptions'] as const,
};

/** GET /api/patients/patient/{patientId}/clinicalCounts: each chart section's count and privilege. */
export function clinicalCountsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: clinicalKeys.counts(patientId),
    queryFn: async ({ signal }): Promise<ClinicalCounts> => {
      const data = unwrap(await api.GET('/api/patients/patient/{patientId}/clinicalCounts', { params: { path: { patientId } }, signal }));
      return data && typeof data === 'object' ? data : {};
    },
    // Asked again at each visit of the board (a section may have changed), once the prefetch is 10 s old.
    staleTime: 10_000,
  });
}

export function useClinicalCounts(patientId: number) {
  return useQuery(clinicalCountsQueryOptions(patientId));
}
