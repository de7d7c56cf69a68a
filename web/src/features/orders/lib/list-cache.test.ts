import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { orderKeys, type Order, type OrdersQuery } from '@/api/orders/keys';
import { OPEN_STATUS_IDS, ORDER_STATUSES } from '@/test/order-reference';
import { flattenOrders, nextOffset, orderMatchesQuery, placeSavedOrder, withCreatedOrder, withUpdatedOrder, type OrdersData, type OrdersPage } from './list-cache';

function order(ordersId: number, over: Partial<Order> = {}): Order {
  return {
    ordersId,
    version: 1,
    orderNumber: String(ordersId).padStart(6, '0'),
    assignedToUserId: 2,
    assignedToName: 'Avery, Jordan',
    longDescription: '',
    orderNotes: [],
    orderStatusId: 1,
    ordered: '2026-11-22',
    shortDescription: `Order ${ordersId}`,
    signed: false,
    statusString: 'Open',
    statusUpdates: [],
    typeId: 100,
    typeString: 'General',
    urgent: false,
    officeId: 1,
    providerId: 3,
    ...over,
  };
}

function page(ids: number[], offset: number, pageCount = 2): OrdersPage {
  return { orders: ids.map((id) => order(id)), total: 50, pageCount, offset };
}

const twoPages = (): OrdersData => ({ pages: [page([10, 9, 8], 0), page([7, 6, 5], 3)], pageParams: [0, 3] });
const ids = (data: OrdersData | undefined) => flattenOrders(data).map((o) => o.ordersId);

describe('the list cache', () => {
  it('puts a new order on top of the first page', () => {
    const next = withCreatedOrder(twoPages(), order(11), {}, OPEN_STATUS_IDS);
    expect(ids(next)).toEqual([11, 10, 9, 8, 7, 6, 5]);
    expect(next?.pages[0]?.total).toBe(51);
  });

  it('replaces an edited order in place, wherever it is, leaving the others untouched', () => {
    const before = twoPages();
    const next = withUpdatedOrder(before, order(6, { orderStatusId: 2, statusString: 'Completed' }));
    expect(ids(next)).toEqual([10, 9, 8, 7, 6, 5]);
    expect(flattenOrders(next).find((o) => o.ordersId === 6)?.statusString).toBe('Completed');
    expect(next?.pages[0]).toBe(before.pages[0]);
    expect(withUpdatedOrder(before, order(99))).toBe(before);
  });

  it('a new order already listed (a refresh was quicker) is replaced, not repeated', () => {
    const next = withCreatedOrder(twoPages(), order(9, { urgent: true }), {}, OPEN_STATUS_IDS);
    expect(ids(next)).toEqual([10, 9, 8, 7, 6, 5]);
    expect(flattenOrders(next)[1]?.urgent).toBe(true);
  });

  it('a new order is only placed in lists whose tab and filters it matches', () => {
    const mine: OrdersQuery = { user: 2, statuses: '0' };
    expect(ids(withCreatedOrder(twoPages(), order(11, { assignedToUserId: 4 }), mine, OPEN_STATUS_IDS))).toEqual([10, 9, 8, 7, 6, 5]);
    expect(ids(withCreatedOrder(twoPages(), order(11, { orderStatusId: 2 }), mine, OPEN_STATUS_IDS))).toEqual([10, 9, 8, 7, 6, 5]);
    expect(ids(withCreatedOrder(twoPages(), order(11, { orderStatusId: 8 }), mine, OPEN_STATUS_IDS))[0]).toBe(11);
  });

  it('matches orders against every filter as the server does', () => {
    const o = order(1, { officeId: null, providerId: 4, orderStatusId: 9, typeId: 111, signed: true });
    expect(orderMatchesQuery(o, {}, OPEN_STATUS_IDS)).toBe(true);
    expect(orderMatchesQuery(o, { offices: '0' }, OPEN_STATUS_IDS)).toBe(true);
    expect(orderMatchesQuery(o, { offices: '1,2' }, OPEN_STATUS_IDS)).toBe(false);
    expect(orderMatchesQuery(o, { providers: '4' }, OPEN_STATUS_IDS)).toBe(true);
    expect(orderMatchesQuery(o, { statuses: '0' }, OPEN_STATUS_IDS)).toBe(false);
    expect(orderMatchesQuery(o, { statuses: '0,9' }, OPEN_STATUS_IDS)).toBe(true);
    expect(orderMatchesQuery(o, { types: '100,111' }, OPEN_STATUS_IDS)).toBe(true);
    expect(orderMatchesQuery(o, { signed: 1 }, OPEN_STATUS_IDS)).toBe(true);
    expect(orderMatchesQuery(o, { unsigned: 1 }, OPEN_STATUS_IDS)).toBe(false);
  });

  it('shows an order once when the next page repeats it (pages shift after a new order on top)', () => {
    const data: OrdersData = { pages: [page([11, 10, 9, 8], 0), page([8, 7, 6], 3)], pageParams: [0, 3] };
    expect(ids(data)).toEqual([11, 10, 9, 8, 7, 6]);
  });

  it('asks for the next page while the pages loaded are fewer than the page count', () => {
    expect(nextOffset([], 25)).toBe(0);
    expect(nextOffset([page([1], 0, 3)], 25)).toBe(25);
    expect(nextOffset([page([1], 0, 3), page([2], 25, 3)], 25)).toBe(50);
    expect(nextOffset([page([1], 0, 2), page([2], 25, 2)], 25)).toBeUndefined();
    expect(nextOffset([page([], 0, 0)], 25)).toBeUndefined();
  });

  it('after a save, updates every loaded list and the order itself, and refreshes the counts', async () => {
    const client = new QueryClient();
    const all: OrdersQuery = { statuses: '0' };
    const mine: OrdersQuery = { user: 2, statuses: '0' };
    client.setQueryData(orderKeys.list(all), twoPages());
    client.setQueryData(orderKeys.list(mine), twoPages());
    client.setQueryData(orderKeys.count(all), 50);
    client.setQueryData(orderKeys.statuses, ORDER_STATUSES);

    placeSavedOrder(client, order(12, { assignedToUserId: 5 }), 'created');
    expect(ids(client.getQueryData<OrdersData>(orderKeys.list(all)))[0]).toBe(12);
    expect(ids(client.getQueryData<OrdersData>(orderKeys.list(mine)))[0]).toBe(10);
    expect(client.getQueryData<Order>(orderKeys.detail(12))?.assignedToUserId).toBe(5);
    expect(client.getQueryState(orderKeys.count(all))?.isInvalidated).toBe(true);

    placeSavedOrder(client, order(7, { shortDescription: 'Edited' }), 'updated');
    for (const query of [all, mine]) {
      const rows = flattenOrders(client.getQueryData<OrdersData>(orderKeys.list(query)));
      expect(rows.find((o) => o.ordersId === 7)?.shortDescription).toBe('Edited');
      expect(rows.findIndex((o) => o.ordersId === 7)).toBe(query === all ? 4 : 3);
    }
    client.clear();
  });

  it("without the server's statuses, reloads a list asked for 'All Open' rather than guess", () => {
    const client = new QueryClient();
    const all: OrdersQuery = { statuses: '0' };
    const some: OrdersQuery = { statuses: '2,3' };
    client.setQueryData(orderKeys.list(all), twoPages());
    client.setQueryData(orderKeys.list(some), twoPages());
    placeSavedOrder(client, order(12, { orderStatusId: 2 }), 'created');
    expect(client.getQueryState(orderKeys.list(all))?.isInvalidated).toBe(true);
    expect(ids(client.getQueryData<OrdersData>(orderKeys.list(all)))[0]).toBe(10);
    expect(ids(client.getQueryData<OrdersData>(orderKeys.list(some)))[0]).toBe(12);
    expect(client.getQueryState(orderKeys.list(some))?.isInvalidated).toBe(false);
    client.clear();
  });

  it("'All Open' means the statuses the server marks open", () => {
    const o = order(1, { orderStatusId: 3 });
    expect(orderMatchesQuery(o, { statuses: '0' }, [3])).toBe(true);
    expect(orderMatchesQuery(o, { statuses: '0' }, OPEN_STATUS_IDS)).toBe(false);
  });
});
