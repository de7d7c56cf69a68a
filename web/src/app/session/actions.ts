import { postLogout } from '@/api/session/logout';
import { MESSAGES } from '@/lib/messages';
import { endSession, getSession } from '@/lib/session';
import { localTokenStore } from '@/lib/token';

/**
 * The three ways a session ends (spec part 1, section 4). Each clears the browser at
 * once; the server is told to revoke the session in the background where the token
 * is still good.
 */

/** Log Out from the menu or the error screen: 'Logged Out Successfully'. */
export function logout(): void {
  const token = localTokenStore.get();
  endSession('logout', MESSAGES.loggedOut);
  void postLogout(token);
}

/** The inactivity countdown reached zero: reason 'Timer expired', message 'Logged Out Due To Inactivity'. */
export function expireSession(): void {
  if (getSession().status !== 'authenticated') return;
  const token = localTokenStore.get();
  endSession('expired', MESSAGES.inactivity);
  void postLogout(token);
}

/** The server answered 401: the token is no longer good, so there is nothing to revoke. */
export function forceLogoutUnauthorized(): void {
  if (getSession().status !== 'authenticated') return;
  endSession('unauthorized', MESSAGES.unauthorized);
}
