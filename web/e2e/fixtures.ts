import { createHash } from 'node:crypto';
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { dayIn, instantOf, wireInstant } from '../src/lib/time-zone';
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

  /** GET a JSON answer of the API (status 200 expected). */
  async get<T>(path: string): Promise<T> {
    const response = await this.request.get(this.url(path), { headers: this.headers() });
    expect(response.status(), `GET ${path}`).toBe(200);
    this.keep(response.headers());
    return (await response.json()) as T;
  }

  /** `x-total-count` of `GET /api/orders/?limit=1&{query}` (how many orders match). */
  async orderCount(query = ''): Promise<number> {
    const response = await this.request.get(this.url(`/api/orders/?limit=1${query ? `&${query}` : ''}`), { headers: this.headers() });
    expect(response.status(), `GET /api/orders/?${query}`).toBe(200);
    this.keep(response.headers());
    return Number(response.headers()['x-total-count']);
  }

  /** GET /api/orders/?limit=N&{query}: the newest orders first. */
  async orders(query = '', limit = 25): Promise<DemoOrder[]> {
    return this.get<DemoOrder[]>(`/api/orders/?limit=${limit}${query ? `&${query}` : ''}`);
  }

  /** POST /api/orders; answers the new order. */
  async createOrder(input: Record<string, unknown>): Promise<DemoOrder> {
    const response = await this.request.post(this.url('/api/orders'), { headers: this.headers(), data: input });
    expect(response.status(), 'creating an order').toBe(201);
    this.keep(response.headers());
    return (await response.json()) as DemoOrder;
  }

  /** The first demo patient (by id) with a current incident, and that incident's id. */
  async findPatientWithCurrentIncident(maxId = 200): Promise<{ patient: DemoPatient; incidentId: number }> {
    for (let id = 1; id <= maxId; id += 1) {
      const response = await this.request.get(this.url(`/api/patients/${id}/incidents/current`), { headers: this.headers() });
      if (response.status() !== 200) continue;
      this.keep(response.headers());
      const { incidentId } = (await response.json()) as { incidentId: number | null };
      if (incidentId) return { patient: await this.get<DemoPatient>(`/api/patients/${id}`), incidentId };
    }
    throw new Error('No demo patient has a current incident');
  }

  /** POST /api/patients (a new account), allowing duplicates; answers the new patient. */
  async createPatient(input: Record<string, unknown>): Promise<DemoPatient> {
    const response = await this.request.post(this.url('/api/patients'), { headers: this.headers(), data: { allowDuplicate: true, ...input } });
    expect(response.status(), 'creating a patient').toBe(201);
    this.keep(response.headers());
    return (await response.json()) as DemoPatient;
  }

  /**
   * The first demo patient (by id) whose chart satisfies `wanted`: how the specs find
   * patients with and without insurance, contacts, guarantors or alerts.
   */
  async findPatient(wanted: (chart: PatientChart) => boolean, maxId = 120): Promise<PatientChart> {
    for (let id = 1; id <= maxId; id += 1) {
      const chart = await this.chart(id);
      if (chart && wanted(chart)) return chart;
    }
    throw new Error('No demo patient fits');
  }

  async chart(id: number): Promise<PatientChart | null> {
    const response = await this.request.get(this.url(`/api/patients/${id}`), { headers: this.headers() });
    if (response.status() === 404) return null;
    this.keep(response.headers());
    const patient = (await response.json()) as DemoPatient;
    const [insurance, contacts, guarantors, alerts, accountAlerts, allergies] = await Promise.all([
      this.get<unknown[]>(`/api/patients/patient/${id}/insurance`),
      this.get<unknown[]>(`/api/patients/patient/${id}/emergencyContacts`),
      this.get<{ primary: DemoGuarantor | null; secondary: DemoGuarantor | null }>(`/api/patients/patient/${id}/guarantors`),
      this.get<unknown[]>(`/api/patients/${id}/alerts`),
      this.get<unknown[]>(`/api/patients/${id}/accountAlerts`),
      this.get<unknown[]>(`/api/patients/${id}/allergy`),
    ]);
    return { patient, insurance, contacts, guarantors, alerts: { patient: alerts.length, account: accountAlerts.length, allergy: allergies.length } };
  }

  /** A call whose status the test checks itself: the status and the JSON body (null when none). */
  async call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<{ status: number; body: unknown }> {
    const response = await this.request.fetch(this.url(path), { method, headers: this.headers(), ...(data !== undefined ? { data } : {}) });
    this.keep(response.headers());
    const text = await response.text();
    return { status: response.status(), body: text ? (JSON.parse(text) as unknown) : null };
  }

  /** The practice's time zone (practice.timeZone; the demo is in Los Angeles). */
  async practiceZone(): Promise<string> {
    const prefs = await this.preferences(['practice.timeZone']);
    return typeof prefs['practice.timeZone'] === 'string' ? prefs['practice.timeZone'] : 'UTC';
  }

  /** Today at the practice, yyyy-MM-dd. */
  async practiceToday(): Promise<string> {
    return dayIn(new Date(), await this.practiceZone());
  }

  /** `hour:minute` of `day` (yyyy-MM-dd) on the practice's clock, as an ISO instant. */
  async practiceInstant(day: string, hour: number, minute: number): Promise<string> {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return wireInstant(instantOf({ year, month, day: date, hour, minute, second: 0 }, await this.practiceZone()));
  }

  /** POST /api/scheduling/1/appointments; expects 201 and answers the booked appointment. */
  async createAppointment(input: { patientId: number; start: string; length: number; resourceId: number; providerId?: number | null; typeId?: number; statusId?: number; notes?: string }): Promise<DemoAppointment> {
    const { status, body } = await this.call('POST', '/api/scheduling/1/appointments', { typeId: 4, statusId: 3, notes: '', ...input });
    expect(status, `booking ${JSON.stringify(input)}: ${JSON.stringify(body)}`).toBe(201);
    return body as DemoAppointment;
  }

  /** A day's appointments (GET /api/scheduling/1/appointments?date=...). */
  async day(date: string, query = ''): Promise<DemoAppointment[]> {
    return this.get<DemoAppointment[]>(`/api/scheduling/1/appointments?date=${date}${query ? `&${query}` : ''}`);
  }

  /** The first day from `from` (up to two weeks on) with a block-out of `rule`, and that block-out. */
  async blockOutWithRule(rule: 'refuse' | 'confirm' | 'display', from: string): Promise<DemoTransparency> {
    for (let offset = 0; offset < 14; offset += 1) {
      const date = new Date(`${from}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() + offset);
      const day = date.toISOString().slice(0, 10);
      const found = (await this.get<DemoTransparency[]>(`/api/scheduling/1/transparencies?date=${day}`)).find((t) => t.rule === rule);
      if (found) return found;
    }
    throw new Error(`No ${rule} block-out within two weeks`);
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

export interface DemoPatient {
  patientId: number;
  displayId: string;
  firstName: string;
  lastName: string;
  middle: string;
  birthdate: string | null;
  email: string;
  city: string;
  nickname: string;
  state: string;
  phone1: { number: string; type: number | null } | null;
  accountProvider: { userId: number; firstName: string; lastName: string } | null;
  patientProvider: { userId: number; firstName: string; lastName: string } | null;
  patientOffice: { id: number; name: string } | null;
  feeSchedule: { id: number; name: string } | null;
}

export interface DemoOrder {
  ordersId: number;
  orderNumber: string;
  patientId: number | null;
  patientName: string | null;
  providerId: number | null;
  providerName: string | null;
  officeId: number | null;
  officeString: string | null;
  incidentId: number | null;
  incident: { incidentId: number; incidentName: string } | null;
  assignedToUserId: number;
  assignedToName: string;
  typeId: number;
  typeString: string;
  orderStatusId: number;
  statusString: string;
  urgent: boolean;
  signed: boolean;
  due: string | null;
  dueDate: string | null;
  shortDescription: string;
  longDescription: string;
  orderNotes: Array<{ message: string; author: { firstName: string; lastName: string } | null }>;
  statusUpdates: Array<{ orderStatusId: number; statusString: string }>;
}

export interface DemoAppointment {
  appointmentId: number;
  appointmentDate: string;
  appointmentTime: string;
  start: string;
  end: string;
  length: number;
  patientId: number;
  patientName: string;
  patientNameDisplay: string;
  providerID: number | null;
  providerName: string | null;
  resource: string;
  resourceId: number;
  status: string;
  statusId: number;
  statusCategory: string;
  type: string;
  typeId: number;
  notes: string;
  pending: boolean;
  deleted: boolean;
  colors: { color1: string | null; color2: string | null };
}

export interface DemoTransparency {
  transparencyId: number;
  resourceId: number;
  blockName: string;
  color: string;
  rule: string;
  start: string;
  end: string;
}

export interface DemoGuarantor {
  firstName: string;
  lastName: string;
  middleName: string;
}

export interface PatientChart {
  patient: DemoPatient;
  insurance: unknown[];
  contacts: unknown[];
  guarantors: { primary: DemoGuarantor | null; secondary: DemoGuarantor | null };
  alerts: { patient: number; account: number; allergy: number };
}

/** The shell preferences the specs change, put back to the server's defaults after each test. */
export const PREFERENCE_DEFAULTS: Record<string, unknown> = {
  recentPatients: [],
  defaultView: 0,
  autoLogout: 15,
  apptColors: true,
  allowDx: false,
  allowModifiers: false,
  allowToothSurface: false,
  defaultOrdersView: 'mine',
  ordersFilters: { offices: 'all', statuses: [0], providers: 'all', types: 'all', signed: 'both' },
  defaultSchedulingView: 'dayView',
  apptFilters: { order: 1, resources: 'all', providers: 'all' },
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
