import { describe, expect, it } from 'vitest';
import { login, loginBody } from './login';

describe('the login call', () => {
  it('sends client type 8, the trimmed username and the SHA-256 hex of the password', async () => {
    expect(await loginBody({ username: ' demo ', password: 'demo' })).toEqual({
      clientType: 8,
      username: 'demo',
      password: '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea',
    });
  });
  it('refuses the administrator pair without calling the server', async () => {
    expect(await login({ username: 'Admin', password: 'PASSWORD' })).toEqual({ kind: 'blocked' });
  });
});
