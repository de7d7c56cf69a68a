import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import type { FeeSearchResult } from './types';

/**
 * GET /api/fee/?search=&feeScheduleId=: up to 50 procedure codes of the fee schedule (by code
 * prefix and by words; an empty search lists the schedule's codes in code order), fees in cents.
 */
export const feeSearchQueryOptions = (feeScheduleId: number | null, search: string) =>
  queryOptions({
    queryKey: ['billing', 'fees', feeScheduleId, search.trim().toLowerCase()] as const,
    queryFn: async ({ signal }): Promise<FeeSearchResult[]> =>
      unwrap(await api.GET('/api/fee/', { params: { query: { search: search.trim(), feeScheduleId: String(feeScheduleId ?? '') } }, signal })),
    enabled: feeScheduleId !== null,
    staleTime: 5 * 60_000,
  });

export const useFeeSearch = (feeScheduleId: number | null, search: string) => useQuery({ ...feeSearchQueryOptions(feeScheduleId, search), placeholderData: keepPreviousData });
