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

/** The 'All' choice in a multiple choice's control value (ids are numbers, so a word cannot clash). */
export const ALL_CHOICE = 'all';

/** What the control shows chosen: 'All' when nothing is chosen, else the ids. */
export function controlValue(ids: readonly number[]): Array<number | typeof ALL_CHOICE> {
  return ids.length === 0 ? [ALL_CHOICE] : [...ids];
}

/**
 * The ids chosen after a pick, from the ids shown before and the control's new value (the
 * old one with the picked choice added or removed). Picking 'All' clears the others;
 * picking another choice while 'All' is shown clears 'All'; taking away the last choice,
 * or 'All' itself, leaves 'All' (nothing chosen is all).
 */
export function idsAfterPick(shown: readonly number[], raw: unknown, order: SelectionOrder): number[] {
  const tokens: unknown[] = Array.isArray(raw) ? raw : String(raw).split(',');
  const allPicked = tokens.some((t) => String(t) === ALL_CHOICE) && shown.length > 0;
  if (allPicked) return [];
  return orderedIds(idsOfValue(tokens.filter((t) => String(t) !== ALL_CHOICE)), order);
}
