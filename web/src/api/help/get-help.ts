import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { unwrap } from '../errors';
import type { components } from '../schema';

/** GET /api/help (public: also before a login): the practice's help desk and contact lines ('' = not set); the address may hold line breaks. */
export type HelpInfo = components['schemas']['HelpContent'];

export const helpQueryOptions = () =>
  queryOptions({
    queryKey: ['help'] as const,
    queryFn: async ({ signal }): Promise<HelpInfo> => unwrap(await api.GET('/api/help', { signal })),
    // The practice's contact lines rarely change: once per app start is enough.
    staleTime: 60 * 60_000,
  });

export const useHelp = () => useQuery(helpQueryOptions());
