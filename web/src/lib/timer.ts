import { DEFAULT_AUTO_LOGOUT_MINUTES, INACTIVITY_COUNTDOWN_SECONDS } from './constants';

/** The autoLogout preference as used: missing, not a number or below 1 gives 15. */
export function effectiveAutoLogoutMinutes(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) return DEFAULT_AUTO_LOGOUT_MINUTES;
  return value;
}

/** Quiet time before the warning dialog opens: the preference minus one minute. */
export function inactivityDelayMs(autoLogout: unknown): number {
  return (effectiveAutoLogoutMinutes(autoLogout) - 1) * 60_000;
}

export type InactivityPhase =
  | { phase: 'active'; warnInMs: number }
  | { phase: 'warning'; secondsLeft: number }
  | { phase: 'expired' };

/**
 * Where the inactivity clock stands `now`, given the last activity. Computed from
 * deadlines rather than counted ticks, so a sleeping phone or a throttled tab still
 * logs out on time when it wakes.
 */
export function inactivityPhase(now: number, lastActivity: number, autoLogout: unknown): InactivityPhase {
  const warnAt = lastActivity + inactivityDelayMs(autoLogout);
  const logoutAt = warnAt + INACTIVITY_COUNTDOWN_SECONDS * 1000;
  if (now < warnAt) return { phase: 'active', warnInMs: warnAt - now };
  if (now < logoutAt) return { phase: 'warning', secondsLeft: Math.ceil((logoutAt - now) / 1000) };
  return { phase: 'expired' };
}
