import type { components, operations } from '../schema';

export type Order = components['schemas']['Order'];
export type OrderInput = components['schemas']['OrderInput'];
export type OrderNote = components['schemas']['OrderNote'];
export type OrderStatusUpdate = components['schemas']['StatusUpdate'];
export type OrderType = components['schemas']['OrderType'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type Incident = components['schemas']['IncidentRef'];

/** The work list's query (`GET /api/orders/`) without paging: the tab and the filters. */
export type OrdersQuery = Omit<NonNullable<operations['list_orders']['parameters']['query']>, 'limit' | 'offset'>;

/**
 * TanStack Query keys of orders. Lists and counts sit under `['orders']`, so a saved
 * order can refresh every count (the dashboard's 'Orders Open' included) by prefix, and
 * update every loaded list in place.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (query: OrdersQuery) => ['orders', 'list', query] as const,
  counts: ['orders', 'count'] as const,
  count: (query: OrdersQuery) => ['orders', 'count', query] as const,
  detail: (ordersId: number) => ['orders', 'detail', ordersId] as const,
  types: ['orderTypes'] as const,
  statuses: ['orderStatuses'] as const,
};

/** `x-total-count` / `pagecount` of a list answer; 0 when missing or unreadable. */
export function countHeader(response: Response, name: 'x-total-count' | 'pagecount'): number {
  const value = Number(response.headers.get(name));
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
}
