import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';

/**
 * GET /api/patients/default: what a new patient's form starts with. With `accountId` (a
 * new member of that account) also the account's provider and office and its holder's
 * address and home phone.
 */
export const patientDefaultsQueryOptions = (accountId?: number) =>
  queryOptions({
    queryKey: ['patients', 'default', accountId ?? 'new account'] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/patients/default', { params: { query: accountId === undefined ? {} : { accountId } }, signal })),
    // The holder's address is patient data: read fresh each time the form opens.
    staleTime: accountId === undefined ? 5 * 60_000 : 0,
  });

export const usePatientDefaults = (enabled: boolean, accountId?: number) => useQuery({ ...patientDefaultsQueryOptions(accountId), enabled });
