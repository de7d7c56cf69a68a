import { OPEN_ORDERS_QUERY, useOrderCount } from '@/api/orders/get-order-count';
import { useDayAppointments, usePracticeTimeZone } from '@/api/scheduling/get-day-appointments';
import { todayIn } from '@/lib/time-zone';

/**
 * The dashboard's two counts. Open orders come from `GET /api/orders/?limit=1&statuses=0`
 * (read from x-total-count); today's appointments from the day's list
 * (`GET /api/scheduling/1/appointments?date=yyyy-MM-dd`, today at the practice).
 */
export type CountState = { status: 'unavailable' } | { status: 'loading' } | { status: 'ready'; count: number } | { status: 'error' };

/** Today's appointments (spec part 1, section 2): every booked appointment of the practice's today (held ones are not booked yet). */
export function useTodaysAppointmentCount(): CountState {
  const zone = usePracticeTimeZone();
  const query = useDayAppointments({ date: todayIn(zone), order: 1 });
  if (query.data !== undefined) return { status: 'ready', count: query.data.filter((a) => !a.pending).length };
  if (query.isError) return { status: 'error' };
  return { status: 'loading' };
}

/** Open orders (spec part 1, section 2): statuses 1, 7 and 8. */
export function useOpenOrdersCount(): CountState {
  const query = useOrderCount(OPEN_ORDERS_QUERY);
  if (query.data !== undefined) return { status: 'ready', count: query.data };
  if (query.isError) return { status: 'error' };
  return { status: 'loading' };
}
