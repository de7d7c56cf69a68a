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
  it('keep well-formed orders filters and default the rest (statuses [0] = All Open)', () => {
    expect(DEFAULT_PREFERENCES.ordersFilters).toEqual({ offices: 'all', statuses: [0], providers: 'all', types: 'all', signed: 'both' });
    const filters = { offices: [0, 2], statuses: [9], providers: 'all', types: [100], signed: false };
    expect(parsePreferences({ ordersFilters: filters }).ordersFilters).toEqual(filters);
    expect(parsePreferences({ ordersFilters: { ...filters, signed: 'yes' } }).ordersFilters).toEqual(DEFAULT_PREFERENCES.ordersFilters);
    expect(parsePreferences({ ordersFilters: { ...filters, offices: [-1] } }).ordersFilters).toEqual(DEFAULT_PREFERENCES.ordersFilters);
    // Parsed values never share arrays with the defaults.
    const parsed = parsePreferences(null);
    (parsed.ordersFilters.statuses as number[]).push(5);
    expect(DEFAULT_PREFERENCES.ordersFilters.statuses).toEqual([0]);
  });
  it('keep the schedule preferences: apptFilters, calendar hours, defaults and the practice time zone', () => {
    expect(DEFAULT_PREFERENCES.apptFilters).toEqual({ order: 1, resources: 'all', providers: 'all' });
    expect(parsePreferences({ apptFilters: { order: 0, resources: [2, 3], providers: 'all' } }).apptFilters).toEqual({ order: 0, resources: [2, 3], providers: 'all' });
    expect(parsePreferences({ apptFilters: { order: 2, resources: 'all', providers: 'all' } }).apptFilters).toEqual(DEFAULT_PREFERENCES.apptFilters);
    const parsed = parsePreferences({ 'scheduling.calendarStartTime': '08:30', 'scheduling.calendarEndTime': '25:00', 'practice.timeZone': 'America/Los_Angeles' });
    expect(parsed['scheduling.calendarStartTime']).toBe('08:30');
    expect(parsed['scheduling.calendarEndTime']).toBe('19:00');
    expect(parsed['practice.timeZone']).toBe('America/Los_Angeles');
  });
  it('keep a well-formed clinicalSummary (the Clinical board) and drop a malformed one', () => {
    const widget = { key: 'allergies', title: 'Allergies', tableType: 'allergies', flagTreatment: false, color: '#B71C1C', orderNumber: 0, columnNumber: 1, showInView: true };
    expect(parsePreferences({ clinicalSummary: [widget] }).clinicalSummary).toEqual([widget]);
    expect(parsePreferences({ clinicalSummary: [{ ...widget, columnNumber: 2 }] }).clinicalSummary).toEqual([]);
    expect(parsePreferences({ clinicalSummary: [{ ...widget, color: 'red' }] }).clinicalSummary).toEqual([]);
    expect(parsePreferences({ clinicalSummary: { allergies: widget } }).clinicalSummary).toEqual([]);
    // Parsed widgets are copies.
    const source = [widget];
    parsePreferences({ clinicalSummary: source }).clinicalSummary[0]!.title = 'Changed';
    expect(source[0]!.title).toBe('Allergies');
  });
  it('are cached in the browser per user id', () => {
    cachePreferences(7, { ...DEFAULT_PREFERENCES, autoLogout: 5 });
    expect(cachedPreferences(7)?.autoLogout).toBe(5);
    expect(cachedPreferences(8)).toBeUndefined();
  });
});
