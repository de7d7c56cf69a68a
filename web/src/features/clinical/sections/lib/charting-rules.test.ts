import { describe, expect, it } from 'vitest';
import { amendmentsOf, canSignNote, isActiveEntry, reviewLine, severeAllergyNames } from './charting-rules';
import type { ClinicalEntry } from './sections';

const allergy = (substance: string, severity: string, more: Record<string, string> = {}): ClinicalEntry =>
  ({
    entryId: 1,
    version: 1,
    recordedAt: '2026-01-01T00:00:00Z',
    resource: { section: 'allergies', substance, severity, reaction: '', category: '', clinicalStatus: 'active', verificationStatus: 'confirmed', note: '', recorded: '', ...more },
  }) as ClinicalEntry;

describe('charting rules', () => {
  it('counts active entries only (not inactive, resolved, refuted or entered in error)', () => {
    expect(isActiveEntry(allergy('A', 'mild'))).toBe(true);
    expect(isActiveEntry(allergy('A', 'mild', { clinicalStatus: 'resolved' }))).toBe(false);
    expect(isActiveEntry(allergy('A', 'mild', { verificationStatus: 'refuted' }))).toBe(false);
    expect(isActiveEntry({ ...allergy('A', ''), resource: { section: 'medications', status: 'stopped' } } as unknown as ClinicalEntry)).toBe(false);
  });

  it('names the current severe allergies with their reactions', () => {
    expect(severeAllergyNames([allergy('Peanut', 'severe', { reaction: 'Anaphylaxis' }), allergy('Dust', 'mild'), allergy('Latex', 'Severe', { clinicalStatus: 'inactive' })])).toEqual([
      'Peanut (Anaphylaxis)',
    ]);
  });
});

describe('amended notes and reviews', () => {
  const note = (entryId: number, amends: number | null): ClinicalEntry =>
    ({ entryId, version: 1, recordedAt: '2026-01-01T00:00:00Z', resource: { section: 'clinicalNotes', date: '2026-01-01T00:00:00Z', noteType: 'Progress note', author: 'A', text: 't', signed: true, signedBy: 'A', amends } }) as ClinicalEntry;
  it('knows which notes of the list were amended, and by which', () => {
    expect([...amendmentsOf([note(3, 1), note(2, null), note(1, null), note(4, 1)])]).toEqual([[1, [3, 4]]]);
  });
  it("says which 'none known' mark a list with only stopped entries has, not just 'Reviewed'", () => {
    expect(reviewLine('medications', { noneKnown: true, reviewedOn: '2026-11-24' })).toBe('No Current Medications (reviewed 11/24/2026)');
    expect(reviewLine('allergies', { noneKnown: false, reviewedOn: '2026-11-24' })).toBe('Reviewed 11/24/2026');
  });
});

describe('who signs a note', () => {
  const note = (signed: boolean, recordedBy: number | null | undefined, author = 'Jordan Avery'): ClinicalEntry =>
    ({ entryId: 1, version: 1, recordedAt: '2026-01-01T00:00:00Z', recordedBy, resource: { section: 'clinicalNotes', date: '2026-01-01T00:00:00Z', noteType: 'Progress note', author, text: 't', signed, signedBy: '' } }) as ClinicalEntry;
  it('the user who recorded it, while it is unsigned: by id, never by a name', () => {
    expect(canSignNote(note(false, 7), 7)).toBe(true);
    expect(canSignNote(note(true, 7), 7)).toBe(false);
    // Another user of the same name is not its author.
    expect(canSignNote(note(false, 8, 'Jordan Avery'), 7)).toBe(false);
    expect(canSignNote(note(false, null), 7)).toBe(false);
    expect(canSignNote(note(false, undefined), 7)).toBe(false);
    expect(canSignNote(note(false, 7), undefined)).toBe(false);
  });
});
