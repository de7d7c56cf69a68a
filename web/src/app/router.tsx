import { lazy, startTransition, Suspense, useLayoutEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Router, Routes, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { FullScreenSpinner } from '@/components/FullScreenSpinner';
import { lazyComponent } from '@/lib/kept-module';
import { registerRoutePreload } from '@/lib/route-preload';
import {
  BASE,
  drawsAtOnce,
  loadAcknowledgments,
  loadAppointments,
  loadAppShell,
  loadDashboard,
  loadDayView,
  loadHelp,
  loadLanding,
  loadLogin,
  loadNotFound,
  loadOrders,
  loadPatientArea,
  loadPatients,
  loadPreferences,
  loadReferrers,
  loadSessionRoot,
  preloadFirstPage,
} from './page-loaders';
import { ErrorBoundary } from './shell/ErrorBoundary';

// Each feature's screen is its own chunk, loaded when first visited (the first page's at start:
// page-loaders). The session root (guard, preload and the query cache) and the app shell (bar,
// drawer, navigation) are one too, fetched together: the login page needs neither.
const RequireSession = lazy(() => {
  void loadAppShell();
  return loadSessionRoot().then((m) => ({ default: m.SessionRoot }));
});
const AppShell = lazy(() => loadAppShell().then((m) => ({ default: m.AppShell })));
// '/' (a redirect by the Default View preference) and the unknown-address page only show after
// login, so they load with the first page, not with the login page.
const LandingPage = lazy(() => loadLanding().then((m) => ({ default: m.Landing })));
const NotFoundPage = lazy(() => loadNotFound().then((m) => ({ default: m.NotFound })));
const LoginPage = lazyComponent(loadLogin, (m) => m.default);
// The pages a navigation may draw at once (drawsAtOnce) render without suspending once their
// code has loaded (pointing at a patient or at Schedule loads it; the others load at start or
// at their first visit).
const DashboardPage = lazyComponent(loadDashboard, (m) => m.default);
const PatientsPage = lazyComponent(loadPatients, (m) => m.PatientsRoute);
const SearchPage = lazyComponent(loadPatients, (m) => m.SearchRoute);
const PatientArea = lazyComponent(loadPatientArea, (m) => m.default);
const AppointmentsRoutes = lazyComponent(loadAppointments, (m) => m.default);
const OrdersRoutes = lazyComponent(loadOrders, (m) => m.default);
// Loaded early when the user points at a patient or at the schedule (issue 17).
registerRoutePreload('patient', loadPatientArea);
registerRoutePreload('schedule', () => Promise.all([loadAppointments(), loadDayView()]));
const PreferencesPage = lazy(loadPreferences);
const ReferrersRoutes = lazy(loadReferrers);
const HelpPage = lazy(loadHelp);
const AcknowledgmentsPage = lazy(loadAcknowledgments);
preloadFirstPage();

function page(Screen: ComponentType) {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Screen />
    </Suspense>
  );
}

/**
 * BrowserRouter, but a navigation to a page that can be drawn at once is rendered at once; any
 * other is a transition, as BrowserRouter renders every one (issue 17; see drawsAtOnce). The
 * history is React Router's own, as BrowserRouter makes it.
 */
function AppBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const { pathname } = location;
        const path = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
        if (drawsAtOnce(path)) setState({ action, location });
        else startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  return (
    <Router basename={BASE} location={state.location} navigationType={state.action} navigator={history}>
      {children}
    </Router>
  );
}

/** The app's routes under the base path /app (spec part 1, section 2). */
export function AppRouter() {
  return (
    <AppBrowserRouter>
      <ErrorBoundary>
        <Routes>
          <Route path="/login" element={page(LoginPage)} />
          <Route element={page(RequireSession)}>
            <Route element={page(AppShell)}>
              <Route index element={page(LandingPage)} />
              <Route path="dashboard" element={page(DashboardPage)} />
              <Route path="patients" element={page(PatientsPage)} />
              <Route path="search" element={page(SearchPage)} />
              <Route path="patients/:patientId/*" element={page(PatientArea)} />
              <Route path="appointments/*" element={page(AppointmentsRoutes)} />
              <Route path="orders/*" element={page(OrdersRoutes)} />
              <Route path="referrals/*" element={page(ReferrersRoutes)} />
              <Route path="preferences" element={page(PreferencesPage)} />
              <Route path="help" element={page(HelpPage)} />
              <Route path="acknowledgments" element={page(AcknowledgmentsPage)} />
              <Route path="*" element={page(NotFoundPage)} />
            </Route>
          </Route>
        </Routes>
      </ErrorBoundary>
    </AppBrowserRouter>
  );
}
