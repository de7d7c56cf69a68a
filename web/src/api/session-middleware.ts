import type { Middleware } from 'openapi-fetch';
import type { TokenStore } from '@/lib/token';
import { shouldReplaceToken } from '@/lib/token';
import { parseErrorBody } from './errors';

export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';
export const HEALTH_PATH = '/api/health';
export const JWT_HEADER = 'jwt';

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
const NO_JWT_EXPECTED = new Set([LOGIN_PATH, LOGOUT_PATH, HEALTH_PATH]);

function pathOf(request: Request): string {
  return new URL(request.url).pathname;
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
  return {
    onRequest({ request, id }) {
      sentIn.set(id, generation());
      const path = pathOf(request);
      const token = tokens.get();
      if (token && path !== LOGIN_PATH) request.headers.set(JWT_HEADER, token);
      return request;
    },
    async onResponse({ request, response, id }) {
      const sentGeneration = sentIn.get(id);
      sentIn.delete(id);
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
      if (OVERLAY_STATUSES.has(response.status)) {
        events.apiError({ status: response.status, message: await serverMessage(response), path });
      } else {
        events.otherError?.({ status: response.status, path });
      }
      if (response.status === 401 && held) events.unauthorized();
      return response;
    },
    onError({ id }) {
      sentIn.delete(id);
    },
  };
}
