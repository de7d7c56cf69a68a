import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MIN_SEARCH_LENGTH } from '@/lib/constants';
import { api } from '../client';
import { unwrap } from '../errors';
import { patientKeys, type PatientSearchResult } from './keys';

/** Whether a keyword may be sent: at least 2 characters once trimmed (spec part 1, section 5). */
export function isSearchable(keyword: string): boolean {
  return keyword.trim().length >= MIN_SEARCH_LENGTH;
}

/** GET /api/patients?search=TEXT: best match first (at most 25). */
export async function searchPatients(keyword: string, signal?: AbortSignal): Promise<PatientSearchResult[]> {
  const result = await api.GET('/api/patients', { params: { query: { search: keyword.trim() } }, ...(signal ? { signal } : {}) });
  const data = unwrap(result);
  return Array.isArray(data) ? data : [];
}

export function patientSearchQueryOptions(keyword: string) {
  const text = keyword.trim();
  return queryOptions({
    queryKey: patientKeys.search(text),
    // The signal aborts a search the user has typed past; its answer is never shown.
    queryFn: ({ signal }) => searchPatients(text, signal),
    staleTime: 30_000,
    gcTime: 60_000,
  });
}

/**
 * Results for a (debounced) keyword. Each keyword is its own query, so a late answer to
 * an older keyword can never replace the newer one's; while the next answer is on its
 * way the previous results stay (marked as placeholder), so the list does not flash.
 */
export function usePatientSearch(keyword: string) {
  return useQuery({ ...patientSearchQueryOptions(keyword), enabled: isSearchable(keyword), placeholderData: keepPreviousData });
}
