import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';
import type { components } from '@/api/schema';

export type ProviderOfficeFee = components['schemas']['ProviderOfficeFee'];

/** GET /api/patients/1/patient/{id}/provider: providers, office, fee schedule and the account's office. */
export const providerOfficeFeeQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: patientKeys.chart(patientId, 'provider'),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/patients/1/patient/{patientId}/provider', { params: { path: { patientId } }, signal })),
  });

export const useProviderOfficeFee = (patientId: number) => useQuery(providerOfficeFeeQueryOptions(patientId));
