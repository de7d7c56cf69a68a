import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { scheduleKeys } from '@/api/scheduling/keys';
import { SCHEDULE_POLL_MS } from '../lib/constants';

/**
 * While a schedule screen is open, asks the server's change stamp every SCHEDULE_POLL_MS
 * and when the window regains focus; when it moved (another front desk booked, moved or
 * deleted something), everything under ['scheduling'] is loaded again.
 */
export function useScheduleVersionWatch() {
  const queryClient = useQueryClient();
  const version = useQuery({
    queryKey: scheduleKeys.version,
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/scheduling/1/version', { signal })).version,
    refetchInterval: SCHEDULE_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (version.data === undefined) return;
    if (seen.current !== undefined && seen.current !== version.data) void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    seen.current = version.data;
  }, [version.data, queryClient]);
}
