import { useCallback, useEffect, useRef, useState } from 'react';
import { isSearchable, usePatientSearch } from '@/api/patients/search-patients';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_WAIT_MS } from '@/lib/constants';
import { createDebouncer } from '@/lib/debounce';
import { MESSAGES } from '@/lib/messages';
import { useToast } from '../toast';

/**
 * The patient search's states (spec part 1, section 4): keyword, loading, searched.
 * Searches as the user types, 100 ms after the last key (and at least every 300 ms while
 * the keys keep coming), so results show within about 150 ms of the last key; Enter
 * searches at once. An empty or whitespace-only keyword resets everything at once; a
 * keyword of fewer than 2 characters (trimmed) is not sent and gives the toast 'Please
 * enter more than 2 characters' once the typing pauses on it (or at Enter).
 */
export function usePatientSearchState(initial = '') {
  const [keyword, setTyped] = useState(initial);
  const [settled, setSettled] = useState(initial);
  const toast = useToast();
  const warnedFor = useRef<string | null>(null);
  const [debouncer] = useState(() => createDebouncer(setSettled, { delay: SEARCH_DEBOUNCE_MS, maxWait: SEARCH_MAX_WAIT_MS }));
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  const setKeyword = useCallback(
    (text: string) => {
      setTyped(text);
      if (text.trim() === '') {
        // Nothing to search: the list resets without waiting.
        debouncer.cancel();
        setSettled(text);
      } else debouncer.type(text);
    },
    [debouncer],
  );

  const warnIfShort = useCallback(
    (text: string) => {
      const trimmed = text.trim();
      if (trimmed === '' || isSearchable(trimmed)) {
        warnedFor.current = null;
        return;
      }
      if (warnedFor.current === trimmed) return;
      warnedFor.current = trimmed;
      toast(MESSAGES.searchTooShort, 'warning');
    },
    [toast],
  );

  useEffect(() => warnIfShort(settled), [settled, warnIfShort]);

  const submit = useCallback(() => {
    debouncer.cancel();
    warnedFor.current = null;
    setSettled(keyword);
    warnIfShort(keyword);
  }, [debouncer, keyword, warnIfShort]);

  const clear = useCallback(() => {
    debouncer.cancel();
    setTyped('');
    setSettled('');
  }, [debouncer]);

  const active = isSearchable(settled);
  const query = usePatientSearch(active ? settled : '');
  return {
    keyword,
    setKeyword,
    submit,
    clear,
    /** The keyword the results are for (trimmed), '' when nothing is searched. */
    searched: active ? settled.trim() : '',
    results: active ? query.data : undefined,
    loading: active && (query.isFetching || keyword !== settled),
    /** The answer shown is still the previous keyword's while the new one loads. */
    stale: active && query.isPlaceholderData,
    error: active ? query.error : null,
  };
}
