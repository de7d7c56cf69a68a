import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { unwrap } from '../errors';
import { realUsers, type User } from './get-users';

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['providers'] as const,
    queryFn: async () => realUsers<User>(unwrap(await api.GET('/api/providers'))),
    staleTime: Infinity,
  });

export const useProviders = () => useQuery(providersQueryOptions());
