import { api } from '../client';

/** PATCH /api/keepalive: extends the server's idle deadline (every 30 s while logged in). */
export async function keepalive(): Promise<void> {
  try {
    await api.PATCH('/api/keepalive');
  } catch {
    // A missed keep-alive is harmless; the next one follows in 30 s.
  }
}
