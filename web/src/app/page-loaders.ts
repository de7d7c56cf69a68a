import { loadDayView } from '@/features/appointments/components/day-view-loader';
import { keepModule, type KeptLoader } from '@/lib/kept-module';
import { getSession } from '@/lib/session';

/**
 * The code of the pages after login, one loader per chunk, each keeping its module once loaded:
 * the router's lazy() uses these, and the first page's are called at start (issue 17), so a
 * page's chunk loads while the session root and the preload do, not after them. The address is
 * known before anything renders. Kept, so the router can tell a page whose code is there
 * (`drawsAtOnce`) and draw it without suspending (`lazyComponent`).
 */
export const loadSessionRoot = keepModule(() => import('./session/SessionRoot'));
export const loadAppShell = keepModule(() => import('./shell/AppShell'));
export const loadLanding = keepModule(() => import('./routes/Landing'));
export const loadNotFound = keepModule(() => import('./routes/NotFound'));
export const loadDashboard = keepModule(() => import('./routes/dashboard'));
export const loadPatients = keepModule(() => import('./routes/patients'));
export const loadPatientArea = keepModule(() => import('./routes/patient-area'));
export const loadClinicalBoard = keepModule(() => import('@/features/clinical/routes/ClinicalBoard'));
/** The schedule's code is loaded when the user points at it (issue 17). */
export const loadAppointments = keepModule(() => import('./routes/appointments'));
/** The schedule's day view: the schedule draws it with this same loader. */
export { loadDayView };
export const loadOrders = keepModule(() => import('@/features/orders/routes/OrdersRoutes'));
export const loadPreferences = keepModule(() => import('@/features/preferences/routes/PreferencesPage'));
export const loadReferrers = keepModule(() => import('@/features/referrers/routes/ReferrersRoutes'));
export const loadHelp = keepModule(() => import('@/features/help/routes/HelpPage'));
export const loadAcknowledgments = keepModule(() => import('@/features/help/routes/AcknowledgmentsPage'));

/**
 * The login page's code, kept: a visitor without a session gets the login page, whose code is
 * asked for at start and drawn by the first render (no spinner in between).
 */
export const loadLogin = keepModule(() => import('@/features/auth/routes/LoginPage'));

type Loader = () => Promise<unknown>;
type PageLoader = KeptLoader<unknown>;

/** The chunks each page (by the first part of its path under /app) shows with, beyond the session root and app shell. */
const PAGES: Record<string, PageLoader[]> = {
  '': [loadLanding],
  dashboard: [loadDashboard],
  search: [loadPatients],
  patients: [loadPatients],
  appointments: [loadAppointments, loadDayView],
  orders: [loadOrders],
  referrals: [loadReferrers],
  preferences: [loadPreferences],
  help: [loadHelp],
  acknowledgments: [loadAcknowledgments],
};

/** What `path` (under /app, without it) shows with: a patient's page is the patient area (the board on /clinical). */
export function pageLoaders(path: string): PageLoader[] {
  const [first = '', id, section, more] = path.split('/').filter(Boolean);
  if (first === 'patients' && id) return section === 'clinical' && !more ? [loadPatientArea, loadClinicalBoard] : [loadPatientArea];
  // The login page and index.html (a redirect) need none of it; an appointment's page no day view.
  if (first === 'login' || first === 'index.html') return [];
  if (first === 'appointments' && id) return [loadAppointments];
  return PAGES[first] ?? [loadNotFound];
}

/**
 * Calls each loader in a task of its own, in order, all queued now (so before a render queued
 * after this). Starting a chunk inserts a modulepreload link for each file it imports, about a
 * millisecond apiece on a desktop CPU and four on a phone's: done together at start they made the
 * entry's evaluation the longest task of a reopen (issue 17; docs/performance.md, the start's
 * long tasks).
 */
export function startInTurns(loads: Loader[]): void {
  if (loads.length === 0) return;
  const turns = new MessageChannel();
  let next = 0;
  turns.port1.onmessage = () => {
    const load = loads[next++];
    if (next === loads.length) turns.port1.close();
    void load?.().catch(() => undefined);
  };
  for (let i = 0; i < loads.length; i++) turns.port2.postMessage(null);
}

/** Starts loading a page after login with everything it shows with (the browser keeps what it has loaded). */
export function preloadPage(path: string): void {
  startInTurns([loadSessionRoot, loadAppShell, ...pageLoaders(path)]);
}

/** The pages a navigation may draw at once (by the first part of their path): the ones the navigation offers. */
const WHOLE_PAGES = new Set(['dashboard', 'search', 'patients', 'appointments', 'orders']);

/**
 * Whether a navigation to `path` can be drawn at once: the page's code has all loaded and nothing
 * in it that may already be on screen waits for more. The router then renders it in the tap's
 * own task instead of as a transition, which React works on in slices between frames (issue 17:
 * the schedule's first open after a start 178 -> 120 ms at p50, docs/performance.md). Any other navigation stays a transition: a
 * page that suspends in a render outside one shows its Suspense fallback, and React then holds
 * the page back until 300 ms after that fallback showed (its fallback throttle), where a
 * transition keeps the current page until the new one is ready. So only the navigation's own
 * pages and a patient's home qualify: a patient's other sections, an order or an appointment
 * each load their code within a boundary that shows the page before.
 */
export function drawsAtOnce(path: string): boolean {
  const [first = '', id, section, more] = path.split('/').filter(Boolean);
  const wholePage = id === undefined ? WHOLE_PAGES.has(first) : first === 'patients' && (section === undefined || section === 'patient_home') && more === undefined;
  return wholePage && [loadSessionRoot, loadAppShell, ...pageLoaders(path)].every((load) => load.loaded() !== undefined);
}

export const BASE = '/app';

/**
 * At start: the page in the address, if a session is held (a logged-out visitor gets the login
 * page, which needs none of it). After a login, the preload gate starts '/' and its Default View.
 */
export function preloadFirstPage(): void {
  const { pathname } = window.location;
  if (getSession().status === 'authenticated' && (pathname === BASE || pathname.startsWith(`${BASE}/`))) {
    preloadPage(pathname.slice(BASE.length));
  }
}

/**
 * What the first render waits for: with no session at all, the login page's code, so that the
 * first render draws the login page itself. Otherwise React would commit the Suspense spinner, then
 * hold the page back until 300 ms after that spinner showed (its fallback throttle), and draw
 * again: two renders and a later largest paint on a phone (issue 17). Settles even when the
 * load fails: the router's lazy() then tries again and shows the error as it would have.
 */
export function firstRenderReady(): Promise<void> {
  // An expired session shows the re-login dialog over '/', not the login page.
  if (getSession().status !== 'anonymous') return Promise.resolve();
  return loadLogin().then(
    () => undefined,
    () => undefined,
  );
}
