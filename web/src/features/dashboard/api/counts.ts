import { OPEN_ORDERS_QUERY, useOrderCount } from '@/api/orders/get-order-count';

/**
 * The dashboard's two counts. Open orders come from `GET /api/orders/?limit=1&statuses=0`
 * (read from x-total-count). Today's appointments arrive with the scheduling issue
 * (the appointment list for a yyyy-MM-dd date); until then that card shows no number:
 * never an invented one.
 */
export type CountState = { status: 'unavailable' } | { status: 'loading' } | { status: 'ready'; count: number } | { status: 'error' };

/** Today's appointments (spec part 1, section 2). */
export function useTodaysAppointmentCount(): CountState {
  return { status: 'unavailable' };
}

/** Open orders (spec part 1, section 2): statuses 1, 7 and 8. */
export function useOpenOrdersCount(): CountState {
  const query = useOrderCount(OPEN_ORDERS_QUERY);
  if (query.data !== undefined) return { status: 'ready', count: query.data };
  if (query.isError) return { status: 'error' };
  return { status: 'loading' };
}
