import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { unwrap } from '../errors';
import { countHeader, orderKeys, type OrdersQuery } from './keys';

/**
 * How many orders match a query: `GET /api/orders/?limit=1&...`, read from `x-total-count`
 * (exact up to 10000; 10001 means more). The dashboard's 'Orders Open' asks with
 * `statuses=0` (every open status); the orders page asks for its Mine and All badges.
 */
export async function getOrderCount(query: OrdersQuery, signal?: AbortSignal): Promise<number> {
  const result = await api.GET('/api/orders/', { params: { query: { ...query, limit: 1 } }, ...(signal ? { signal } : {}) });
  unwrap(result);
  return countHeader(result.response, 'x-total-count');
}

export function orderCountQueryOptions(query: OrdersQuery) {
  return queryOptions({
    queryKey: orderKeys.count(query),
    queryFn: ({ signal }) => getOrderCount(query, signal),
    staleTime: 0,
  });
}

export function useOrderCount(query: OrdersQuery, enabled = true) {
  return useQuery({ ...orderCountQueryOptions(query), enabled });
}

/** The dashboard's count of open orders (statuses 1, 7 and 8). */
export const OPEN_ORDERS_QUERY: OrdersQuery = { statuses: '0' };
