import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';

/** GET /api/patients/default: what a new patient's form starts with. */
export const patientDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: ['patients', 'default'] as const,
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/patients/default', { signal })),
    staleTime: 5 * 60_000,
  });

export const usePatientDefaults = (enabled: boolean) => useQuery({ ...patientDefaultsQueryOptions(), enabled });
