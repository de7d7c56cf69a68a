import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SECTION_KEYS, type ClinicalEntry } from '../lib/sections';
import { detailOf, headingOf, hrefOf, rowOf, SECTION_VIEWS } from './registry';

describe('the section registry', () => {
  it('has a row, a heading and a detail for each of the 28 sections', () => {
    expect(Object.keys(SECTION_VIEWS).sort()).toEqual([...SECTION_KEYS].sort());
    for (const key of SECTION_KEYS) {
      const view = SECTION_VIEWS[key];
      expect(typeof view.row, key).toBe('function');
      expect(typeof view.heading, key).toBe('function');
      expect(typeof view.detail, key).toBe('function');
    }
  });
  it('opens vitals on the vitals measurement page and other entries on their own page', () => {
    expect(hrefOf('vitals', 66, 98)).toBe('/patients/66/clinical/vitals/98');
    expect(hrefOf('labs', 66, 816)).toBe('/patients/66/clinical/labs/816');
  });
  it('puts the most important field first', () => {
    const lab = { entryId: 816, recordedAt: '2025-07-13T05:58:52Z', version: 1, resource: { section: 'labs', panel: 'Thyroid', test: 'TSH', loinc: '3016-3', value: '4.48', unit: 'mIU/L', referenceRange: '0.40-4.00', interpretation: 'H', effective: '2025-07-13', status: 'final' } } satisfies ClinicalEntry;
    expect(rowOf(lab).primary).toBe('TSH');
    expect(rowOf(lab).lines).toContain('4.48 mIU/L · Range 0.40-4.00 mIU/L');
    expect(headingOf(lab)).toBe('TSH');
    const plan = { entryId: 12, recordedAt: '2026-06-17T05:58:52Z', version: 1, resource: { section: 'treatmentPlans', heading: 'Periodontal therapy', created: '2026-06-17T05:58:52Z', phases: [], total: 232500, insurancePortion: 133970, patientPortion: 98530 } } satisfies ClinicalEntry;
    expect(rowOf(plan).lines?.[0]).toBe('Total $2,325.00');
  });
  it('shows an urgent order as Urgent in the detail, as its row does', () => {
    const order = (urgent: boolean) =>
      ({ entryId: 329, recordedAt: '2026-10-06T10:00:00Z', version: 1, resource: { section: 'orders', description: 'Renewal request', orderType: 'Prescription Renewal Request', status: 'Open', urgent, ordered: '2026-10-06', due: null, assignedTo: '', provider: '' } }) as unknown as ClinicalEntry;
    const urgentValue = (urgent: boolean) => detailOf(order(urgent), 66).rows.find((row) => row.label === 'Urgent')?.value;
    expect(isValidElement(urgentValue(true)) && (urgentValue(true) as ReactElement<{ children: unknown }>).props.children).toBe('Urgent');
    expect(urgentValue(false)).toBe('No');
  });
  it("asks the reason a vaccine was not given only of one not given", () => {
    const shot = (status: string) =>
      ({ entryId: 815, recordedAt: '1977-12-03T10:00:00Z', version: 1, resource: { section: 'immunizations', vaccine: 'Hepatitis B, pediatric', cvx: '08', occurrence: '1977-12-03', status, statusReason: status === 'not-done' ? 'Patient refused' : '', doseNumber: 2, lotNumber: 'U756987', manufacturer: 'Merck & Co.', site: 'Left thigh', primarySource: true } }) as ClinicalEntry;
    const labels = (status: string) => detailOf(shot(status), 66).rows.map((row) => row.label);
    expect(labels('completed')).not.toContain('Reason not given');
    expect(labels('not-done')).toContain('Reason not given');
  });
  it("never labels a problem's ICD-10-CM code 'UMLS concept'; a stopped medication without an end says it is stopped", () => {
    const problem = (umlsId: string) =>
      ({ entryId: 5, recordedAt: '2026-01-01T00:00:00Z', version: 1, resource: { section: 'problemList', code: 'E11.9', description: 'Type 2 diabetes mellitus without complications', umlsId, clinicalStatus: 'active', recorded: '2026-01-01T00:00:00Z' } }) as ClinicalEntry;
    const labels = (umlsId: string) => detailOf(problem(umlsId), 66).rows.map((row) => row.label);
    expect(labels('ICD10CM:E11.9')).not.toContain('UMLS concept');
    expect(labels('E11.9')).not.toContain('UMLS concept');
    expect(labels('C0011860')).toContain('UMLS concept');
    const stopped = { entryId: 6, recordedAt: '2026-01-01T00:00:00Z', version: 1, resource: { section: 'medications', medication: 'Amoxicillin', dosage: '', reason: '', status: 'stopped', prescriber: '', start: '2026-01-02' } } as ClinicalEntry;
    expect(rowOf(stopped).lines).toContain('Started 01/02/2026 · Stopped');
  });
});
