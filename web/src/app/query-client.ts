import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@/api/errors';
import { onSessionEnd } from '@/lib/session';

/** Answers the server gave deliberately (4xx) are not retried; network and 5xx failures twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

let shared: QueryClient | null = null;

/**
 * The app's one query client, made when the logged-in part of the app first loads (the login
 * page does not load the query library). No patient data survives a session: the cache goes
 * with it (spec part 1, section 4).
 */
export function appQueryClient(): QueryClient {
  if (shared) return shared;
  const client = createQueryClient();
  onSessionEnd(() => {
    client.cancelQueries().catch(() => undefined);
    client.clear();
  });
  shared = client;
  return client;
}
