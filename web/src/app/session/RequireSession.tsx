import { lazy, Suspense, useEffect } from 'react';
import { FullScreenSpinner } from '@/components/FullScreenSpinner';
import { Navigate, Outlet, useLocation } from 'react-router';
import { usePreferences } from '@/api/preferences/get-preferences';
import { indexHtmlTarget, lastPage, rememberPage } from '@/lib/last-page';
import { useSession } from '@/lib/session';
import { InactivityDialog } from './InactivityDialog';
import { PreloadGate } from './PreloadGate';
import { expireSession } from './actions';
import { useInactivity } from './use-inactivity';
import { useKeepalive } from './use-keepalive';

// The re-login screen carries the login form: loaded only when needed.
const ReloginScreen = lazy(() => import('./ReloginDialog'));

/** The logged-in part of the app: guard, preload, last page, inactivity and keep-alive. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  // Every end of a session (Log Out, the inactivity timer, a 401) leaves the page it ended on:
  // the spec clears the last page at logout, so the next login, whoever logs in, starts from
  // the Default View and never from the previous session's patient. The re-login dialog
  // therefore shows over '/', and the login screen is reached without any `from` location.
  if (session.status === 'expired') {
    if (location.pathname !== '/') return <Navigate to="/" replace />;
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <ReloginScreen />
      </Suspense>
    );
  }
  if (session.status === 'anonymous' || !session.user) {
    return <Navigate to="/login" replace />;
  }
  if (location.pathname.includes('index.html')) return <Navigate to={indexHtmlTarget(lastPage())} replace />;
  return (
    <PreloadGate userId={session.user.userId}>
      <SessionActivity />
      <Outlet />
    </PreloadGate>
  );
}

function SessionActivity() {
  const location = useLocation();
  const { autoLogout } = usePreferences();
  const { phase, stayLoggedIn } = useInactivity({ enabled: true, autoLogout, onExpire: expireSession });
  useKeepalive(true);
  useEffect(() => {
    rememberPage(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);
  return <InactivityDialog secondsLeft={phase.phase === 'warning' ? phase.secondsLeft : null} onStay={stayLoggedIn} />;
}
