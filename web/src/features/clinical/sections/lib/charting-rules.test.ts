import { describe, expect, it } from 'vitest';
import { isActiveEntry, severeAllergyNames } from './charting-rules';
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
