import { MESSAGES } from './messages';

export interface JwtPayload {
  userId: number;
  sid?: string;
  iat?: number;
  exp?: number;
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * Reads a JWT's payload without checking its signature (the server does that).
 * Throws the spec's three errors (part 1, section 5, "Token decoding").
 */
export function decodeJwt(token: string | null | undefined): JwtPayload {
  if (token === null || token === undefined || token === '') throw new Error(MESSAGES.jwtNull);
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => p === '')) throw new Error(MESSAGES.jwtFormat);
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(parts[1] as string));
  } catch {
    throw new Error(MESSAGES.jwtSplit);
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new Error(MESSAGES.jwtSplit);
  const userId = (payload as { userId?: unknown }).userId;
  if (typeof userId !== 'number' || !Number.isInteger(userId)) throw new Error(MESSAGES.jwtSplit);
  return payload as JwtPayload;
}

/** The token's issue time in seconds, or null when it cannot be read. */
export function issuedAt(token: string | null | undefined): number | null {
  try {
    const { iat } = decodeJwt(token);
    return typeof iat === 'number' ? iat : null;
  } catch {
    return null;
  }
}
