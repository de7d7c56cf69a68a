import { KEYS, readItem, writeItem } from './storage';

/**
 * The lists a session fetches once and keeps (spec part 1, section 3: reference data is
 * "fetched once on first use, then cached"; users and providers likewise): each answer is also
 * kept in local storage until the session ends, so reopening or reloading the app within the
 * session shows its first page without waiting for them again (issue 17: the preload gate held
 * every page after login for a round of eleven requests). A new login fetches them afresh.
 */
export function sessionListOptions<T>(name: string, fetchList: () => Promise<T[]>) {
  const key = `${KEYS.listsPrefix}${name}`;
  return {
    queryFn: async (): Promise<T[]> => {
      const list = await fetchList();
      writeItem(key, JSON.stringify(list));
      return list;
    },
    staleTime: Infinity,
    // Read once, when the query is first made (not on every render of the gate).
    initialData: (): T[] | undefined => storedList<T>(key),
  };
}

/** The stored copy, if it is a list (anything else, or unreadable, is as if none were kept). */
function storedList<T>(key: string): T[] | undefined {
  const raw = readItem(key);
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? (value as T[]) : undefined;
  } catch {
    return undefined;
  }
}
