import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { editConflictOf, unwrap, type EditConflict } from '@/api/errors';
import type { Order, OrderInput } from '@/api/orders/keys';
import { placeSavedOrder } from '../lib/list-cache';

/**
 * PATCH /api/orders/{id}: fields sent as null keep their value; `orderNote` appends a
 * note; a new status appends a status update. A 400 names the fields at fault.
 */
export async function updateOrder({ ordersId, input }: { ordersId: number; input: OrderInput }): Promise<Order> {
  return unwrap(await api.PATCH('/api/orders/{ordersId}', { params: { path: { ordersId } }, body: input, headers: handledByCaller('fieldErrors') }));
}

/** A 409 `edit_conflict` of this order's change: the message and the order as now saved; null for any other error. */
export function orderEditConflict(error: unknown, ordersId: number): EditConflict<Order> | null {
  return editConflictOf<Order>(error, (current) => (current as Partial<Order>).ordersId === ordersId);
}

/** Saves an edit and replaces the order in place in every loaded list (no reload); so does a refusal as stale, with the order as now saved. */
export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: (order) => placeSavedOrder(queryClient, order, 'updated'),
    onError: (error, { ordersId }) => {
      const stale = orderEditConflict(error, ordersId);
      if (stale) placeSavedOrder(queryClient, stale.current, 'updated');
    },
  });
}
