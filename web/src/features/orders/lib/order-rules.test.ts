import { describe, expect, it } from 'vitest';
import type { OrderType } from '@/api/orders/keys';
import { isLongDescriptionLocked, isSelectableType, matchesKeyword, statusDot, typeField } from './order-rules';

const TYPES: OrderType[] = [1, 2, 3, 4, 5, 50, 60, 100, 101, 102, 110, 111, 114].map((typeId) => ({ typeId, type: `Type ${typeId}`, selectable: true }));

describe('order types', () => {
  it('are selectable for 1, 2, 3, 4, 100, 101, 102 and any above 110', () => {
    for (const id of [1, 2, 3, 4, 100, 101, 102, 111, 500]) expect(isSelectableType(id), String(id)).toBe(true);
    for (const id of [0, 5, 50, 60, 99, 103, 110]) expect(isSelectableType(id), String(id)).toBe(false);
  });

  it('offer only the selectable types in the Type field (the server flag is not trusted blindly)', () => {
    const field = typeField(TYPES);
    expect(field.disabled).toBe(false);
    expect(field.choices.map((t) => t.typeId)).toEqual([1, 2, 3, 4, 100, 101, 102, 111, 114]);
  });

  it('editing an order of a selectable type offers every selectable type', () => {
    expect(typeField(TYPES, 101)).toEqual({ choices: typeField(TYPES).choices, disabled: false });
  });

  it('editing an order whose type is not selectable: disabled, showing only its own type', () => {
    expect(typeField(TYPES, 50)).toEqual({ choices: [{ typeId: 50, type: 'Type 50', selectable: true }], disabled: true });
    expect(typeField(TYPES, 5).choices.map((t) => t.typeId)).toEqual([5]);
    // A type missing from the list still shows as itself.
    expect(typeField(TYPES, 77)).toEqual({ choices: [{ typeId: 77, type: 'Type 77', selectable: false }], disabled: true });
  });

  it("lock a type 50 order's long description only when editing", () => {
    expect(isLongDescriptionLocked('edit', 50)).toBe(true);
    expect(isLongDescriptionLocked('edit', 100)).toBe(false);
    expect(isLongDescriptionLocked('create', 50)).toBe(false);
  });
});

describe('the status dot', () => {
  it('is red for the open statuses 1, 7 and 8, blue (available) for 9, absent otherwise', () => {
    expect([1, 7, 8].map(statusDot)).toEqual(['open', 'open', 'open']);
    expect(statusDot(9)).toBe('available');
    for (const id of [0, 2, 3, 4, 5, 6, 10]) expect(statusDot(id), String(id)).toBeNull();
  });
});

describe('the keyword filter', () => {
  const row = { shortDescription: 'Refer to cardiology', patientName: 'Núñez, José', orderNumber: '000399', statusString: 'Completed', assignedToName: 'Carter, Emily', dueDate: '12/24/2026' };
  it('matches every word, ignoring case and accents, across the texts a row shows', () => {
    expect(matchesKeyword(row, '')).toBe(true);
    expect(matchesKeyword(row, '  ')).toBe(true);
    expect(matchesKeyword(row, 'CARDIO')).toBe(true);
    expect(matchesKeyword(row, 'nunez cardiology')).toBe(true);
    expect(matchesKeyword(row, '000399')).toBe(true);
    expect(matchesKeyword(row, 'carter 12/24')).toBe(true);
    expect(matchesKeyword(row, 'cardiology smith')).toBe(false);
  });
});
