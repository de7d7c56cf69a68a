import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERS_FILTERS, type OrdersFilters } from '@/api/preferences/model';
import {
  changedFilterCount,
  choiceFromSelection,
  filtersFromQuery,
  ordersQuery,
  sameFilters,
  selectionFromChoice,
  signedChoice,
  signedFromChoice,
} from './filters';

describe('filters and the list query', () => {
  it('the default filters ask for All Open (statuses=0) and nothing else; Mine adds the user', () => {
    expect(ordersQuery('all', 2, DEFAULT_ORDERS_FILTERS)).toEqual({ statuses: '0' });
    expect(ordersQuery('mine', 2, DEFAULT_ORDERS_FILTERS)).toEqual({ user: 2, statuses: '0' });
  });

  it("'all' is left out; lists are comma-separated; office 0 is None; signed maps to signed=1 / unsigned=1", () => {
    const filters: OrdersFilters = { offices: [0, 2], statuses: [0, 9], providers: [3], types: 'all', signed: false };
    expect(ordersQuery('all', 2, filters)).toEqual({ offices: '0,2', statuses: '0,9', providers: '3', unsigned: 1 });
    expect(ordersQuery('all', 2, { ...filters, signed: true })).toMatchObject({ signed: 1 });
    expect(ordersQuery('all', 2, { ...filters, signed: true })).not.toHaveProperty('unsigned');
    expect(ordersQuery('all', 2, { offices: 'all', statuses: 'all', providers: 'all', types: 'all', signed: 'both' })).toEqual({});
  });

  it('an empty list counts as all (never sent as an empty parameter)', () => {
    expect(ordersQuery('all', 2, { ...DEFAULT_ORDERS_FILTERS, statuses: [], types: [] })).toEqual({});
  });

  it('round-trip: the query gives back the filters', () => {
    const cases: OrdersFilters[] = [
      DEFAULT_ORDERS_FILTERS,
      { offices: [0], statuses: [1, 7], providers: [3, 4], types: [100, 111], signed: true },
      { offices: 'all', statuses: 'all', providers: 'all', types: [50], signed: false },
    ];
    for (const filters of cases) expect(filtersFromQuery(ordersQuery('mine', 9, filters))).toEqual(filters);
  });

  it('the Signed choices: Unsigned (1) and Signed (2); both or neither is both', () => {
    expect(signedFromChoice([1])).toBe(false);
    expect(signedFromChoice([2])).toBe(true);
    expect(signedFromChoice([1, 2])).toBe('both');
    expect(signedFromChoice([])).toBe('both');
    expect(signedChoice(false)).toEqual([1]);
    expect(signedChoice(true)).toEqual([2]);
    expect(signedChoice('both')).toEqual([]);
  });

  it('an empty choice in the dialog is all', () => {
    expect(selectionFromChoice([])).toBe('all');
    expect(selectionFromChoice([0, 0, 9])).toEqual([0, 9]);
    expect(choiceFromSelection('all')).toEqual([]);
    expect(choiceFromSelection([0])).toEqual([0]);
  });

  it('counts only the filters changed from the defaults (All Open is a default, not a filter in use)', () => {
    expect(changedFilterCount(DEFAULT_ORDERS_FILTERS)).toBe(0);
    // The same filters written otherwise: the ids in another order, nothing chosen for 'all'.
    expect(changedFilterCount({ offices: [], statuses: [0], providers: 'all', types: [], signed: 'both' })).toBe(0);
    // Every status instead of All Open is a change.
    expect(changedFilterCount({ ...DEFAULT_ORDERS_FILTERS, statuses: 'all' })).toBe(1);
    expect(changedFilterCount({ ...DEFAULT_ORDERS_FILTERS, statuses: [9] })).toBe(1);
    expect(changedFilterCount({ offices: [1], statuses: 'all', providers: [], types: 'all', signed: false })).toBe(3);
    expect(changedFilterCount({ offices: [0, 2], statuses: [1, 7], providers: [5], types: [100], signed: true })).toBe(5);
  });

  it('compares filters by meaning', () => {
    expect(sameFilters({ ...DEFAULT_ORDERS_FILTERS, offices: [2, 1] }, { ...DEFAULT_ORDERS_FILTERS, offices: [1, 2] })).toBe(true);
    expect(sameFilters({ ...DEFAULT_ORDERS_FILTERS, offices: [] }, DEFAULT_ORDERS_FILTERS)).toBe(true);
    expect(sameFilters({ ...DEFAULT_ORDERS_FILTERS, signed: true }, DEFAULT_ORDERS_FILTERS)).toBe(false);
  });
});
