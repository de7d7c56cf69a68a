import { describe, expect, it } from 'vitest';
import { createOpenForms } from '@/components/form/discard-guard';
import { createUpdateGate } from './update-gate';

function setUp() {
  const forms = createOpenForms();
  const gate = createUpdateGate(() => forms.isDirty());
  forms.subscribe(() => gate.recheck());
  let changes = 0;
  gate.subscribe(() => (changes += 1));
  return { forms, gate, changes: () => changes };
}

describe('the update notice', () => {
  it('shows once a new version waits and no form is open', () => {
    const { gate, changes } = setUp();
    expect(gate.shown()).toBe(false);
    gate.setWaiting(true);
    expect(gate.shown()).toBe(true);
    expect(changes()).toBe(1);
  });

  it('shows beside an open form with nothing typed in it', () => {
    const { forms, gate } = setUp();
    forms.add({}, () => false);
    gate.setWaiting(true);
    expect(gate.shown()).toBe(true);
  });

  it('waits while a form holds typed changes, and shows when the form closes', () => {
    const { forms, gate } = setUp();
    const remove = forms.add({}, () => true);
    gate.setWaiting(true);
    expect(gate.shown()).toBe(false);
    expect(gate.pending()).toBe(true);
    remove();
    expect(gate.shown()).toBe(true);
  });

  it('shows when the typed changes are undone (read at the next check)', () => {
    const { forms, gate } = setUp();
    let dirty = true;
    forms.add({}, () => dirty);
    gate.setWaiting(true);
    expect(gate.shown()).toBe(false);
    dirty = false;
    gate.recheck();
    expect(gate.shown()).toBe(true);
  });

  it('hides again when typing starts in a form while it shows', () => {
    const { forms, gate } = setUp();
    let dirty = false;
    forms.add({}, () => dirty);
    gate.setWaiting(true);
    expect(gate.shown()).toBe(true);
    dirty = true;
    gate.recheck();
    expect(gate.shown()).toBe(false);
  });

  it('waits for every dirty form, in a dialog or not', () => {
    const { forms, gate } = setUp();
    const first = forms.add({}, () => true);
    const second = forms.add({}, () => true);
    gate.setWaiting(true);
    first();
    expect(gate.shown()).toBe(false);
    second();
    expect(gate.shown()).toBe(true);
  });

  it("stays away after 'Later' until the next start", () => {
    const { forms, gate } = setUp();
    gate.setWaiting(true);
    gate.dismiss();
    expect(gate.shown()).toBe(false);
    expect(gate.pending()).toBe(false);
    forms.add({}, () => false)();
    expect(gate.shown()).toBe(false);
  });

  it('removing a form twice counts once', () => {
    const { forms, gate } = setUp();
    const key = {};
    const a = forms.add(key, () => true);
    forms.add(key, () => true);
    gate.setWaiting(true);
    a();
    a();
    expect(gate.shown()).toBe(false);
  });
});
