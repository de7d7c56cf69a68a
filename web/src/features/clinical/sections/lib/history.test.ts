import { describe, expect, it } from 'vitest';
import { changesBetween, historyRows, isAuthor } from './history';

describe('entry history', () => {
  it('lists what each version changed from the one before it, newest first', () => {
    const versions = [
      { version: 3, resource: { section: 'allergies', substance: 'Peanut', reaction: 'Hives', severity: 'severe', recorded: 'b' } },
      { version: 2, resource: { section: 'allergies', substance: 'Peanut', reaction: 'Rash', severity: 'severe', recorded: 'a' } },
      { version: 1, resource: { section: 'allergies', substance: 'Peanut', reaction: 'Rash', severity: '' } },
    ];
    const rows = historyRows(versions);
    expect(rows.map((r) => r.changes)).toEqual([
      [{ field: 'reaction', label: 'Reaction', before: 'Rash', after: 'Hives' }],
      [{ field: 'severity', label: 'Severity', before: '', after: 'Severe' }],
      [],
    ]);
    expect(rows.map((r) => r.first)).toEqual([false, false, true]);
  });

  it('words booleans and counts a field missing on one side as empty', () => {
    expect(changesBetween({ primarySource: false, site: 'Left arm' }, { primarySource: true })).toEqual([
      { field: 'primarySource', label: 'Source', before: 'Yes', after: 'No' },
      { field: 'site', label: 'Site', before: '', after: 'Left arm' },
    ]);
  });

  it('shows codes in words and days as the app writes them', () => {
    expect(changesBetween({ clinicalStatus: 'entered-in-error', onset: '2026-01-31', category: 'medication' }, { clinicalStatus: 'active', onset: '', category: '' })).toEqual([
      { field: 'clinicalStatus', label: 'Status', before: 'Active', after: 'Entered in error' },
      { field: 'onset', label: 'Onset', before: '', after: '01/31/2026' },
      { field: 'category', label: 'Type', before: '', after: 'Drug' },
    ]);
  });

  it("knows a note's author by name, with or without a title after it", () => {
    const user = { firstName: 'Jordan', lastName: 'Avery' };
    expect(isAuthor('Jordan Avery', user)).toBe(true);
    expect(isAuthor('Jordan Avery, Office Manager', user)).toBe(true);
    expect(isAuthor('Jordan Averyson', user)).toBe(false);
    expect(isAuthor('Jordan Avery', null)).toBe(false);
  });
});
