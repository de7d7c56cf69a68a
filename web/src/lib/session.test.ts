import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '@/test/jwt';
import { getCurrentPatientId, setCurrentPatientId } from './current-patient';
import { rememberPage } from './last-page';
import { endSession, getSession, onSessionEnd, startSession, storedLogoutMessage } from './session';

const user = { userId: 5, firstName: 'Dana', lastName: 'Demo' };

describe('session', () => {
  it('starts with the token and user stored', () => {
    startSession(user, fakeJwt({ userId: 5 }), 'demo');
    expect(getSession().status).toBe('authenticated');
    expect(localStorage.getItem('pocketchart.jwt')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('pocketchart.user') ?? '{}')).toEqual(user);
  });

  it('leaves nothing of the session in the browser at logout but the message', () => {
    const hook = vi.fn();
    const off = onSessionEnd(hook);
    startSession(user, fakeJwt({ userId: 5 }), 'demo');
    const before = getSession().generation;
    rememberPage('/patients/9/clinical');
    setCurrentPatientId(9);
    localStorage.setItem('pocketchart.prefs.5', '{"recentPatients":[9]}');
    endSession('logout', 'Logged Out Successfully');
    expect(getSession()).toMatchObject({ status: 'anonymous', user: null, message: 'Logged Out Successfully' });
    expect(getSession().generation).toBeGreaterThan(before);
    expect(getCurrentPatientId()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(1);
    expect(storedLogoutMessage()).toBe('Logged Out Successfully');
    expect(hook).toHaveBeenCalledWith('logout');
    off();
  });

  it('keeps the username in memory only, for the re-login dialog, after the inactivity logout', () => {
    startSession(user, fakeJwt({ userId: 5 }), 'demo');
    endSession('expired', 'Logged Out Due To Inactivity');
    expect(getSession()).toMatchObject({ status: 'expired', lastUsername: 'demo', message: 'Logged Out Due To Inactivity' });
    expect(localStorage.getItem('pocketchart.jwt')).toBeNull();
    startSession(user, fakeJwt({ userId: 5 }));
    expect(getSession()).toMatchObject({ status: 'authenticated', lastUsername: 'demo', message: null });
    expect(storedLogoutMessage()).toBeNull();
  });
});
