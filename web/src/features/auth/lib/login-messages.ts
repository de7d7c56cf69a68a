import { MESSAGES } from '@/lib/messages';
import { AUTH_TEXT } from './texts';

/** What a login attempt came to. */
export type LoginOutcome =
  | { kind: 'success'; user: { userId: number; firstName: string; lastName: string }; token: string }
  /** The default administrator pair, refused without a call. */
  | { kind: 'blocked' }
  /** 401, or an answer without a token. */
  | { kind: 'rejected' }
  /** 429: the server says when to try again. */
  | { kind: 'throttled'; message: string }
  /** 400: the server names the fields at fault. */
  | { kind: 'invalid'; message: string; fields: Record<string, string> }
  /** No answer (network) or a server failure. */
  | { kind: 'unreachable' };

const BLOCKED_USERNAME = 'admin';
const BLOCKED_PASSWORD = 'password';

/** The default administrator credential pair, compared case-insensitively (spec part 1, section 5). */
export function isBlockedPair(username: string, password: string): boolean {
  return username.trim().toLowerCase() === BLOCKED_USERNAME && password.toLowerCase() === BLOCKED_PASSWORD;
}

/** The message the login screen shows for a failed attempt (spec part 1, section 8). */
export function loginErrorMessage(outcome: Exclude<LoginOutcome, { kind: 'success' }>): string {
  switch (outcome.kind) {
    case 'blocked':
      return AUTH_TEXT.adminDisabled;
    case 'rejected':
      return AUTH_TEXT.incorrectCredentials;
    case 'throttled':
      return outcome.message || 'Too many login attempts. Please try again later.';
    case 'invalid':
      return outcome.message || AUTH_TEXT.incorrectCredentials;
    case 'unreachable':
      return AUTH_TEXT.serverNotRunning;
  }
}

/** How the previous session's message is shown: 'Logged Out Successfully' neutral, anything else as an error. */
export function sessionMessageTone(message: string): 'neutral' | 'error' {
  return message.trim().toLowerCase() === MESSAGES.loggedOut.toLowerCase() ? 'neutral' : 'error';
}
