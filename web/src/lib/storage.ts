/**
 * Every key the app keeps in browser storage, under one product prefix, and storage
 * access that never throws (private mode, quota, disabled storage).
 */
export const STORAGE_PREFIX = 'pocketchart.';

export const KEYS = {
  /** The newest session token (localStorage). */
  token: `${STORAGE_PREFIX}jwt`,
  /** The logged-in user's id and name (localStorage; staff data, no patient data). */
  user: `${STORAGE_PREFIX}user`,
  /** The last visited path (localStorage), cleared at logout. */
  lastPage: `${STORAGE_PREFIX}lastPage`,
  /** The message of the previous session, shown once at the next login (localStorage). */
  logoutMessage: `${STORAGE_PREFIX}logoutMessage`,
  /** Per-user preference cache prefix (localStorage): `pocketchart.prefs.<userId>`. */
  preferencesPrefix: `${STORAGE_PREFIX}prefs.`,
  /**
   * The session's copies of the reference lists, users and providers (localStorage):
   * `pocketchart.lists.<name>`. Practice data, no patient data; cleared at every end of a session.
   */
  listsPrefix: `${STORAGE_PREFIX}lists.`,
  /** The selected patient's id (sessionStorage). */
  patientId: `${STORAGE_PREFIX}patientId`,
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? globalThis.localStorage ?? null : globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readItem(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage full or disabled: the app keeps working with what it has in memory.
  }
}

export function removeItem(key: string, which: Area = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // ignore
  }
}

/** Removes every key starting with `prefix`. */
export function removeByPrefix(prefix: string, which: Area = 'local'): void {
  const store = area(which);
  if (!store) return;
  try {
    const doomed: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) doomed.push(key);
    }
    for (const key of doomed) store.removeItem(key);
  } catch {
    // ignore
  }
}
