import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { scheduleKeys, type Transparency } from '@/api/scheduling/keys';

/** A day's block-outs (`GET /api/scheduling/1/transparencies?date=&resources=`), fetched alongside the day. */
export async function getTransparencies(date: string, resources: string | undefined, signal?: AbortSignal): Promise<Transparency[]> {
  const data = unwrap(await api.GET('/api/scheduling/1/transparencies', { params: { query: { date, ...(resources ? { resources } : {}) } }, ...(signal ? { signal } : {}) }));
  return Array.isArray(data) ? data : [];
}

export function transparenciesQueryOptions(date: string, resources: string | undefined) {
  return queryOptions({
    queryKey: scheduleKeys.transparencies(date, resources),
    queryFn: ({ signal }) => getTransparencies(date, resources, signal),
    staleTime: 0,
  });
}

export function useTransparencies(date: string, resources: string | undefined) {
  return useQuery(transparenciesQueryOptions(date, resources));
}
