import { api } from '../client';

/**
 * POST /api/logout: revokes the session on the server. Best effort, never throws.
 * The token is passed in because the browser's copy is removed at once.
 */
export async function postLogout(token: string | null, timeoutMs = 5000): Promise<void> {
  if (!token) return;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    await api.POST('/api/logout', { signal: controller.signal, headers: { jwt: token } });
  } catch {
    // Offline or slow: the session still ends here, and on the server at its idle deadline.
  } finally {
    clearTimeout(timer);
  }
}
