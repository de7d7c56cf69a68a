import { describe, expect, it } from 'vitest';
import type { OrderType } from '@/api/orders/keys';
import { ORDER_STATUSES, ORDER_TYPES as TYPES } from '@/test/order-reference';
import { isLongDescriptionLocked, isOpenStatus, isSelectableType, openStatusIds, statusDot, typeField } from './order-rules';

describe('order types', () => {
  it("are selectable as the server's list says (1, 2, 3, 4, 100, 101, 102 and any above 110)", () => {
    for (const id of [1, 2, 3, 4, 100, 101, 102, 111, 114]) expect(isSelectableType(TYPES, id), String(id)).toBe(true);
    for (const id of [5, 50, 60, 110]) expect(isSelectableType(TYPES, id), String(id)).toBe(false);
    // A type the server did not list is not offered.
    for (const id of [0, 99, 103, 500]) expect(isSelectableType(TYPES, id), String(id)).toBe(false);
  });

  it('offer only the types the server marks selectable in the Type field', () => {
    const field = typeField(TYPES);
    expect(field.disabled).toBe(false);
    expect(field.choices.map((t) => t.typeId)).toEqual([1, 2, 3, 4, 100, 101, 102, 111, 114]);
    // The flag decides, not a copy of the rule kept here.
    const changed: OrderType[] = TYPES.map((t) => (t.typeId === 5 ? { ...t, selectable: true } : t.typeId === 114 ? { ...t, selectable: false } : t));
    expect(typeField(changed).choices.map((t) => t.typeId)).toEqual([1, 2, 3, 4, 5, 100, 101, 102, 111]);
  });

  it('editing an order of a selectable type offers every selectable type', () => {
    expect(typeField(TYPES, 101)).toEqual({ choices: typeField(TYPES).choices, disabled: false });
  });

  it('editing an order whose type is not selectable: disabled, showing only its own type', () => {
    expect(typeField(TYPES, 50)).toEqual({ choices: [{ typeId: 50, type: 'Type 50', selectable: false }], disabled: true });
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
  it('is red for the statuses the server marks open (1, 7 and 8), blue (available) for 9, absent otherwise', () => {
    expect([1, 7, 8].map((id) => statusDot(id, ORDER_STATUSES))).toEqual(['open', 'open', 'open']);
    expect(statusDot(9, ORDER_STATUSES)).toBe('available');
    for (const id of [0, 2, 3, 4, 5, 6, 10]) expect(statusDot(id, ORDER_STATUSES), String(id)).toBeNull();
  });

  it('before the statuses load, shows only the blue dot', () => {
    expect(statusDot(1, undefined)).toBeNull();
    expect(statusDot(9, undefined)).toBe('available');
  });

  it("reads the open statuses from the server's flags", () => {
    expect(openStatusIds(ORDER_STATUSES)).toEqual([1, 7, 8]);
    expect(isOpenStatus(ORDER_STATUSES, 7)).toBe(true);
    expect(isOpenStatus(ORDER_STATUSES, 2)).toBe(false);
    expect(isOpenStatus(ORDER_STATUSES.map((s) => ({ ...s, open: s.orderStatusId === 2 })), 2)).toBe(true);
  });
});
