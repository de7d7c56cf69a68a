import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { unwrap } from '@/api/errors';
import type { Order, OrderInput } from '@/api/orders/keys';
import { placeSavedOrder } from '../lib/list-cache';

/** POST /api/orders (201 with the order and its ordersId). A 400 names the fields at fault: the form shows them. */
export async function createOrder(input: OrderInput): Promise<Order> {
  return unwrap(await api.POST('/api/orders', { body: input, headers: handledByCaller('fieldErrors') }));
}

/** Creates an order and puts it on top of the lists it belongs in (no reload). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => placeSavedOrder(queryClient, order, 'created'),
  });
}
