import { createHash } from 'node:crypto';
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { LoginScreen } from './pages/login-screen';

/** The demo practice's user (server started with --demo). */
export const DEMO = { username: 'demo', password: 'demo' } as const;

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface ApiUser {
  userId: number;
  firstName: string;
  lastName: string;
}

/**
 * The real API as a test helper: its own session for the demo user, used to arrange
 * and check server state (preferences) around the browser's story.
 */
export class ServerApi {
  private token: string | null = null;
  user: ApiUser | null = null;

  constructor(
    private readonly request: APIRequestContext,
    private readonly origin: string,
  ) {}

  private url(path: string): string {
    return new URL(path, this.origin).toString();
  }

  async login(username: string = DEMO.username, password: string = DEMO.password): Promise<ApiUser> {
    const response = await this.request.post(this.url('/api/login'), {
      data: { clientType: 8, username, password: sha256Hex(password) },
    });
    expect(response.status(), 'demo login through the API').toBe(200);
    this.token = response.headers()['jwt'] ?? null;
    expect(this.token, 'jwt header of the login answer').toBeTruthy();
    this.user = (await response.json()) as ApiUser;
    return this.user;
  }

  private headers(): Record<string, string> {
    if (!this.token) throw new Error('ServerApi.login() first');
    return { jwt: this.token };
  }

  private keep(headers: Record<string, string>): void {
    if (headers['jwt']) this.token = headers['jwt'];
  }

  async savePreference(key: string, update: unknown): Promise<unknown> {
    const response = await this.request.post(this.url('/api/preferences/save'), { headers: this.headers(), data: { key, update } });
    expect(response.status(), `saving preference ${key}`).toBe(200);
    this.keep(response.headers());
    return ((await response.json()) as Record<string, unknown>)[key];
  }

  async preferences(keys: string[]): Promise<Record<string, unknown>> {
    const response = await this.request.post(this.url('/api/preferences'), { headers: this.headers(), data: keys });
    expect(response.status()).toBe(200);
    this.keep(response.headers());
    return (await response.json()) as Record<string, unknown>;
  }

  /** Status of GET /api/users with the given token (to prove a token was revoked). */
  async usersStatusWith(token: string): Promise<number> {
    const response = await this.request.get(this.url('/api/users'), { headers: { jwt: token } });
    return response.status();
  }

  async logout(): Promise<void> {
    if (!this.token) return;
    await this.request.post(this.url('/api/logout'), { headers: this.headers() });
    this.token = null;
  }
}

/** The shell preferences the specs change, put back to the server's defaults after each test. */
export const PREFERENCE_DEFAULTS: Record<string, unknown> = {
  defaultView: 0,
  autoLogout: 15,
  apptColors: true,
  allowDx: false,
  allowModifiers: false,
  allowToothSurface: false,
};

interface Fixtures {
  api: ServerApi;
  loginScreen: LoginScreen;
  shell: AppShell;
}

export const test = base.extend<Fixtures>({
  api: async ({ playwright, baseURL }, use) => {
    const origin = new URL(baseURL ?? '').origin;
    const request = await playwright.request.newContext();
    const api = new ServerApi(request, origin);
    await api.login();
    await use(api);
    // Leave the demo user as the next test expects it.
    const fresh = new ServerApi(request, origin);
    await fresh.login();
    for (const [key, value] of Object.entries(PREFERENCE_DEFAULTS)) await fresh.savePreference(key, value);
    await fresh.logout();
    await api.logout();
    await request.dispose();
  },
  loginScreen: async ({ page }, use) => {
    await use(new LoginScreen(page));
  },
  shell: async ({ page }, use) => {
    await use(new AppShell(page));
  },
});

export { expect };
