import { useCallback, useEffect, useRef, useState } from 'react';
import { inactivityPhase, type InactivityPhase } from '@/lib/timer';

const ACTIVITY_EVENTS = ['click', 'keydown', 'touchstart'] as const;

function samePhase(a: InactivityPhase, b: InactivityPhase): boolean {
  if (a.phase !== b.phase) return false;
  if (a.phase === 'warning' && b.phase === 'warning') return a.secondsLeft === b.secondsLeft;
  return true;
}

/**
 * The inactivity timer (spec part 1, section 4): autoLogout minus one minute of quiet,
 * reset by clicks, key presses and touches; then a 60-second countdown that only
 * 'Stay Logged In' cancels; at zero `onExpire` runs.
 */
export function useInactivity({ enabled, autoLogout, onExpire }: { enabled: boolean; autoLogout: unknown; onExpire: () => void }) {
  // Set when the timer starts (and at each activity).
  const lastActivity = useRef(0);
  const [phase, setPhase] = useState<InactivityPhase>({ phase: 'active', warnInMs: 0 });
  const phaseRef = useRef(phase);
  const expireRef = useRef(onExpire);
  useEffect(() => {
    expireRef.current = onExpire;
  }, [onExpire]);

  const update = useCallback(
    (next: InactivityPhase) => {
      if (samePhase(phaseRef.current, next)) return;
      phaseRef.current = next;
      setPhase(next);
    },
    [setPhase],
  );

  useEffect(() => {
    if (!enabled) return undefined;
    lastActivity.current = Date.now();
    const onActivity = () => {
      // While the warning is open only 'Stay Logged In' keeps the session.
      if (phaseRef.current.phase === 'active') lastActivity.current = Date.now();
    };
    const tick = () => {
      const next = inactivityPhase(Date.now(), lastActivity.current, autoLogout);
      update(next);
      if (next.phase === 'expired') expireRef.current();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', tick);
    const interval = window.setInterval(tick, 1000);
    tick();
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', tick);
      window.clearInterval(interval);
      update({ phase: 'active', warnInMs: 0 });
    };
  }, [enabled, autoLogout, update]);

  const stayLoggedIn = useCallback(() => {
    lastActivity.current = Date.now();
    update(inactivityPhase(Date.now(), lastActivity.current, autoLogout));
  }, [autoLogout, update]);

  return { phase, stayLoggedIn };
}
