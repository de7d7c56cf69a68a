import { describe, expect, it } from 'vitest';
import { ALL_CHOICE, choiceFromSelection, controlValue, idsAfterPick, selectionFromChoice } from './multi-select';

// The control's new value is the old one with the picked choice added (at the end) or removed.
describe("a multiple choice's 'All'", () => {
  it("shows 'All' chosen when nothing is chosen, else the ids", () => {
    expect(controlValue([])).toEqual([ALL_CHOICE]);
    expect(controlValue([3, 1])).toEqual([3, 1]);
  });

  it("picking 'All' clears the others", () => {
    expect(idsAfterPick([2, 5], [2, 5, ALL_CHOICE], 'ascending')).toEqual([]);
    expect(selectionFromChoice(idsAfterPick([2, 5], [2, 5, ALL_CHOICE], 'chosen'), 'chosen')).toBe('all');
  });

  it("picking another choice while 'All' is shown clears 'All'", () => {
    expect(idsAfterPick([], [ALL_CHOICE, 4], 'ascending')).toEqual([4]);
    expect(idsAfterPick([], [ALL_CHOICE, 0], 'chosen')).toEqual([0]);
  });

  it('adds and removes the others as picked, in the order asked for', () => {
    expect(idsAfterPick([4], [4, 2], 'ascending')).toEqual([2, 4]);
    expect(idsAfterPick([4], [4, 2], 'chosen')).toEqual([4, 2]);
    expect(idsAfterPick([4, 2], [4], 'chosen')).toEqual([4]);
  });

  it("taking away the last choice, or 'All' itself, leaves 'All'", () => {
    expect(idsAfterPick([4], [], 'ascending')).toEqual([]);
    expect(idsAfterPick([], [], 'ascending')).toEqual([]);
    expect(choiceFromSelection(selectionFromChoice(idsAfterPick([4], [], 'ascending'), 'ascending'))).toEqual([]);
  });

  it('reads a comma-separated value too (browser autofill)', () => {
    expect(idsAfterPick([], 'all,7', 'ascending')).toEqual([7]);
    expect(idsAfterPick([7], '7,all', 'ascending')).toEqual([]);
  });
});
