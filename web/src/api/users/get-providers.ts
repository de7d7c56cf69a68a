import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionListOptions } from '@/lib/session-lists';
import { api } from '../client';
import { unwrap } from '../errors';
import { realUsers, type User } from './get-users';

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['providers'] as const,
    ...sessionListOptions('providers', async () => realUsers<User>(unwrap(await api.GET('/api/providers')))),
  });

export const useProviders = () => useQuery(providersQueryOptions());
