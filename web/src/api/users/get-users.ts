import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionListOptions } from '@/lib/session-lists';
import { api } from '../client';
import { unwrap } from '../errors';
import type { components } from '../schema';

export type User = components['schemas']['User'];

/** Users with id 1 or less are system users and never listed (spec part 1, section 3). */
export function realUsers<T extends { userId: number }>(list: unknown): T[] {
  return Array.isArray(list) ? (list as T[]).filter((u) => u.userId > 1) : [];
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: ['users'] as const,
    ...sessionListOptions('users', async () => realUsers<User>(unwrap(await api.GET('/api/users')))),
  });

export const useUsers = () => useQuery(usersQueryOptions());
