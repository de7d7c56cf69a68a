import type { OrderStatus, OrderType } from '@/api/orders/keys';

/**
 * Order types and statuses as the demo server answers `GET /api/orderTypes` and
 * `GET /api/orderStatuses`: `selectable` for types 1-4, 100-102 and above 110, `open` for
 * statuses 1, 7 and 8 (spec part 1, sections 4 and 9). The rules the app applies are read
 * from these flags, so the tests give the flags as the server does.
 */
export const ORDER_TYPES: OrderType[] = [1, 2, 3, 4, 5, 50, 60, 100, 101, 102, 110, 111, 114].map((typeId) => ({
  typeId,
  type: `Type ${typeId}`,
  selectable: [1, 2, 3, 4, 100, 101, 102].includes(typeId) || typeId > 110,
}));

export const ORDER_STATUSES: OrderStatus[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((orderStatusId) => ({
  orderStatusId,
  orderStatus: `Status ${orderStatusId}`,
  open: [1, 7, 8].includes(orderStatusId),
}));

export const OPEN_STATUS_IDS = [1, 7, 8];
