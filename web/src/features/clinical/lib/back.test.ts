import { describe, expect, it } from 'vitest';
import { backState, cameFrom } from './back';

describe('the way back', () => {
  it('goes back in the history only to the page the link forward came from', () => {
    expect(cameFrom(backState('/patients/66/clinical'), '/patients/66/clinical')).toBe(true);
    expect(cameFrom(backState('/patients/66/clinical'), '/patients/67/clinical')).toBe(false);
    expect(cameFrom(null, '/patients/66/clinical')).toBe(false);
    expect(cameFrom(undefined, '/patients/66/clinical')).toBe(false);
    expect(cameFrom({ from: '/patients/66/clinical' }, '/patients/66/clinical')).toBe(false);
  });
});
