import { describe, expect, it } from 'vitest';
import { ApiRequestError, editConflictOf } from '@/api/errors';
import { flattenValues, mergeEditConflict, nowSavedText, withValueAt } from './edit-conflict';

interface Values {
  city: string;
  nickname: string;
  email: string;
  urgent: boolean;
  patientId: number | null;
  phone1: { number: string; type: string };
}

const opened: Values = { city: 'Salem', nickname: '', email: '', urgent: false, patientId: 7, phone1: { number: '503-555-0177', type: '2' } };

describe('which fields someone else changed (409 edit_conflict)', () => {
  it('flattens nested values by path and replaces one leaf without touching the rest', () => {
    expect([...flattenValues(opened).keys()]).toEqual(['city', 'nickname', 'email', 'urgent', 'patientId', 'phone1.number', 'phone1.type']);
    const changed = withValueAt(opened, 'phone1.type', '1');
    expect(changed.phone1).toEqual({ number: '503-555-0177', type: '1' });
    expect(opened.phone1.type).toBe('2');
    expect(withValueAt(opened, 'city', 'Bend').city).toBe('Bend');
  });

  it('nothing saved meanwhile differs: no field is listed and the typed values stay', () => {
    const typed = { ...opened, city: 'Eugene' };
    const merge = mergeEditConflict(opened, typed, opened);
    expect(merge.changed).toEqual([]);
    expect(merge.values).toBe(typed);
  });

  it('keeps what the user changed, takes what only the other person changed, lists every field saved differently', () => {
    const typed: Values = { ...opened, city: 'Eugene', nickname: 'Mari' };
    const saved: Values = { ...opened, city: 'Bend', email: 'm@example.org', urgent: true, phone1: { number: '503-555-0100', type: '2' } };
    const merge = mergeEditConflict(opened, typed, saved);
    expect(merge.changed).toEqual([
      { path: 'city', saved: 'Bend', keptYours: true, taken: false },
      { path: 'email', saved: 'm@example.org', keptYours: false, taken: true },
      { path: 'urgent', saved: true, keptYours: false, taken: true },
      { path: 'phone1.number', saved: '503-555-0100', keptYours: false, taken: true },
    ]);
    // The user's own changes win; nothing the user left alone goes back to what they had opened.
    expect(merge.values).toEqual({ ...opened, city: 'Eugene', nickname: 'Mari', email: 'm@example.org', urgent: true, phone1: { number: '503-555-0100', type: '2' } });
  });

  it('the same change made by both is listed but neither kept over nor taken', () => {
    const merge = mergeEditConflict(opened, { ...opened, city: 'Bend' }, { ...opened, city: 'Bend' });
    expect(merge.changed).toEqual([{ path: 'city', saved: 'Bend', keptYours: false, taken: false }]);
  });

  it('compares only the fields the form shows, and values by type (0 is not "0", null is not "")', () => {
    const saved = { ...opened, email: 'x@example.org', patientId: null };
    expect(mergeEditConflict(opened, opened, saved, ['city', 'email']).changed.map((c) => c.path)).toEqual(['email']);
    expect(mergeEditConflict(opened, opened, saved).changed.map((c) => c.path)).toEqual(['email', 'patientId']);
  });

  it('a second conflict is measured from the record of the first', () => {
    const first: Values = { ...opened, city: 'Bend' };
    const typed: Values = { ...first, nickname: 'Mari' };
    const second: Values = { ...first, email: 'late@example.org' };
    const merge = mergeEditConflict(first, typed, second);
    expect(merge.changed.map((c) => c.path)).toEqual(['email']);
    expect(merge.values).toEqual({ ...typed, email: 'late@example.org' });
  });

  it("words the saved value as 'Now saved: …'", () => {
    expect(nowSavedText('Bend')).toBe('Now saved: Bend');
    expect(nowSavedText('  ')).toBe('Now saved: (blank)');
  });
});

describe('reading a 409 edit_conflict', () => {
  const body = {
    code: 'edit_conflict',
    message: 'Someone else saved changes to this record while you were editing. Review their changes, then save yours again.',
    current: { patientId: 12, version: 4, city: 'Bend' },
  };
  const isPatient12 = (current: object) => (current as { patientId?: number }).patientId === 12;

  it('answers the message and the record as now saved', () => {
    const conflict = editConflictOf<{ patientId: number; version: number }>(new ApiRequestError(409, body), isPatient12);
    expect(conflict).toEqual({ message: body.message, current: body.current });
  });

  it('is null for a schedule conflict, another record, a record without a version, a 428 or any other error', () => {
    expect(editConflictOf(new ApiRequestError(409, { code: 'appointment_overlap', message: 'Overlap', appointments: [], transparencies: [] }), () => true)).toBeNull();
    expect(editConflictOf(new ApiRequestError(409, { ...body, current: { patientId: 13, version: 4 } }), isPatient12)).toBeNull();
    expect(editConflictOf(new ApiRequestError(409, { ...body, current: { patientId: 12 } }), isPatient12)).toBeNull();
    expect(editConflictOf(new ApiRequestError(428, { code: 'version_required', message: 'Send the version', fields: { version: 'Required field' } }), () => true)).toBeNull();
    expect(editConflictOf(new Error('network'), () => true)).toBeNull();
  });
});
