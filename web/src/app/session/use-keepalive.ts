import { useEffect } from 'react';
import { keepalive } from '@/api/session/keepalive';
import { KEEPALIVE_INTERVAL_MS } from '@/lib/constants';

/** PATCH /api/keepalive every 30 seconds while logged in (spec part 1, section 4). */
export function useKeepalive(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const id = window.setInterval(() => void keepalive(), KEEPALIVE_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [enabled]);
}
