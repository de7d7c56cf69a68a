import { api } from '@/api/client';
import { parseErrorBody } from '@/api/errors';
import type { components } from '@/api/schema';
import { JWT_HEADER } from '@/api/session-middleware';
import { decodeJwt } from '@/lib/jwt';
import { startSession } from '@/lib/session';
import { sha256Hex } from '@/lib/sha256';
import { isBlockedPair, type LoginOutcome } from '../lib/login-messages';
import { CLIENT_TYPE } from '../lib/constants';

export type LoginRequest = components['schemas']['LoginRequest'];
export type LoginResponse = components['schemas']['LoginResponse'];

export interface Credentials {
  username: string;
  password: string;
}

/** The body of POST /api/login: the password travels as its lowercase hex SHA-256. */
export async function loginBody({ username, password }: Credentials): Promise<LoginRequest> {
  return { clientType: CLIENT_TYPE, username: username.trim(), password: await sha256Hex(password) };
}

/** POST /api/login; success is read from the `jwt` response header. */
export async function login(credentials: Credentials): Promise<LoginOutcome> {
  if (isBlockedPair(credentials.username, credentials.password)) return { kind: 'blocked' };
  const body = await loginBody(credentials);
  let result;
  try {
    result = await api.POST('/api/login', { body });
  } catch {
    return { kind: 'unreachable' };
  }
  const { response, data, error } = result;
  if (response.ok) {
    const token = response.headers.get(JWT_HEADER);
    if (!token) return { kind: 'rejected' };
    let userId: number;
    try {
      userId = decodeJwt(token).userId;
    } catch {
      return { kind: 'rejected' };
    }
    const user: LoginResponse = data ?? { userId, firstName: '', lastName: '' };
    return { kind: 'success', token, user: { userId, firstName: user.firstName, lastName: user.lastName } };
  }
  const parsed = parseErrorBody(error);
  if (response.status === 401) return { kind: 'rejected' };
  if (response.status === 429) return { kind: 'throttled', message: parsed.message };
  if (response.status === 400) return { kind: 'invalid', message: parsed.message, fields: parsed.fields ?? {} };
  return { kind: 'unreachable' };
}

/** Logs in and, on success, starts the session. */
export async function logInAndStart(credentials: Credentials): Promise<LoginOutcome> {
  const outcome = await login(credentials);
  if (outcome.kind === 'success') startSession(outcome.user, outcome.token, credentials.username.trim());
  return outcome;
}
