import { describe, expect, it } from 'vitest';
import { effectiveAutoLogoutMinutes, inactivityDelayMs, inactivityPhase } from './timer';

describe('autoLogout minutes', () => {
  it('uses the preference when it is 1 or more', () => {
    expect(effectiveAutoLogoutMinutes(5)).toBe(5);
    expect(effectiveAutoLogoutMinutes(1)).toBe(1);
    expect(effectiveAutoLogoutMinutes(30)).toBe(30);
  });
  it('uses 15 when missing or below 1', () => {
    expect(effectiveAutoLogoutMinutes(undefined)).toBe(15);
    expect(effectiveAutoLogoutMinutes(null)).toBe(15);
    expect(effectiveAutoLogoutMinutes(0)).toBe(15);
    expect(effectiveAutoLogoutMinutes(0.5)).toBe(15);
    expect(effectiveAutoLogoutMinutes(-3)).toBe(15);
    expect(effectiveAutoLogoutMinutes('10')).toBe(15);
    expect(effectiveAutoLogoutMinutes(Number.NaN)).toBe(15);
  });
});

describe('inactivity timer', () => {
  it('waits the preference minus one minute', () => {
    expect(inactivityDelayMs(15)).toBe(14 * 60_000);
    expect(inactivityDelayMs(5)).toBe(4 * 60_000);
    expect(inactivityDelayMs(1)).toBe(0);
    expect(inactivityDelayMs(undefined)).toBe(14 * 60_000);
  });

  it('is active before the delay, warns for 60 seconds, then expires', () => {
    const t0 = 1_000_000;
    const delay = 4 * 60_000;
    expect(inactivityPhase(t0, t0, 5)).toEqual({ phase: 'active', warnInMs: delay });
    expect(inactivityPhase(t0 + delay - 1, t0, 5)).toEqual({ phase: 'active', warnInMs: 1 });
    expect(inactivityPhase(t0 + delay, t0, 5)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(inactivityPhase(t0 + delay + 1, t0, 5)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(inactivityPhase(t0 + delay + 30_000, t0, 5)).toEqual({ phase: 'warning', secondsLeft: 30 });
    expect(inactivityPhase(t0 + delay + 59_001, t0, 5)).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(inactivityPhase(t0 + delay + 60_000, t0, 5)).toEqual({ phase: 'expired' });
    expect(inactivityPhase(t0 + 10 * delay, t0, 5)).toEqual({ phase: 'expired' });
  });

  it('with autoLogout 1 warns at once and expires after the 60-second countdown', () => {
    expect(inactivityPhase(0, 0, 1)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(inactivityPhase(60_000, 0, 1)).toEqual({ phase: 'expired' });
  });

  it('restarts from the last activity', () => {
    const delay = 14 * 60_000;
    expect(inactivityPhase(delay + 5_000, 5_000, 15).phase).toBe('warning');
    expect(inactivityPhase(delay + 5_000, 10_000, 15)).toEqual({ phase: 'active', warnInMs: 5_000 });
  });
});
