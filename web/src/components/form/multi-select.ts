import type { IdSelection } from '@/api/preferences/model';

/**
 * The order a multiple choice hands back its ids in: 'ascending' (by id) or 'chosen'
 * (the order they were picked in, each once).
 */
export type SelectionOrder = 'ascending' | 'chosen';

/** The ids chosen, in the given order, without repeats. */
export function orderedIds(ids: readonly number[], order: SelectionOrder): number[] {
  const unique = [...new Set(ids)];
  return order === 'ascending' ? unique.sort((a, b) => a - b) : unique;
}

/** The ids a multiple choice's control value holds (an array, or a comma-separated text). */
export function idsOfValue(raw: unknown): number[] {
  return (Array.isArray(raw) ? raw : String(raw).split(',')).map(Number).filter((n) => Number.isInteger(n));
}

/** A saved selection as the ids shown chosen: nothing chosen is 'all'. */
export function choiceFromSelection(selection: IdSelection): number[] {
  return selection === 'all' ? [] : [...selection];
}

/** The ids chosen as a saved selection: nothing chosen means 'all'. */
export function selectionFromChoice(ids: readonly number[], order: SelectionOrder): IdSelection {
  return ids.length === 0 ? 'all' : orderedIds(ids, order);
}
