import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { clinicalKeys } from './get-clinical-counts';
import type { ClinicalOptions } from './types';

/**
 * GET /api/preferences/preferences/clinicalOptions: the product's default widget list and the
 * practice's desktop layout, for the dialog's Reset buttons (asked when the dialog opens).
 */
export function useClinicalOptions(enabled: boolean) {
  return useQuery({
    queryKey: clinicalKeys.options,
    queryFn: async ({ signal }): Promise<ClinicalOptions> => {
      return unwrap(await api.GET('/api/preferences/preferences/clinicalOptions', { signal }));
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}
