import { describe, expect, it, vi } from 'vitest';
import { memoryTokenStore } from '@/lib/token';
import { fakeJwt } from '@/test/jwt';
import { createApiClient, handledByCaller } from './client';
import { ApiRequestError, unwrap } from './errors';
import type { ApiEvents } from './session-middleware';

interface Reply {
  status?: number;
  body?: unknown;
  jwt?: string;
}

/** A fake server: records each request and answers from a per-path script. */
function setup(script: Record<string, Reply | Reply[]>, initialToken: string | null = null) {
  const seen: Array<{ path: string; method: string; jwt: string | null; body: string | null }> = [];
  const calls = new Map<string, number>();
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    seen.push({ path, method: request.method, jwt: request.headers.get('jwt'), body: request.body ? await request.text() : null });
    const entry = script[path];
    const n = calls.get(path) ?? 0;
    calls.set(path, n + 1);
    const reply = (Array.isArray(entry) ? entry[Math.min(n, entry.length - 1)] : entry) ?? { status: 404, body: { code: 'not_found', message: 'No such path' } };
    const status = reply.status ?? 200;
    const headers = new Headers({ 'content-type': 'application/json' });
    if (reply.jwt) headers.set('jwt', reply.jwt);
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), { status, headers });
  });
  const tokens = memoryTokenStore(initialToken);
  let generation = 1;
  const events: ApiEvents = { unauthorized: vi.fn(), apiError: vi.fn(), missingJwt: vi.fn(), otherError: vi.fn() };
  const client = createApiClient({ baseUrl: 'http://clinic.test', tokens, generation: () => generation, events, fetch });
  return { client, seen, tokens, events, fetch, bump: () => (generation += 1) };
}

const t1 = fakeJwt({ userId: 5, iat: 100 });
const t2 = fakeJwt({ userId: 5, iat: 101 });
const t3 = fakeJwt({ userId: 5, iat: 102 });

describe('the API client', () => {
  it('sends the newest token and keeps the one each answer brings', async () => {
    const { client, seen, tokens, events } = setup({ '/api/users': [{ body: [], jwt: t2 }, { body: [], jwt: t3 }] }, t1);
    await client.GET('/api/users');
    expect(tokens.get()).toBe(t2);
    await client.GET('/api/users');
    expect(seen.map((s) => s.jwt)).toEqual([t1, t2]);
    expect(tokens.get()).toBe(t3);
    expect(events.missingJwt).not.toHaveBeenCalled();
  });

  it('ignores a token older than the one held (answers out of order)', async () => {
    const { client, tokens } = setup({ '/api/users': { body: [], jwt: t1 } }, t3);
    await client.GET('/api/users');
    expect(tokens.get()).toBe(t3);
  });

  it('logs out on a 401 outside the login call and reports the server message', async () => {
    const { client, events } = setup({ '/api/users': { status: 401, body: { code: 'unauthorized', message: 'Session expired' } } }, t1);
    const result = await client.GET('/api/users');
    expect(result.response.status).toBe(401);
    expect(events.unauthorized).toHaveBeenCalledTimes(1);
    expect(events.apiError).toHaveBeenCalledWith({ status: 401, message: 'Session expired', path: '/api/users' });
    expect(() => unwrap(result)).toThrow(ApiRequestError);
  });

  it('passes a 401 of the login call through without logging out or an overlay', async () => {
    const { client, events, seen } = setup({ '/api/login': { status: 401, body: { code: 'invalid_credentials', message: 'Wrong' } } }, t1);
    const result = await client.POST('/api/login', { body: { clientType: 8, username: 'demo', password: 'x' } });
    expect(result.response.status).toBe(401);
    expect(events.unauthorized).not.toHaveBeenCalled();
    expect(events.apiError).not.toHaveBeenCalled();
    expect(events.missingJwt).not.toHaveBeenCalled();
    expect(seen[0]?.jwt).toBeNull();
  });

  it('reports 400 and 404 to the API Error overlay with the server message, and field errors to the caller', async () => {
    const { client, events } = setup(
      {
        '/api/preferences/save': { status: 400, body: { code: 'invalid_input', message: 'Some fields are not valid', fields: { update: 'Must be a whole number' } }, jwt: t2 },
        '/api/users/9': { status: 404, body: { code: 'not_found', message: 'No user 9' }, jwt: t2 },
      },
      t1,
    );
    const saved = await client.POST('/api/preferences/save', { body: { key: 'autoLogout', update: 'x' } });
    expect(events.apiError).toHaveBeenCalledWith({ status: 400, message: 'Some fields are not valid', path: '/api/preferences/save' });
    try {
      unwrap(saved);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiRequestError);
      expect((error as ApiRequestError).fields).toEqual({ update: 'Must be a whole number' });
      expect((error as ApiRequestError).code).toBe('invalid_input');
    }
    await client.GET('/api/users/{userId}', { params: { path: { userId: 9 } } });
    expect(events.apiError).toHaveBeenLastCalledWith({ status: 404, message: 'No user 9', path: '/api/users/9' });
    expect(events.unauthorized).not.toHaveBeenCalled();
  });

  it("keeps a 400 with fields off the overlay when the call says it handles its own field errors", async () => {
    const invalid = { status: 400, body: { code: 'invalid_input', message: 'Some fields are not valid', fields: { lastName: 'Required field' } }, jwt: t2 };
    const partialPatient = { lastName: '' } as never;
    const { client, events, seen } = setup({ '/api/patients': [invalid, invalid, { status: 400, body: { code: 'malformed_json', message: 'Bad JSON' }, jwt: t2 }] }, t1);
    const own = await client.POST('/api/patients', { body: partialPatient, headers: handledByCaller('fieldErrors') });
    expect(events.apiError).not.toHaveBeenCalled();
    expect(events.otherError).toHaveBeenCalledWith({ status: 400, path: '/api/patients' });
    // The instruction never leaves the browser, and the caller still gets the field errors.
    expect(seen[0]?.jwt).toBe(t1);
    expect(() => unwrap(own)).toThrow(ApiRequestError);
    try {
      unwrap(own);
    } catch (error) {
      expect((error as ApiRequestError).fields).toEqual({ lastName: 'Required field' });
    }
    // Without the option the same answer opens the overlay.
    await client.POST('/api/patients', { body: partialPatient });
    expect(events.apiError).toHaveBeenCalledTimes(1);
    // A 400 without fields is not a field error: the overlay shows it even with the option.
    await client.POST('/api/patients', { body: partialPatient, headers: handledByCaller('fieldErrors') });
    expect(events.apiError).toHaveBeenLastCalledWith({ status: 400, message: 'Bad JSON', path: '/api/patients' });
  });

  it('removes the per-call header before sending and can keep a 404 off the overlay too', async () => {
    const sentHeaders: Array<string | null> = [];
    const tokens = memoryTokenStore(t1);
    const events: ApiEvents = { unauthorized: vi.fn(), apiError: vi.fn(), missingJwt: vi.fn(), otherError: vi.fn() };
    const client = createApiClient({
      baseUrl: 'http://clinic.test',
      tokens,
      generation: () => 1,
      events,
      fetch: async (request) => {
        sentHeaders.push(request.headers.get('x-pocketchart-handled-by-caller'));
        return new Response(JSON.stringify({ code: 'not_found', message: 'No patient with ID 9' }), { status: 404, headers: { jwt: t2 } });
      },
    });
    await client.GET('/api/patients/{patientId}', { params: { path: { patientId: 9 } }, headers: handledByCaller('notFound') });
    expect(sentHeaders).toEqual([null]);
    expect(events.apiError).not.toHaveBeenCalled();
    expect(events.otherError).toHaveBeenCalledWith({ status: 404, path: '/api/patients/9' });
    // 'fieldErrors' alone does not cover a 404.
    await client.GET('/api/patients/{patientId}', { params: { path: { patientId: 9 } }, headers: handledByCaller('fieldErrors') });
    expect(events.apiError).toHaveBeenCalledWith({ status: 404, message: 'No patient with ID 9', path: '/api/patients/9' });
  });

  it('logs other failing statuses without the overlay', async () => {
    const { client, events } = setup({ '/api/preferences/save': { status: 403, body: { code: 'desktop_only', message: 'Desktop only' }, jwt: t2 } }, t1);
    await client.POST('/api/preferences/save', { body: { key: 'defaultView', update: 1 } });
    expect(events.apiError).not.toHaveBeenCalled();
    expect(events.otherError).toHaveBeenCalledWith({ status: 403, path: '/api/preferences/save' });
  });

  it("reports 'No JWT in the response header' for a successful answer without one, except health, logout and the public help", async () => {
    const { client, events } = setup({ '/api/users': { body: [] }, '/api/health': { body: { status: 'ok' } }, '/api/logout': { status: 204 }, '/api/help': { body: {} } }, t1);
    await client.GET('/api/users');
    expect(events.missingJwt).toHaveBeenCalledWith('/api/users');
    await client.GET('/api/health');
    await client.POST('/api/logout');
    await client.GET('/api/help');
    expect(events.missingJwt).toHaveBeenCalledTimes(1);
  });

  it('does not let an answer to a request of an ended session touch the new one', async () => {
    const state = setup({ '/api/users': { status: 401, body: { code: 'unauthorized', message: 'x' }, jwt: t3 } }, t1);
    const pending = state.client.GET('/api/users');
    state.bump(); // logout or a new login happened meanwhile
    await pending;
    expect(state.events.unauthorized).not.toHaveBeenCalled();
    expect(state.events.apiError).not.toHaveBeenCalled();
    expect(state.tokens.get()).toBe(t1);
  });

  it('does not store a token when no session holds one', async () => {
    const { client, tokens, events } = setup({ '/api/users': { status: 401, body: { code: 'unauthorized', message: 'x' }, jwt: t2 } }, null);
    await client.GET('/api/users');
    expect(tokens.get()).toBeNull();
    expect(events.unauthorized).not.toHaveBeenCalled();
  });

  it('sends no token on the login call', async () => {
    const { client, seen, tokens } = setup({ '/api/login': { body: { userId: 5, firstName: 'A', lastName: 'B' }, jwt: t2 } }, t1);
    await client.POST('/api/login', { body: { clientType: 8, username: 'demo', password: 'x' } });
    expect(seen[0]?.jwt).toBeNull();
    expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({ clientType: 8, username: 'demo', password: 'x' });
    // The login flow itself starts the session with the answer's token.
    expect(tokens.get()).toBe(t1);
  });

  it('lets a network failure reach the caller', async () => {
    const tokens = memoryTokenStore(t1);
    const events: ApiEvents = { unauthorized: vi.fn(), apiError: vi.fn(), missingJwt: vi.fn() };
    const client = createApiClient({
      baseUrl: 'http://clinic.test',
      tokens,
      generation: () => 1,
      events,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(client.GET('/api/users')).rejects.toThrow('Failed to fetch');
    expect(events.unauthorized).not.toHaveBeenCalled();
  });
});
