import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { preferencesQueryOptions } from '@/api/preferences/get-preferences';
import { REFERENCE_LISTS, referenceListQueryOptions } from '@/api/references/get-reference-list';
import { providersQueryOptions } from '@/api/users/get-providers';
import { usersQueryOptions } from '@/api/users/get-users';
import { FullScreenSpinner } from '@/components/FullScreenSpinner';
import { loadLanding } from '../page-loaders';
import { useApiErrors } from '../shell/api-error-store';
import { LoadingFailedDialog } from './LoadingFailedDialog';
import { logout } from './actions';

/**
 * Loads the reference data and the preferences the shell needs before any page shows
 * (spec part 1, section 4): a spinner meanwhile, 'Loading Failed' with Retry on failure.
 * Within a session the lists are fetched once (a reload shows their stored copies at once).
 */
export function PreloadGate({ userId, children }: { userId: number; children: ReactNode }) {
  const results = useQueries({
    queries: [
      preferencesQueryOptions(userId),
      usersQueryOptions(),
      providersQueryOptions(),
      ...REFERENCE_LISTS.map((name) => referenceListQueryOptions(name)),
    ],
  });
  // '/' goes to the Default View: its code loads as soon as the preferences name it, while the
  // rest of the preload is still on its way (a login always lands on '/').
  const atLanding = useLocation().pathname === '/';
  const preferences = useQuery(preferencesQueryOptions(userId));
  const defaultView = preferences.data?.defaultView;
  useEffect(() => {
    if (atLanding && defaultView !== undefined) void loadLanding().then((m) => m.preloadLanding(defaultView));
  }, [atLanding, defaultView]);
  // The lists may come from the session's stored copies (lib/session-lists), but the preferences
  // are asked for at every start: another device may have changed them, and a page reads its
  // defaults from them once, when it opens.
  const ready = !results.some((r) => r.data === undefined) && preferences.isFetched;
  // The API Error overlay (if any) is read first; then 'Loading Failed' offers Retry.
  const apiErrorsPending = useApiErrors().length > 0;
  const failed = results.filter((r) => r.isError);
  if (failed.length > 0 && !results.some((r) => r.isFetching) && !apiErrorsPending) {
    return (
      <>
        <FullScreenSpinner label="Loading app data…" />
        <LoadingFailedDialog onRetry={() => failed.forEach((r) => void r.refetch())} onLogout={logout} />
      </>
    );
  }
  if (!ready) return <FullScreenSpinner label="Loading app data…" />;
  return <>{children}</>;
}
