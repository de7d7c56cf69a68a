import { createHash } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from '../src/api/schema';
import { dayIn, instantOf, wireInstant } from '../src/lib/time-zone';
import { startDemoServer, type DemoServer } from './demo-server';
import { AppShell } from './pages/app-shell';
import { LoginScreen } from './pages/login-screen';

/** The demo practice's user (server started with --demo). */
export const DEMO = { username: 'demo', password: 'demo' } as const;
/**
 * The demo's showcase patient: an entry in every chart section, the same patient whenever
 * the demo is built (a unit test of the demo crate holds the same number).
 */
export const SHOWCASE_PATIENT = 551;

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type Schemas = components['schemas'];

// What the specs arrange and check, typed by the server's own document (src/api/schema.d.ts).
export type ApiUser = Schemas['LoginResponse'];
export type DemoPatient = Schemas['Patient'];
export type DemoOrder = Schemas['Order'];
export type DemoAppointment = Schemas['Appointment'];
export type DemoTransparency = Schemas['Transparency'];
export type DemoGuarantor = Schemas['Guarantor'];
/**
 * A request body as the server takes it: openapi-typescript writes a property with a
 * `default` as present, but the document does not require it (left out, the server uses
 * the default), so the specs send only what they mean.
 */
type Sent<T> = Partial<T>;
export type OrderInput = Sent<Schemas['OrderInput']>;
export type PatientInput = Sent<Schemas['PatientInput']>;
export type AppointmentInput = Sent<Schemas['AppointmentInput']>;
/** A key `POST /api/preferences/save` takes (the document's enum of keys, when it has one). */
export type PreferenceKey = Schemas['SavePreference']['key'];
type OrdersQuery = NonNullable<operations['list_orders']['parameters']['query']>;
type DayQuery = NonNullable<operations['day_appointments']['parameters']['query']>;

/** A path of the API as the document names it, with its `{parameters}` filled in (and a query string, if any). */
type Filled<P extends string> = P extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Filled<Tail>}` : P;
type PathsWith<M extends string> = { [P in keyof paths]: paths[P] extends Record<M, object> ? P : never }[keyof paths] & string;
export type ApiPath<M extends 'get' | 'post' | 'patch' | 'delete' = 'get'> = Filled<PathsWith<M>> | `${Filled<PathsWith<M>>}?${string}`;

/** `user=2&statuses=0` or a typed query: the list query a spec gives. */
function query<Q extends object>(given: string | Q): Q {
  if (typeof given !== 'string') return given;
  // The same text the server would have been sent as a query string.
  return Object.fromEntries(new URLSearchParams(given)) as Q;
}

/**
 * The real API as a test helper: its own session for the demo user, used to arrange
 * and check server state around the browser's story. Calls go through openapi-fetch's
 * client typed by `paths` (generated from the server's document), over Node's fetch,
 * carrying the session's `jwt` and keeping the newest one each answer brings.
 */
export class ServerApi {
  private token: string | null = null;
  user: ApiUser | null = null;
  /** The typed client (for calls the helpers below do not cover). */
  readonly client: Client<paths>;

  constructor(private readonly origin: string) {
    this.client = createClient<paths>({ baseUrl: origin, fetch: (request) => this.send(request) });
  }

  /** Every call: the session's token unless the request names one, and the answer's fresh token kept. */
  private async send(request: Request): Promise<Response> {
    const ours = !request.headers.has('jwt');
    if (ours && this.token) request.headers.set('jwt', this.token);
    const response = await fetch(request);
    const fresh = response.headers.get('jwt');
    if (ours && fresh) this.token = fresh;
    return response;
  }

  private requireLogin(): void {
    if (!this.token) throw new Error('ServerApi.login() first');
  }

  async login(username: string = DEMO.username, password: string = DEMO.password): Promise<ApiUser> {
    const { data, response } = await this.client.POST('/api/login', { body: { clientType: 8, username, password: sha256Hex(password) } });
    expect(response.status, 'demo login through the API').toBe(200);
    expect(this.token, 'jwt header of the login answer').toBeTruthy();
    this.user = data!;
    return this.user;
  }

  async savePreference(key: PreferenceKey, update: unknown): Promise<unknown> {
    this.requireLogin();
    const { data, response } = await this.client.POST('/api/preferences/save', { body: { key, update } });
    expect(response.status, `saving preference ${key}`).toBe(200);
    return data![key];
  }

  async preferences(keys: PreferenceKey[]): Promise<Record<string, unknown>> {
    this.requireLogin();
    const { data, response } = await this.client.POST('/api/preferences', { body: keys });
    expect(response.status).toBe(200);
    return data!;
  }

  /** GET a JSON answer of the API (status 200 expected); the path must be one the document has. */
  async get<T>(path: ApiPath): Promise<T> {
    const { status, body } = await this.call('GET', path);
    expect(status, `GET ${path}`).toBe(200);
    return body as T;
  }

  /** `x-total-count` of `GET /api/orders/?limit=1&{query}` (how many orders match). */
  async orderCount(filter: string | OrdersQuery = ''): Promise<number> {
    this.requireLogin();
    const { response } = await this.client.GET('/api/orders/', { params: { query: { ...query(filter), limit: 1 } } });
    expect(response.status, response.url).toBe(200);
    return Number(response.headers.get('x-total-count'));
  }

  /** GET /api/orders/?limit=N&{query}: the newest orders first. */
  async orders(filter: string | OrdersQuery = '', limit = 25): Promise<DemoOrder[]> {
    this.requireLogin();
    const { data, response } = await this.client.GET('/api/orders/', { params: { query: { ...query(filter), limit } } });
    expect(response.status, response.url).toBe(200);
    return data!;
  }

  /** POST /api/orders; answers the new order. */
  async createOrder(input: OrderInput): Promise<DemoOrder> {
    this.requireLogin();
    const { data, response } = await this.client.POST('/api/orders', { body: input as Schemas['OrderInput'] });
    expect(response.status, 'creating an order').toBe(201);
    return data!;
  }

  /** GET /api/patients/{id}, or null when there is none. */
  async patient(patientId: number): Promise<DemoPatient | null> {
    this.requireLogin();
    const { data, response } = await this.client.GET('/api/patients/{patientId}', { params: { path: { patientId } } });
    if (response.status === 404) return null;
    expect(response.status, `GET /api/patients/${patientId}`).toBe(200);
    return data!;
  }

  /** The first demo patient (by id) with a current incident, and that incident's id. */
  async findPatientWithCurrentIncident(maxId = 200): Promise<{ patient: DemoPatient; incidentId: number }> {
    this.requireLogin();
    for (let patientId = 1; patientId <= maxId; patientId += 1) {
      const { data } = await this.client.GET('/api/patients/{patientId}/incidents/current', { params: { path: { patientId } } });
      const incidentId = data?.incidentId;
      if (incidentId) return { patient: (await this.patient(patientId))!, incidentId };
    }
    throw new Error('No demo patient has a current incident');
  }

  /** POST /api/patients (a new account), allowing duplicates; answers the new patient. */
  async createPatient(input: PatientInput): Promise<DemoPatient> {
    this.requireLogin();
    const { data, response } = await this.client.POST('/api/patients', { body: { allowDuplicate: true, ...input } as Schemas['PatientInput'] });
    expect(response.status, 'creating a patient').toBe(201);
    return data!;
  }

  /**
   * A fresh 40-year-old patient of one test alone (the specs share one demo database): Dr
   * Bennett (3) as account and patient provider, office 1, fee schedule 1, and a last name
   * of `family` and letters of the moment, so no two runs meet.
   */
  async newAdult(firstName: string, family: string): Promise<DemoPatient> {
    const forty = new Date();
    forty.setFullYear(forty.getFullYear() - 40);
    return this.createPatient({
      firstName,
      lastName: `${family}${Date.now().toString(36).replace(/\d/g, '')}`,
      birthdate: forty.toISOString().slice(0, 10),
      accountProviderId: 3,
      patientProviderId: 3,
      officeId: 1,
      feeScheduleId: 1,
    });
  }

  /**
   * PATCH /api/patients/{id} as another desk would: on the version stored now (read first),
   * so it moves the version on under a form opened earlier. Answers the patient as saved.
   */
  async updatePatient(patientId: number, input: PatientInput): Promise<DemoPatient> {
    const stored = await this.patient(patientId);
    expect(stored, `patient ${patientId}`).not.toBeNull();
    const { data, error, response } = await this.client.PATCH('/api/patients/{patientId}', {
      params: { path: { patientId } },
      body: { ...input, version: stored!.version } as Schemas['PatientInput'],
    });
    expect(response.status, `changing patient ${patientId}: ${JSON.stringify(error ?? '')}`).toBe(200);
    return data!;
  }

  /** PATCH /api/orders/{id} on the version stored now (another desk's change). Answers the order as saved. */
  async updateOrder(ordersId: number, input: OrderInput): Promise<DemoOrder> {
    const stored = await this.get<DemoOrder>(`/api/orders/${ordersId}`);
    const { data, error, response } = await this.client.PATCH('/api/orders/{ordersId}', {
      params: { path: { ordersId } },
      body: { ...input, version: stored.version } as Schemas['OrderInput'],
    });
    expect(response.status, `changing order ${ordersId}: ${JSON.stringify(error ?? '')}`).toBe(200);
    return data!;
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

  async chart(patientId: number): Promise<PatientChart | null> {
    const patient = await this.patient(patientId);
    if (!patient) return null;
    const path = { params: { path: { patientId } } };
    const ok = <T>({ data, response }: { data?: T; response: Response }): T => {
      expect(response.status, response.url).toBe(200);
      return data!;
    };
    const [insurance, contacts, guarantors, alerts, accountAlerts, allergies] = await Promise.all([
      this.client.GET('/api/patients/patient/{patientId}/insurance', path).then(ok),
      this.client.GET('/api/patients/patient/{patientId}/emergencyContacts', path).then(ok),
      this.client.GET('/api/patients/patient/{patientId}/guarantors', path).then(ok),
      this.client.GET('/api/patients/{patientId}/alerts', path).then(ok),
      this.client.GET('/api/patients/{patientId}/accountAlerts', path).then(ok),
      this.client.GET('/api/patients/{patientId}/allergy', path).then(ok),
    ]);
    return {
      patient,
      insurance,
      contacts,
      guarantors: { primary: guarantors.primary ?? null, secondary: guarantors.secondary ?? null },
      alerts: { patient: alerts.length, account: accountAlerts.length, allergy: allergies.length },
    };
  }

  /** A call whose status the test checks itself: the status and the JSON body (null when none). */
  async call<M extends 'GET' | 'POST' | 'PATCH' | 'DELETE'>(method: M, path: ApiPath<Lowercase<M>>, data?: unknown): Promise<{ status: number; body: unknown }> {
    this.requireLogin();
    const init: RequestInit = { method, headers: { accept: 'application/json' } };
    if (data !== undefined) init.body = JSON.stringify(data);
    if (data !== undefined) init.headers = { ...init.headers, 'content-type': 'application/json' };
    const response = await this.send(new Request(new URL(path, this.origin), init));
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
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

  /** POST /api/scheduling/1/appointments (type 4, status 3 unless given); expects 201 and answers the booked appointment. */
  async createAppointment(input: AppointmentInput & { patientId: number; start: string; length: number; resourceId: number }): Promise<DemoAppointment> {
    this.requireLogin();
    const { data, error, response } = await this.client.POST('/api/scheduling/1/appointments', { body: { typeId: 4, statusId: 3, notes: '', ...input } as Schemas['AppointmentInput'] });
    expect(response.status, `booking ${JSON.stringify(input)}: ${JSON.stringify(data ?? error)}`).toBe(201);
    return data as DemoAppointment;
  }

  /** PATCH /api/scheduling/1/appointments/{id} on the version stored now (another desk's change); expects 200. */
  async updateAppointment(appointmentId: number, input: AppointmentInput): Promise<DemoAppointment> {
    const stored = await this.get<DemoAppointment>(`/api/scheduling/1/appointments/${appointmentId}`);
    const { data, error, response } = await this.client.PATCH('/api/scheduling/1/appointments/{appointmentId}', {
      params: { path: { appointmentId } },
      body: { ...input, version: stored.version } as Schemas['AppointmentInput'],
    });
    expect(response.status, `changing appointment ${appointmentId}: ${JSON.stringify(data ?? error)}`).toBe(200);
    return data as DemoAppointment;
  }

  /** A day's appointments (GET /api/scheduling/1/appointments?date=...). */
  async day(date: string, filter: string | DayQuery = ''): Promise<DemoAppointment[]> {
    this.requireLogin();
    const { data, response } = await this.client.GET('/api/scheduling/1/appointments', { params: { query: { ...query(filter), date } } });
    expect(response.status, `GET /api/scheduling/1/appointments?date=${date}`).toBe(200);
    return data!;
  }

  /** The first day from `from` (up to two weeks on) with a block-out of `rule`, and that block-out. */
  async blockOutWithRule(rule: 'refuse' | 'confirm' | 'display', from: string): Promise<DemoTransparency> {
    this.requireLogin();
    for (let offset = 0; offset < 14; offset += 1) {
      const date = new Date(`${from}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() + offset);
      const day = date.toISOString().slice(0, 10);
      const { data, response } = await this.client.GET('/api/scheduling/1/transparencies', { params: { query: { date: day } } });
      expect(response.status, `GET /api/scheduling/1/transparencies?date=${day}`).toBe(200);
      const found = data!.find((t) => t.rule === rule);
      if (found) return found;
    }
    throw new Error(`No ${rule} block-out within two weeks`);
  }

  /** Status of GET /api/users with the given token (to prove a token was revoked). */
  async usersStatusWith(token: string): Promise<number> {
    const { response } = await this.client.GET('/api/users', { headers: { jwt: token } });
    return response.status;
  }

  async logout(): Promise<void> {
    if (!this.token) return;
    await this.client.POST('/api/logout');
    this.token = null;
  }
}

export interface PatientChart {
  patient: DemoPatient;
  insurance: Schemas['InsurancePolicy'][];
  contacts: Schemas['EmergencyContact'][];
  guarantors: { primary: DemoGuarantor | null; secondary: DemoGuarantor | null };
  alerts: { patient: number; account: number; allergy: number };
}

/** The shell preferences the specs change, put back to the server's defaults after each test. */
export const PREFERENCE_DEFAULTS: Partial<Record<PreferenceKey, unknown>> = {
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

interface WorkerFixtures {
  /** This worker's own server and demo practice (e2e/demo-server.ts). */
  server: DemoServer;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  server: [
    // Playwright reads a fixture's needs from its first parameter's pattern: an empty one is needed.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startDemoServer();
      await use(server);
      await server.stop();
    },
    // Started before the worker's first test; it may take a while on a busy machine.
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(`${server.origin}/app/`);
  },
  api: async ({ baseURL }, use) => {
    const origin = new URL(baseURL ?? '').origin;
    const api = new ServerApi(origin);
    await api.login();
    await use(api);
    // Leave the demo user as the next test expects it.
    const fresh = new ServerApi(origin);
    await fresh.login();
    for (const [key, value] of Object.entries(PREFERENCE_DEFAULTS) as [PreferenceKey, unknown][]) await fresh.savePreference(key, value);
    await fresh.logout();
    await api.logout();
  },
  loginScreen: async ({ page }, use) => {
    await use(new LoginScreen(page));
  },
  shell: async ({ page }, use) => {
    await use(new AppShell(page));
  },
});

export { expect };
