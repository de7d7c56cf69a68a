import { describe, expect, it } from 'vitest';
import { closeRequest, createDirtyForms, hasTypedChanges } from './discard-guard';

const opened = { firstName: 'Ana', lastName: 'Lopez', birthdate: '', phone1: { number: '503-555-0123', type: '2' }, phone2: { number: '', type: '' }, urgent: false, tags: ['a'] };

describe('typed changes', () => {
  it('finds none in a form as it was opened', () => {
    expect(hasTypedChanges(structuredClone(opened), opened)).toBe(false);
  });

  it('finds a change in any field, nested ones and lists included', () => {
    expect(hasTypedChanges({ ...opened, firstName: 'Anna' }, opened)).toBe(true);
    expect(hasTypedChanges({ ...opened, phone2: { number: '503', type: '' } }, opened)).toBe(true);
    expect(hasTypedChanges({ ...opened, urgent: true }, opened)).toBe(true);
    expect(hasTypedChanges({ ...opened, tags: ['a', 'b'] }, opened)).toBe(true);
    expect(hasTypedChanges({ ...opened, birthdate: '2020-01-02' }, opened)).toBe(true);
  });

  it("counts '', null and undefined as the same nothing (typed and deleted again is no change)", () => {
    expect(hasTypedChanges({ ...opened, birthdate: undefined }, opened)).toBe(false);
    expect(hasTypedChanges({ ...opened, phone2: { number: '', type: null } }, opened)).toBe(false);
    expect(hasTypedChanges({ a: '' }, { a: undefined, b: null })).toBe(false);
    expect(hasTypedChanges({ a: 0 }, { a: '' })).toBe(true);
  });

  it('counts a chosen file as a change, and the file the form was opened with as none', () => {
    const photo = new Blob(['x'], { type: 'image/png' });
    expect(hasTypedChanges({ file: photo, title: '' }, { file: null, title: '' })).toBe(true);
    expect(hasTypedChanges({ file: photo }, { file: photo })).toBe(false);
    expect(hasTypedChanges({ file: null }, { file: photo })).toBe(true);
    expect(hasTypedChanges({ file: new Blob([]) }, { file: null })).toBe(true);
  });
});

describe('closing a form dialog', () => {
  it('closes a clean form at once, asks first for a dirty one, and never closes while saving', () => {
    expect(closeRequest({ saving: false, dirty: false })).toBe('close');
    expect(closeRequest({ saving: false, dirty: true })).toBe('confirm');
    expect(closeRequest({ saving: true, dirty: true })).toBe('stay');
    expect(closeRequest({ saving: true, dirty: false })).toBe('stay');
  });

  it('is dirty when any form of the dialog is, each form counted once however many fields register it', () => {
    const forms = createDirtyForms();
    const control = {};
    let typed = false;
    const offA = forms.add(control, () => typed);
    const offB = forms.add(control, () => typed);
    expect(forms.isDirty()).toBe(false);
    typed = true;
    expect(forms.isDirty()).toBe(true);
    offA();
    expect(forms.isDirty()).toBe(true);
    offB();
    expect(forms.isDirty()).toBe(false);
  });
});
