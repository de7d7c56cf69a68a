import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { api } from '../client';
import { unwrap } from '../errors';
import { PREFERENCE_KEYS, cachePreferences, cachedPreferences, parsePreferences, type Preferences } from './model';

export const preferencesQueryKey = (userId: number) => ['preferences', userId] as const;

/** POST /api/preferences with the keys the app uses. */
export async function getPreferences(userId: number): Promise<Preferences> {
  const data = unwrap(await api.POST('/api/preferences', { body: PREFERENCE_KEYS }));
  const preferences = parsePreferences(data);
  cachePreferences(userId, preferences);
  return preferences;
}

export function preferencesQueryOptions(userId: number) {
  const cached = cachedPreferences(userId);
  return queryOptions({
    queryKey: preferencesQueryKey(userId),
    queryFn: () => getPreferences(userId),
    staleTime: 5 * 60_000,
    // The browser copy shows at once; it is refetched straight away (updated at 0).
    ...(cached ? { initialData: cached, initialDataUpdatedAt: 0 } : {}),
  });
}

/** The logged-in user's preferences query (the shell preloads it). */
export function usePreferencesQuery() {
  const { user } = useSession();
  return useQuery({ ...preferencesQueryOptions(user?.userId ?? 0), enabled: !!user });
}

/**
 * The loaded preferences. Using preferences before they are loaded is an error
 * (spec part 1, section 4): the preload gate guarantees they are.
 */
export function usePreferences(): Preferences {
  const { data } = usePreferencesQuery();
  if (!data) throw new Error('Preferences were used before they were loaded');
  return data;
}
