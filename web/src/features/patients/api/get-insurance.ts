import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';

/** GET /api/patients/patient/{id}/insurance: the patient's policies. */
export const insuranceQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: patientKeys.chart(patientId, 'insurance'),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/patients/patient/{patientId}/insurance', { params: { path: { patientId } }, signal })),
  });

export const useInsurance = (patientId: number) => useQuery(insuranceQueryOptions(patientId));
