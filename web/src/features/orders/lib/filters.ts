import type { OrdersQuery } from '@/api/orders/keys';
import { choiceFromSelection, selectionFromChoice as chosenSelection } from '@/components/form/multi-select';
import { DEFAULT_ORDERS_FILTERS, type IdSelection, type OrdersFilters } from '@/api/preferences/model';

export type OrdersTab = 'mine' | 'all';

/** The Signed filter's choices: Unsigned (1) and Signed (2) (spec part 1, 'Order filters'). */
export const SIGNED_CHOICES = [
  { id: 1, label: 'Unsigned' },
  { id: 2, label: 'Signed' },
] as const;

/** A selection as the comma list the API reads; undefined (left out) for all. */
function listParam(selection: IdSelection): string | undefined {
  if (selection === 'all' || selection.length === 0) return undefined;
  return [...new Set(selection)].join(',');
}

/**
 * The list's query for a tab and the filters: `user` for Mine, comma lists for offices,
 * providers, statuses and types (left out for all), `signed=1` or `unsigned=1`. Keys left
 * out entirely, so equal filters give equal query keys.
 */
export function ordersQuery(tab: OrdersTab, userId: number, filters: OrdersFilters, keyword = ''): OrdersQuery {
  const query: OrdersQuery = {};
  // Searched on the server over the whole filtered list, so the counts are of the matches too.
  const words = keyword.trim().replace(/\s+/g, ' ');
  if (words !== '') query.keyword = words;
  if (tab === 'mine') query.user = userId;
  const offices = listParam(filters.offices);
  const providers = listParam(filters.providers);
  const statuses = listParam(filters.statuses);
  const types = listParam(filters.types);
  if (offices !== undefined) query.offices = offices;
  if (providers !== undefined) query.providers = providers;
  if (statuses !== undefined) query.statuses = statuses;
  if (types !== undefined) query.types = types;
  if (filters.signed === true) query.signed = 1;
  if (filters.signed === false) query.unsigned = 1;
  return query;
}

function selectionOf(text: string | undefined): IdSelection {
  if (text === undefined || text.trim() === '' || text === 'all') return 'all';
  const ids = text.split(',').map((part) => Number(part.trim()));
  return ids.every((id) => Number.isInteger(id) && id >= 0) ? [...new Set(ids)] : 'all';
}

/** The filters a query stands for (the inverse of `ordersQuery`, without the tab). */
export function filtersFromQuery(query: OrdersQuery): OrdersFilters {
  const signed = query.signed === 1 && query.unsigned !== 1 ? true : query.unsigned === 1 && query.signed !== 1 ? false : 'both';
  return {
    offices: selectionOf(query.offices),
    statuses: selectionOf(query.statuses),
    providers: selectionOf(query.providers),
    types: selectionOf(query.types),
    signed,
  };
}

/** The Signed select's chosen ids for a `signed` value: both (or neither) is 'both'. */
export function signedChoice(signed: OrdersFilters['signed']): number[] {
  if (signed === true) return [2];
  if (signed === false) return [1];
  return [];
}

export function signedFromChoice(ids: readonly number[]): OrdersFilters['signed'] {
  const unsigned = ids.includes(1);
  const signed = ids.includes(2);
  if (signed && !unsigned) return true;
  if (unsigned && !signed) return false;
  return 'both';
}

/** An empty choice in the dialog means every value; the ids keep the order they were chosen in. */
export const selectionFromChoice = (ids: readonly number[]): IdSelection => chosenSelection(ids, 'chosen');
export { choiceFromSelection };

/** A selection by meaning: 'all' (or nothing chosen) and the ids in ascending order. */
const normalSelection = (s: IdSelection) => (s === 'all' || s.length === 0 ? 'all' : [...new Set(s)].sort((x, y) => x - y).join(','));

/**
 * How many of the five filters differ from the defaults (the Filters button's badge: 0 shows
 * none). The defaults are not "everything": statuses start at All Open (0), so the filters as
 * they come count 0 and choosing every status counts 1.
 */
export function changedFilterCount(filters: OrdersFilters, defaults: OrdersFilters = DEFAULT_ORDERS_FILTERS): number {
  const lists = (['offices', 'statuses', 'providers', 'types'] as const).filter((key) => normalSelection(filters[key]) !== normalSelection(defaults[key])).length;
  return lists + (filters.signed === defaults.signed ? 0 : 1);
}

export function sameFilters(a: OrdersFilters, b: OrdersFilters): boolean {
  return changedFilterCount(a, b) === 0;
}

export { DEFAULT_ORDERS_FILTERS };
