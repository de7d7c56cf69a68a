import { useCallback, useEffect, useRef, useState } from 'react';
import { isSearchable, usePatientSearch } from '@/api/patients/search-patients';
import { SEARCH_AS_YOU_TYPE, SHORT_KEYWORD_WARN_MS } from '@/lib/constants';
import { createDebouncer } from '@/lib/debounce';
import { MESSAGES } from '@/lib/messages';
import { useToast } from '../toast';

/**
 * The patient search's states (spec part 1, section 4): keyword, loading, searched.
 * Searches as the user types: at once on a key after a pause, else 50 ms after the last of
 * keys typed faster (and at least every 300 ms while they keep coming; SEARCH_AS_YOU_TYPE);
 * Enter searches at once. An empty or whitespace-only keyword resets everything at once; a
 * keyword of fewer than 2 characters (trimmed) is not sent and gives the toast 'Please
 * enter more than 2 characters' once the typing has stopped on it for a second (or at Enter).
 *
 * What is typed lives in the search field (`field`); this state changes only when the
 * typing starts or settles, so a key press re-renders the field alone, not the page and
 * its results (on a phone's CPU that work delayed the search itself).
 */
export function usePatientSearchState() {
  const [settled, setSettled] = useState('');
  const [typing, setTyping] = useState(false);
  const typed = useRef('');
  const toast = useToast();
  const warnedFor = useRef<string | null>(null);
  const [debouncer] = useState(() =>
    createDebouncer(
      (text) => {
        setTyping(false);
        setSettled(text);
      },
      SEARCH_AS_YOU_TYPE,
    ),
  );
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  const onType = useCallback(
    (text: string) => {
      typed.current = text;
      if (text.trim() === '') {
        // Nothing to search: the list resets without waiting.
        debouncer.cancel();
        setTyping(false);
        setSettled(text);
        return;
      }
      setTyping(true);
      debouncer.type(text);
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

  // The search waits only a moment after each key, so the first letter of every name settles
  // too: a keyword that is too short is pointed out once the typing has really stopped on it.
  useEffect(() => {
    const timer = window.setTimeout(() => warnIfShort(settled), SHORT_KEYWORD_WARN_MS);
    return () => window.clearTimeout(timer);
  }, [settled, warnIfShort]);

  const onSubmit = useCallback(() => {
    debouncer.cancel();
    warnedFor.current = null;
    setTyping(false);
    setSettled(typed.current);
    warnIfShort(typed.current);
  }, [debouncer, warnIfShort]);

  const onClear = useCallback(() => {
    debouncer.cancel();
    typed.current = '';
    setTyping(false);
    setSettled('');
  }, [debouncer]);

  const active = isSearchable(settled);
  const query = usePatientSearch(active ? settled : '');
  return {
    /** For PatientSearchField. */
    field: { onType, onSubmit, onClear },
    /** The keyword the results are for (trimmed), '' when nothing is searched. */
    searched: active ? settled.trim() : '',
    results: active ? query.data : undefined,
    loading: active && (query.isFetching || typing),
    /** The answer shown is still the previous keyword's while the new one loads. */
    stale: active && query.isPlaceholderData,
    error: active ? query.error : null,
  };
}
