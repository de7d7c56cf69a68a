import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';

/** GET /api/patients/patient/{id}/balance: patientPortion, insurancePortion, unapplied, accountBalance. */
export const balanceQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: patientKeys.chart(patientId, 'balance'),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/patients/patient/{patientId}/balance', { params: { path: { patientId } }, signal })),
  });

export const useBalance = (patientId: number) => useQuery(balanceQueryOptions(patientId));
