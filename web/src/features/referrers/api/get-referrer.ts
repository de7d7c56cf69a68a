import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { unwrap } from '@/api/errors';
import { referrerKeys } from './keys';
import type { Referrer } from './types';

/** GET /api/referrers/{referralId}: a 404 is the page's 'Referral not found', not the API Error overlay. */
export const referrerQueryOptions = (referralId: number) =>
  queryOptions({
    queryKey: referrerKeys.referrer(referralId),
    queryFn: async ({ signal }): Promise<Referrer> =>
      unwrap(await api.GET('/api/referrers/{referralId}', { params: { path: { referralId } }, headers: handledByCaller('notFound'), signal })),
    staleTime: 60_000,
  });

export const useReferrer = (referralId: number | null) => useQuery({ ...referrerQueryOptions(referralId ?? 0), enabled: referralId !== null });
