import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { referrerKeys } from './keys';
import type { ReferrerSummary } from './types';

/**
 * GET /api/referrers/?search=: at most 50 referrers, best matches first; '' lists the first 50
 * by name (the list the page starts with). The keyword is sent trimmed.
 */
export const referrerSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: referrerKeys.search(search.trim()),
    queryFn: async ({ signal }): Promise<ReferrerSummary[]> =>
      unwrap(await api.GET('/api/referrers/', { params: { query: { search: search.trim() } }, signal })),
    staleTime: 5 * 60_000,
  });

/** The search, the previous answer kept on screen while the next one loads. */
export const useReferrerSearch = (search: string, enabled = true) => useQuery({ ...referrerSearchQueryOptions(search), placeholderData: keepPreviousData, enabled });
