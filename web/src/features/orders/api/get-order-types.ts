import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { orderKeys, type OrderType } from '@/api/orders/keys';
import { asList } from '@/api/references/get-reference-list';

/** GET /api/orderTypes: every type (reference data, fetched once). */
export const orderTypesQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.types,
    queryFn: async () => asList<OrderType>(unwrap(await api.GET('/api/orderTypes'))),
    staleTime: Infinity,
  });

export const useOrderTypes = () => useQuery(orderTypesQueryOptions());
