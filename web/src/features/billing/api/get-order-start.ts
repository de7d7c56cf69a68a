import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';
import type { PatientProblem, ProviderOfficeFee } from './types';

/** GET /api/patients/{id}/problem: the problem list a billing order's diagnoses start from. */
export const problemsQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: patientKeys.chart(patientId, 'billing-problems'),
    queryFn: async ({ signal }): Promise<PatientProblem[]> => unwrap(await api.GET('/api/patients/{patientId}/problem', { params: { path: { patientId } }, signal })),
  });

export const useProblems = (patientId: number, enabled: boolean) => useQuery({ ...problemsQueryOptions(patientId), enabled });

/** GET /api/patients/1/patient/{id}/provider: the patient's provider and fee schedule (the same cache entry as the demographics page). */
export const providerOfficeFeeQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: patientKeys.chart(patientId, 'provider'),
    queryFn: async ({ signal }): Promise<ProviderOfficeFee> => unwrap(await api.GET('/api/patients/1/patient/{patientId}/provider', { params: { path: { patientId } }, signal })),
  });

export const useProviderOfficeFee = (patientId: number) => useQuery(providerOfficeFeeQueryOptions(patientId));
