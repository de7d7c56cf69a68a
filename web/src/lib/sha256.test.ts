import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Fallback, sha256Hex } from './sha256';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('password hash', () => {
  it('is the lowercase hex SHA-256 of the typed text', async () => {
    expect(await sha256Hex('demo')).toBe('2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea');
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
  it('gives the same answer without Web Crypto (plain-http LAN addresses)', async () => {
    for (const text of ['', 'demo', 'Pässwörd ✓', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'w'.repeat(1000)]) {
      const bytes = new TextEncoder().encode(text);
      const expected = hex(new Uint8Array(await webcrypto.subtle.digest('SHA-256', bytes)));
      expect(hex(sha256Fallback(bytes))).toBe(expected);
    }
  });
});
