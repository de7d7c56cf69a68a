import { describe, expect, it } from 'vitest';
import { dayIn, formatIn, instantFromLocalInput, instantOf, localInputValue, todayIn, validTimeZone, wallClockOf, wireInstant } from './time-zone';

const LA = 'America/Los_Angeles';

describe('practice time zone', () => {
  it('reads an instant on the practice clock', () => {
    expect(wallClockOf(new Date('2026-11-23T17:30:00Z'), LA)).toMatchObject({ year: 2026, month: 11, day: 23, hour: 9, minute: 30 });
    expect(wallClockOf(new Date('2026-07-01T16:00:00Z'), LA)).toMatchObject({ hour: 9 });
  });
  it('the practice day is not the device or UTC day', () => {
    // 03:00 UTC on the 24th is still the 23rd in Los Angeles.
    expect(dayIn('2026-11-24T03:00:00Z', LA)).toBe('2026-11-23');
    expect(todayIn(LA, new Date('2026-11-24T07:59:00Z'))).toBe('2026-11-23');
    expect(todayIn(LA, new Date('2026-11-24T08:00:00Z'))).toBe('2026-11-24');
    expect(todayIn('UTC', new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-24');
  });
  it('turns a practice wall clock back into the instant, across daylight saving', () => {
    expect(instantOf({ year: 2026, month: 11, day: 23, hour: 9, minute: 0, second: 0 }, LA).toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(instantOf({ year: 2026, month: 7, day: 1, hour: 9, minute: 0, second: 0 }, LA).toISOString()).toBe('2026-07-01T16:00:00.000Z');
    // 01:30 on 2026-11-01 happens twice: the earlier (PDT) one.
    expect(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 }, LA).toISOString()).toBe('2026-11-01T08:30:00.000Z');
    // 02:30 on 2026-03-08 does not exist: an hour on.
    expect(instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, LA).toISOString()).toBe('2026-03-08T10:30:00.000Z');
  });
  it('formats and reads datetime-local values on the practice clock', () => {
    expect(formatIn('2026-11-23T17:05:00Z', LA, 'hh:mm a')).toBe('09:05 AM');
    expect(formatIn(null, LA, 'hh:mm a')).toBe('');
    expect(localInputValue('2026-11-23T17:05:00Z', LA)).toBe('2026-11-23T09:05');
    expect(instantFromLocalInput('2026-11-23T09:05', LA)?.toISOString()).toBe('2026-11-23T17:05:00.000Z');
    expect(instantFromLocalInput('2026-11-23', LA)).toBeNull();
    expect(wireInstant(new Date('2026-11-23T17:05:00.000Z'))).toBe('2026-11-23T17:05:00Z');
  });
  it('an unknown zone falls back to UTC', () => {
    expect(validTimeZone('Mars/Olympus')).toBe('UTC');
    expect(validTimeZone('')).toBe('UTC');
    expect(validTimeZone(LA)).toBe(LA);
  });
});
