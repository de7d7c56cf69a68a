import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { choiceFromSelection, idsOfValue, orderedIds, selectionFromChoice } from './multi-select';
import { nextOpening } from './once-opened';
import { firstIssues, schemaErrors, showFieldErrors, splitFieldErrors } from './rules';

describe('zod errors as form errors', () => {
  const schema = z.object({
    name: z.string().trim().min(1, 'Required field').max(3, 'Too long'),
    phone: z.object({ number: z.string().refine((v) => v === '' || v.length === 3, 'Three digits') }),
  });

  it('keeps the first message of each field, by dotted path', () => {
    expect(schemaErrors(schema, { name: '', phone: { number: '12' } })).toEqual({ name: 'Required field', 'phone.number': 'Three digits' });
    const twice = z.string().min(5, 'first').refine(() => false, 'second');
    expect(firstIssues(twice.safeParse('x').error)).toEqual({ '': 'first' });
  });

  it('answers nothing for valid values', () => {
    expect(schemaErrors(schema, { name: ' Ana ', phone: { number: '' } })).toEqual({});
    expect(firstIssues(undefined)).toEqual({});
  });
});

describe('server field errors', () => {
  it('puts known names on their fields (mapped) and words the others', () => {
    const split = splitFieldErrors({ lastName: 'Too long', end: 'Bad end', ssn: 'Bad' }, (name) => (name === 'end' ? 'length' : name === 'lastName' ? name : null));
    expect(split).toEqual({ onFields: { lastName: 'Too long', length: 'Bad end' }, others: ['ssn: Bad'] });
    expect(splitFieldErrors({ x: 'Bad' }, () => null, (_n, m) => m).others).toEqual(['Bad']);
  });

  it('focuses the first field only and hands back the rest', () => {
    const setError = vi.fn();
    const others = showFieldErrors(setError, { onFields: { a: 'A', b: 'B' }, others: ['c: C'] });
    expect(setError.mock.calls).toEqual([
      ['a', { type: 'server', message: 'A' }, { shouldFocus: true }],
      ['b', { type: 'server', message: 'B' }, { shouldFocus: false }],
    ]);
    expect(others).toEqual(['c: C']);
  });
});

describe('a multiple choice', () => {
  it('hands back the ids by id or as chosen, each once', () => {
    expect(orderedIds([3, 1, 3, 2], 'ascending')).toEqual([1, 2, 3]);
    expect(orderedIds([3, 1, 3, 2], 'chosen')).toEqual([3, 1, 2]);
    expect(idsOfValue([2, '5'])).toEqual([2, 5]);
    expect(idsOfValue('4,x,1')).toEqual([4, 1]);
  });

  it("saves nothing chosen as 'all' and shows 'all' as nothing chosen", () => {
    expect(selectionFromChoice([], 'ascending')).toBe('all');
    expect(selectionFromChoice([9, 2], 'ascending')).toEqual([2, 9]);
    expect(selectionFromChoice([9, 2, 9], 'chosen')).toEqual([9, 2]);
    expect(choiceFromSelection('all')).toEqual([]);
    expect(choiceFromSelection([4, 1])).toEqual([4, 1]);
  });
});

describe('values per opening', () => {
  const start = () => 'fresh';

  it('start once open and ready, and not again while open', () => {
    const closed = { open: false, values: null };
    const waiting = nextOpening(closed, true, false, start);
    expect(waiting).toEqual({ open: true, values: null });
    const started = nextOpening(waiting, true, true, start);
    expect(started).toEqual({ open: true, values: 'fresh' });
    expect(nextOpening(started, true, true, () => 'other')).toBe(started);
  });

  it('are kept while closing and started again at the next opening', () => {
    const closing = nextOpening({ open: true, values: 'old' }, false, true, start);
    expect(closing).toEqual({ open: false, values: 'old' });
    expect(nextOpening(closing, true, true, start)).toEqual({ open: true, values: 'fresh' });
    expect(nextOpening(closing, true, false, start)).toEqual({ open: true, values: null });
  });
});
