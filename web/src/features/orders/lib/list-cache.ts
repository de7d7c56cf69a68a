import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { orderKeys, type Order, type OrderStatus, type OrdersQuery } from '@/api/orders/keys';
import { ALL_OPEN_STATUS, NONE_OFFICE } from './constants';
import { openStatusIds } from './order-rules';

/** One page of the work list, with the answer's headers. */
export interface OrdersPage {
  orders: Order[];
  /** x-total-count: exact up to 10000, 10001 for more. */
  total: number;
  /** pagecount: pages of this size. */
  pageCount: number;
  /** The offset this page was asked for. */
  offset: number;
}

export type OrdersData = InfiniteData<OrdersPage, unknown>;

/** Further pages load while the pages loaded are fewer than the page count (spec part 1, section 4). */
export function nextOffset(pages: readonly OrdersPage[], limit: number): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 0;
  return pages.length < last.pageCount ? last.offset + limit : undefined;
}

/**
 * The rows to show, in order, each order once: an order placed on top after saving can
 * come back in the next page's answer (the pages shift by one), and is shown only once.
 */
export function flattenOrders(data: OrdersData | undefined): Order[] {
  if (!data) return [];
  const seen = new Set<number>();
  const rows: Order[] = [];
  for (const page of data.pages) {
    for (const order of page.orders) {
      if (seen.has(order.ordersId)) continue;
      seen.add(order.ordersId);
      rows.push(order);
    }
  }
  return rows;
}

const ids = (text: string | undefined): number[] | null =>
  text === undefined || text === '' || text === 'all' ? null : text.split(',').map((p) => Number(p.trim()));

/** Whether a query's statuses include 'All Open' (status 0), which only the server's open statuses resolve. */
export function asksAllOpen(query: OrdersQuery): boolean {
  return ids(query.statuses)?.includes(ALL_OPEN_STATUS) ?? false;
}

/**
 * Whether an order belongs in a list asked with `query` (tab and filters), as the server
 * decides; 'All Open' (status 0) means the statuses the server counts as open (`openStatuses`,
 * from `GET /api/orderStatuses`).
 */
export function orderMatchesQuery(order: Order, query: OrdersQuery, openStatuses: readonly number[]): boolean {
  if (query.user !== undefined && order.assignedToUserId !== query.user) return false;
  const offices = ids(query.offices);
  if (offices && !offices.includes(order.officeId ?? NONE_OFFICE)) return false;
  const providers = ids(query.providers);
  if (providers && !providers.includes(order.providerId ?? 0)) return false;
  const statuses = ids(query.statuses)?.flatMap((id) => (id === ALL_OPEN_STATUS ? [...openStatuses] : [id]));
  if (statuses && !statuses.includes(order.orderStatusId)) return false;
  const types = ids(query.types);
  if (types && !types.includes(order.typeId)) return false;
  const signedOnly = query.signed === 1 && query.unsigned !== 1;
  const unsignedOnly = query.unsigned === 1 && query.signed !== 1;
  if (signedOnly && !order.signed) return false;
  if (unsignedOnly && order.signed) return false;
  return true;
}

function contains(data: OrdersData, ordersId: number): boolean {
  return data.pages.some((page) => page.orders.some((o) => o.ordersId === ordersId));
}

/** An edited order replaces its entry wherever it is; the list keeps its order. */
export function withUpdatedOrder(data: OrdersData | undefined, order: Order): OrdersData | undefined {
  if (!data || !contains(data, order.ordersId)) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.orders.some((o) => o.ordersId === order.ordersId) ? { ...page, orders: page.orders.map((o) => (o.ordersId === order.ordersId ? order : o)) } : page,
    ),
  };
}

/**
 * A new order goes on top of a list it belongs in (its tab and filters); a list it does
 * not belong in is left alone. Already listed (a refresh was quicker): replaced in place.
 */
export function withCreatedOrder(data: OrdersData | undefined, order: Order, query: OrdersQuery, openStatuses: readonly number[]): OrdersData | undefined {
  if (!data) return data;
  if (contains(data, order.ordersId)) return withUpdatedOrder(data, order);
  if (!orderMatchesQuery(order, query, openStatuses)) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, orders: [order, ...first.orders], total: first.total + 1 }, ...rest] };
}

/**
 * After a save, without reloading: a created order on top of every loaded list it belongs
 * in, an edited one in place in every list that shows it; the order's own page gets the
 * saved order; the counts (tab badges, the dashboard's 'Orders Open') are asked again.
 * Which statuses are open comes from the cached `GET /api/orderStatuses` (the order form
 * loads it before it opens); without it a list asked for 'All Open' is reloaded instead.
 */
export function placeSavedOrder(queryClient: QueryClient, order: Order, how: 'created' | 'updated'): void {
  const statuses = queryClient.getQueryData<OrderStatus[]>(orderKeys.statuses);
  const open = statuses ? openStatusIds(statuses) : null;
  for (const [key, data] of queryClient.getQueriesData<OrdersData>({ queryKey: orderKeys.lists })) {
    const query = (key[2] ?? {}) as OrdersQuery;
    if (how === 'created' && !open && asksAllOpen(query)) {
      if (!data || !contains(data, order.ordersId)) void queryClient.invalidateQueries({ queryKey: key, exact: true });
      else queryClient.setQueryData<OrdersData>(key, withUpdatedOrder(data, order));
      continue;
    }
    const next = how === 'created' ? withCreatedOrder(data, order, query, open ?? []) : withUpdatedOrder(data, order);
    if (next !== data) queryClient.setQueryData<OrdersData>(key, next);
  }
  queryClient.setQueryData(orderKeys.detail(order.ordersId), order);
  void queryClient.invalidateQueries({ queryKey: orderKeys.counts });
}
