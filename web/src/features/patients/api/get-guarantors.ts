import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';
import type { components } from '@/api/schema';

export type Guarantor = components['schemas']['Guarantor'];

/** GET /api/patients/patient/{id}/guarantors: primary and secondary (either may be null). */
export const guarantorsQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: patientKeys.chart(patientId, 'guarantors'),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/patients/patient/{patientId}/guarantors', { params: { path: { patientId } }, signal })),
  });

export const useGuarantors = (patientId: number) => useQuery(guarantorsQueryOptions(patientId));
