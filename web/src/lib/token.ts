import { issuedAt } from './jwt';
import { KEYS, readItem, removeItem, writeItem } from './storage';

/** Where the session token lives; swappable in tests. */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export const localTokenStore: TokenStore = {
  get: () => readItem(KEYS.token),
  set: (token) => writeItem(KEYS.token, token),
  clear: () => removeItem(KEYS.token),
};

export function memoryTokenStore(initial: string | null = null): TokenStore {
  let value = initial;
  return {
    get: () => value,
    set: (token) => {
      value = token;
    },
    clear: () => {
      value = null;
    },
  };
}

/**
 * Keeps the newest token: a token issued earlier than the one held (responses can
 * arrive out of order) is ignored; at equal issue times the later answer wins.
 */
export function shouldReplaceToken(current: string | null, incoming: string): boolean {
  if (!current) return true;
  const held = issuedAt(current);
  const next = issuedAt(incoming);
  if (held === null || next === null) return true;
  return next >= held;
}
