import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../errors';
import { pendingApi } from '../pending';

/** GET /api/help (public: also before a login): the practice's help desk and contact lines; '' = not set. */
export interface HelpInfo {
  helpDeskUrl: string;
  mainPhone: string;
  supportUsPhone: string;
  supportInternationalPhone: string;
  website: string;
  /** May hold line breaks. */
  address: string;
  social: Array<{ name: string; url: string }>;
}

export const helpQueryOptions = () =>
  queryOptions({
    queryKey: ['help'] as const,
    queryFn: async ({ signal }): Promise<HelpInfo> => unwrap(await pendingApi.GET('/api/help', { signal })) as HelpInfo,
    // The practice's contact lines rarely change: once per app start is enough.
    staleTime: 60 * 60_000,
  });

export const useHelp = () => useQuery(helpQueryOptions());
