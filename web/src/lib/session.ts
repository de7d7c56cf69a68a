import { useSyncExternalStore } from 'react';
import { clearCurrentPatientId } from './current-patient';
import { decodeJwt } from './jwt';
import { forgetLastPage } from './last-page';
import { KEYS, readItem, removeByPrefix, removeItem, writeItem } from './storage';
import { localTokenStore } from './token';

/**
 * The session: who is logged in and whether the token may be used. A tiny external
 * store shared by the app shell, the API client and the features (as bulletproof-react's
 * lib/auth). Every end of a session clears what the browser holds (spec part 1, section 4).
 */

export interface SessionUser {
  userId: number;
  firstName: string;
  lastName: string;
}

/** anonymous: no token; authenticated: token held; expired: logged out by the inactivity timer, re-login dialog shown. */
export type SessionStatus = 'anonymous' | 'authenticated' | 'expired';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Bumped at every login and logout: answers to requests of an older generation are ignored. */
  generation: number;
  /** The message of the logout that ended the previous session (shown once). */
  message: string | null;
  /** The username typed at the last login, kept in memory only for the re-login dialog. */
  lastUsername: string | null;
}

export type SessionEndKind = 'logout' | 'expired' | 'unauthorized';

function isSessionUser(value: unknown): value is SessionUser {
  const v = value as SessionUser | null;
  return !!v && Number.isInteger(v.userId) && typeof v.firstName === 'string' && typeof v.lastName === 'string';
}

function restore(): SessionState {
  const token = localTokenStore.get();
  const base: SessionState = { status: 'anonymous', user: null, generation: 0, message: null, lastUsername: null };
  if (!token) return base;
  try {
    const { userId } = decodeJwt(token);
    const user: unknown = JSON.parse(readItem(KEYS.user) ?? 'null');
    if (isSessionUser(user) && user.userId === userId) return { ...base, status: 'authenticated', user };
  } catch {
    // fall through: an unreadable token or user is no session
  }
  localTokenStore.clear();
  removeItem(KEYS.user);
  return base;
}

let state: SessionState = restore();
const listeners = new Set<() => void>();
const endHooks = new Set<(kind: SessionEndKind) => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Runs at every end of a session (the app clears its query cache here). */
export function onSessionEnd(hook: (kind: SessionEndKind) => void): () => void {
  endHooks.add(hook);
  return () => endHooks.delete(hook);
}

export function startSession(user: SessionUser, token: string, username?: string): void {
  // A login fetches the reference lists afresh, whatever an earlier session left.
  removeByPrefix(KEYS.listsPrefix);
  localTokenStore.set(token);
  writeItem(KEYS.user, JSON.stringify({ userId: user.userId, firstName: user.firstName, lastName: user.lastName }));
  removeItem(KEYS.logoutMessage);
  setState({
    status: 'authenticated',
    user: { userId: user.userId, firstName: user.firstName, lastName: user.lastName },
    generation: state.generation + 1,
    message: null,
    lastUsername: username ?? state.lastUsername,
  });
}

/** Removes everything the session left in the browser, keeping only the message to show next. */
export function clearSessionStorage(message: string | null): void {
  localTokenStore.clear();
  removeItem(KEYS.user);
  forgetLastPage();
  removeByPrefix(KEYS.preferencesPrefix);
  removeByPrefix(KEYS.listsPrefix);
  clearCurrentPatientId();
  if (message) writeItem(KEYS.logoutMessage, message);
  else removeItem(KEYS.logoutMessage);
}

export function endSession(kind: SessionEndKind, message: string): void {
  if (state.status === 'anonymous' && kind !== 'logout') return;
  clearSessionStorage(message);
  setState({
    status: kind === 'expired' ? 'expired' : 'anonymous',
    user: null,
    generation: state.generation + 1,
    message,
    lastUsername: kind === 'expired' ? state.lastUsername : null,
  });
  for (const hook of endHooks) hook(kind);
}

/** Leaves the re-login dialog for the login screen (the session already ended). */
export function abandonExpiredSession(): void {
  if (state.status !== 'expired') return;
  setState({ ...state, status: 'anonymous', lastUsername: null });
}

/** The stored message of the previous session (the login screen clears it once shown). */
export function storedLogoutMessage(): string | null {
  return readItem(KEYS.logoutMessage);
}

export function clearStoredLogoutMessage(): void {
  removeItem(KEYS.logoutMessage);
}
