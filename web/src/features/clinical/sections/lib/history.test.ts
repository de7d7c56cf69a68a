import { readFileSync } from 'node:fs';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { changesBetween, historyRows } from './history';

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
      { field: 'primarySource', label: 'Source', before: 'Given here', after: 'Reported by the patient or another provider' },
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

  it("says a note's fields in words and its times as the app shows them, never raw names or ISO times", () => {
    const changes = changesBetween(
      { section: 'clinicalNotes', signed: true, signedAt: '2026-03-04T17:05:00Z', signedBy: 'Jordan Avery', amends: 12 },
      { section: 'clinicalNotes', signed: false, signedAt: null, signedBy: '', amends: null },
    );
    expect(changes.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      'Status: Unsigned → Signed',
      `Signed on:  → ${format(new Date('2026-03-04T17:05:00Z'), 'MM/dd/yyyy hh:mm a')}`,
      'Signed by:  → Jordan Avery',
      'Amends note:  → Note 12',
    ]);
  });

  it('names every field of the charted resources in words (the schema\'s fields all have a label)', () => {
    const openapi: unknown = JSON.parse(readFileSync(new URL('../../../../api/openapi.json', import.meta.url), 'utf8'));
    const schemas = (openapi as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }).components.schemas;
    const sections: Record<string, string> = { AllergyIntolerance: 'allergies', Condition: 'problemList', MedicationStatement: 'medications', Immunization: 'immunizations', ClinicalNote: 'clinicalNotes', PatientNote: 'patientNotes', SmokingStatus: 'smokingStatus' };
    for (const [schema, section] of Object.entries(sections)) {
      for (const field of Object.keys(schemas[schema]?.properties ?? {})) {
        const before = { section, [field]: 'a' };
        const after = { section, [field]: 'b' };
        for (const change of changesBetween(after, before)) expect(change.label, `${schema}.${field}`).not.toBe(field);
      }
    }
    expect(changesBetween({ section: 'smokingStatus', code: '8517006' }, { section: 'smokingStatus', code: '266919005' })[0]?.label).toBe('SNOMED CT code');
  });

});
