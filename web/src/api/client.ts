import createClient, { type Client } from 'openapi-fetch';
import { getSession } from '@/lib/session';
import { localTokenStore, type TokenStore } from '@/lib/token';
import type { paths } from './schema';
import { sessionMiddleware, type ApiEvents } from './session-middleware';

export { handledByCaller, type HandledByCaller } from './session-middleware';

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  baseUrl: string;
  tokens: TokenStore;
  generation: () => number;
  events: ApiEvents;
  fetch?: (request: Request) => Promise<Response>;
}

/** Builds the API client (exported for tests; the app uses `api` below). */
export function createApiClient({ baseUrl, tokens, generation, events, fetch }: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl,
    ...(fetch ? { fetch } : {}),
    headers: { accept: 'application/json' },
    cache: 'no-store',
    credentials: 'same-origin',
  });
  client.use(sessionMiddleware({ tokens, generation, events }));
  return client;
}

const silentEvents: ApiEvents = {
  unauthorized: () => undefined,
  apiError: () => undefined,
  missingJwt: (path) => console.error(`No JWT in the response header (${path})`),
};

let appEvents: ApiEvents = silentEvents;

/** The app shell connects the client's events to logout and the overlays. */
export function setApiEvents(events: ApiEvents): void {
  appEvents = events;
}

/** The one API client of the app. */
export const api: ApiClient = createApiClient({
  baseUrl: globalThis.location?.origin ?? '',
  tokens: localTokenStore,
  generation: () => getSession().generation,
  events: {
    unauthorized: () => appEvents.unauthorized(),
    apiError: (info) => appEvents.apiError(info),
    missingJwt: (path) => appEvents.missingJwt(path),
    otherError: (info) => appEvents.otherError?.(info),
  },
});
