import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { ApiRequestError, unwrap } from '@/api/errors';
import { orderKeys, type Order } from '@/api/orders/keys';

/**
 * GET /api/orders/{id}: the order with its notes and status updates. A 404 is shown by
 * the page ('No order found with ID {orderId}'), not also by the API Error overlay.
 */
export async function getOrder(ordersId: number, signal?: AbortSignal): Promise<Order> {
  return unwrap(
    await api.GET('/api/orders/{ordersId}', { params: { path: { ordersId } }, headers: handledByCaller('notFound'), ...(signal ? { signal } : {}) }),
  );
}

export function orderQueryOptions(ordersId: number) {
  return queryOptions({
    queryKey: orderKeys.detail(ordersId),
    queryFn: ({ signal }) => getOrder(ordersId, signal),
    staleTime: 0,
  });
}

export function useOrder(ordersId: number | null) {
  return useQuery({ ...orderQueryOptions(ordersId ?? 0), enabled: ordersId !== null && ordersId > 0 });
}

export function isOrderNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
