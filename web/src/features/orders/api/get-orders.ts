import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { countHeader, orderKeys, type OrdersQuery } from '@/api/orders/keys';
import { nextOffset, type OrdersPage } from '../lib/list-cache';
import { ORDERS_PAGE_LIMIT } from '../lib/constants';

/** GET /api/orders/?limit=25&offset=N&...: one page, newest first, with its headers. */
export async function getOrdersPage(query: OrdersQuery, offset: number, signal?: AbortSignal): Promise<OrdersPage> {
  const result = await api.GET('/api/orders/', { params: { query: { ...query, limit: ORDERS_PAGE_LIMIT, offset } }, ...(signal ? { signal } : {}) });
  const orders = unwrap(result);
  return {
    orders: Array.isArray(orders) ? orders : [],
    total: countHeader(result.response, 'x-total-count'),
    pageCount: countHeader(result.response, 'pagecount'),
    offset,
  };
}

/**
 * The work list for a tab and filters, page by page (infinite scroll). Opening the page
 * refreshes what is loaded (stale at once); saved orders update it in place
 * (`lib/list-cache.ts`).
 */
export function ordersListQueryOptions(query: OrdersQuery) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ pageParam, signal }) => getOrdersPage(query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextOffset(pages, ORDERS_PAGE_LIMIT),
    staleTime: 0,
  });
}

export const useOrdersList = (query: OrdersQuery) => useInfiniteQuery(ordersListQueryOptions(query));
