import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { orderKeys, type OrderStatus } from '@/api/orders/keys';
import { asList } from '@/api/references/get-reference-list';

/** GET /api/orderStatuses: every status (reference data, fetched once). */
export const orderStatusesQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.statuses,
    queryFn: async () => asList<OrderStatus>(unwrap(await api.GET('/api/orderStatuses'))),
    staleTime: Infinity,
  });

export const useOrderStatuses = () => useQuery(orderStatusesQueryOptions());
