import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePracticeToday } from './get-day-appointments';

let zone = 'America/Los_Angeles';
// The hook reads only the preferences, mocked here as a plain function, so it is called as one.
vi.mock('../preferences/get-preferences', () => ({ usePreferences: () => ({ 'practice.timeZone': zone }) }));

describe('usePracticeToday', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Past midnight in New York and in UTC, still the evening before in Los Angeles.
    vi.setSystemTime(new Date('2026-11-25T06:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("is the practice's day, whatever the device's calendar says", () => {
    zone = 'America/Los_Angeles';
    expect(usePracticeToday()).toBe('2026-11-24');
    zone = 'Pacific/Auckland';
    expect(usePracticeToday()).toBe('2026-11-25');
  });
});
