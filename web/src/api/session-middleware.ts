import type { Middleware } from 'openapi-fetch';
import type { TokenStore } from '@/lib/token';
import { shouldReplaceToken } from '@/lib/token';
import { parseErrorBody } from './errors';

export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';
export const HEALTH_PATH = '/api/health';
/** Public (works logged out): its answer carries no token. */
export const HELP_PATH = '/api/help';
export const JWT_HEADER = 'jwt';
/**
 * Per-call instruction to the middleware (never sent: it is removed before the request
 * leaves). Built by `handledByCaller()`; see there.
 */
export const HANDLED_HEADER = 'x-pocketchart-handled-by-caller';

/**
 * What a caller can say it shows to the user itself, so the API Error overlay does not:
 * - `fieldErrors`: a 400 whose body names `fields` (a form shows each on its field; a 400
 *   without `fields` still opens the overlay).
 * - `notFound`: a 404 (the screen shows its own "not found" text, e.g. 'No patient was found').
 */
export type HandledByCaller = 'fieldErrors' | 'notFound';

/**
 * The per-call option of the one client: pass the result as (or merge it into) the call's
 * `headers`, e.g. `api.POST('/api/patients', { body, headers: handledByCaller('fieldErrors') })`.
 * The answer still rejects through `unwrap` (ApiRequestError with `fields`); it is only kept
 * off the overlay and reported as `otherError` (logged) instead.
 */
export function handledByCaller(...what: HandledByCaller[]): Record<string, string> {
  return { [HANDLED_HEADER]: what.join(',') };
}

/** How the API client tells the app about answers that need the user's attention. */
export interface ApiEvents {
  /** A 401 outside the login call: the app logs out (spec part 1, section 4.5). */
  unauthorized(): void;
  /** 400, 404 and 401 answers: the app shows the API Error overlay with the server's message. */
  apiError(info: { status: number; message: string; path: string }): void;
  /** A successful answer without a `jwt` header. */
  missingJwt(path: string): void;
  /** Any other failing status (logged; the caller handles the rejection). */
  otherError?(info: { status: number; path: string }): void;
}

export interface SessionMiddlewareOptions {
  tokens: TokenStore;
  /** The session generation: bumped at login and logout; answers to older requests are ignored. */
  generation: () => number;
  events: ApiEvents;
}

const OVERLAY_STATUSES = new Set([400, 401, 404]);
const NO_JWT_EXPECTED = new Set([LOGIN_PATH, LOGOUT_PATH, HEALTH_PATH, HELP_PATH]);

function pathOf(request: Request): string {
  return new URL(request.url).pathname;
}

function handledOf(request: Request): Set<HandledByCaller> {
  const raw = request.headers.get(HANDLED_HEADER);
  if (raw === null) return new Set();
  request.headers.delete(HANDLED_HEADER);
  return new Set(raw.split(',').map((v) => v.trim()).filter((v): v is HandledByCaller => v === 'fieldErrors' || v === 'notFound'));
}

/** Whether the caller said it shows this failing answer itself (see `handledByCaller`). */
async function callerHandles(handled: Set<HandledByCaller> | undefined, response: Response): Promise<boolean> {
  if (!handled || handled.size === 0) return false;
  if (response.status === 404) return handled.has('notFound');
  if (response.status === 400 && handled.has('fieldErrors')) {
    try {
      const { fields } = parseErrorBody(await response.clone().json());
      return !!fields && Object.keys(fields).length > 0;
    } catch {
      return false;
    }
  }
  return false;
}

async function serverMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.clone().json();
    const { message } = parseErrorBody(body);
    if (message) return message;
  } catch {
    // not JSON
  }
  return `${response.status} ${response.statusText}`.trim();
}

/**
 * jwt chaining and error reporting for every call (spec part 1, sections 7 and 8):
 * sends the newest token, keeps the token of every answer, turns a 401 outside the
 * login call into a logout, and reports 400/404/401 to the API Error overlay.
 */
export function sessionMiddleware({ tokens, generation, events }: SessionMiddlewareOptions): Middleware {
  const sentIn = new Map<string, number>();
  const handledBy = new Map<string, Set<HandledByCaller>>();
  return {
    onRequest({ request, id }) {
      sentIn.set(id, generation());
      const handled = handledOf(request);
      if (handled.size > 0) handledBy.set(id, handled);
      const path = pathOf(request);
      const token = tokens.get();
      if (token && path !== LOGIN_PATH) request.headers.set(JWT_HEADER, token);
      return request;
    },
    async onResponse({ request, response, id }) {
      const sentGeneration = sentIn.get(id);
      const handled = handledBy.get(id);
      sentIn.delete(id);
      handledBy.delete(id);
      // An answer to a request sent before a login or logout must not touch the new session.
      if (sentGeneration !== generation()) return response;
      const path = pathOf(request);
      const isLogin = path === LOGIN_PATH;
      const fresh = response.headers.get(JWT_HEADER);
      const held = tokens.get();
      if (fresh && !isLogin && held && shouldReplaceToken(held, fresh)) tokens.set(fresh);
      if (response.ok) {
        if (!fresh && !NO_JWT_EXPECTED.has(path)) events.missingJwt(path);
        return response;
      }
      if (response.status === 401 && (isLogin || !held)) return response;
      if (OVERLAY_STATUSES.has(response.status) && response.status !== 401 && (await callerHandles(handled, response))) {
        events.otherError?.({ status: response.status, path });
      } else if (OVERLAY_STATUSES.has(response.status)) {
        events.apiError({ status: response.status, message: await serverMessage(response), path });
      } else {
        events.otherError?.({ status: response.status, path });
      }
      if (response.status === 401 && held) events.unauthorized();
      return response;
    },
    onError({ id }) {
      sentIn.delete(id);
      handledBy.delete(id);
    },
  };
}
