import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, cachePreferences, cachedPreferences, parsePreferences } from './model';

describe('preferences', () => {
  it("default as the server's registry does", () => {
    expect(DEFAULT_PREFERENCES).toMatchObject({ defaultView: 0, autoLogout: 15, apptColors: true, allowDx: false, allowModifiers: false, allowToothSurface: false, recentPatients: [] });
  });
  it('keep good values and replace bad or missing ones by their defaults', () => {
    const parsed = parsePreferences({ defaultView: 2, autoLogout: 'soon', apptColors: false, recentPatients: [3, 'x'], defaultOrdersView: 'all' });
    expect(parsed).toMatchObject({ defaultView: 2, autoLogout: 15, apptColors: false, recentPatients: [], defaultOrdersView: 'all' });
    expect(parsePreferences(null)).toEqual(DEFAULT_PREFERENCES);
  });
  it('are cached in the browser per user id', () => {
    cachePreferences(7, { ...DEFAULT_PREFERENCES, autoLogout: 5 });
    expect(cachedPreferences(7)?.autoLogout).toBe(5);
    expect(cachedPreferences(8)).toBeUndefined();
  });
});
