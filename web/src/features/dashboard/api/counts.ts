/**
 * The dashboard's two counts. The calls behind them arrive with the scheduling and
 * orders issues (today's appointments for a yyyy-MM-dd date; GET /api/orders/?limit=1
 * &statuses=0 read from x-total-count). Until they exist the cards show no number:
 * never an invented one.
 */
export type CountState = { status: 'unavailable' } | { status: 'loading' } | { status: 'ready'; count: number } | { status: 'error' };

/** Today's appointments (spec part 1, section 2). */
export function useTodaysAppointmentCount(): CountState {
  return { status: 'unavailable' };
}

/** Open orders (spec part 1, section 2). */
export function useOpenOrdersCount(): CountState {
  return { status: 'unavailable' };
}
