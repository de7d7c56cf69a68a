import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { ApiRequestError, unwrap } from '@/api/errors';
import type { Vitals } from '../lib/vitals';

export const vitalsKeys = {
  one: (vitalsId: number) => ['vitals', vitalsId] as const,
};

/** GET /api/vitals/{id}: one measurement. A 404 is shown by the page. */
export function vitalsQueryOptions(vitalsId: number) {
  return queryOptions({
    queryKey: vitalsKeys.one(vitalsId),
    queryFn: async ({ signal }): Promise<Vitals> =>
      unwrap(await api.GET('/api/vitals/{vitalsId}', { params: { path: { vitalsId } }, headers: handledByCaller('notFound'), signal })),
    staleTime: 60_000,
  });
}

export function useVitals(vitalsId: number | null) {
  return useQuery({ ...vitalsQueryOptions(vitalsId ?? 0), enabled: vitalsId !== null && vitalsId > 0 });
}

export function isVitalsNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
