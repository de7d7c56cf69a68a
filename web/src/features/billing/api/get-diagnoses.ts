import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { DIAGNOSIS_SEARCH_MIN } from '../lib/constants';
import type { Diagnosis } from './types';

/** GET /api/diagnosis/?search=: up to 50 ICD-10-CM codes as the server ranks them; nothing under 2 characters. */
export const diagnosisSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['billing', 'diagnosis', search.trim().toLowerCase()] as const,
    queryFn: async ({ signal }): Promise<Diagnosis[]> => unwrap(await api.GET('/api/diagnosis/', { params: { query: { search: search.trim() } }, signal })),
    enabled: search.trim().length >= DIAGNOSIS_SEARCH_MIN,
    staleTime: 5 * 60_000,
  });

export const useDiagnosisSearch = (search: string) => useQuery({ ...diagnosisSearchQueryOptions(search), placeholderData: keepPreviousData });
