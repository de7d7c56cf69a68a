import { Navigate } from 'react-router';
import { usePreferences } from '@/api/preferences/get-preferences';
import { landingPath } from '@/lib/default-view';
import { preloadPage } from '../page-loaders';

/** `/` lands by the defaultView preference. */
export function Landing() {
  const { defaultView } = usePreferences();
  return <Navigate to={landingPath(defaultView)} replace />;
}

/** Starts loading the page '/' goes to (the preload gate calls it as soon as the preferences name it). */
export function preloadLanding(defaultView: unknown): void {
  preloadPage(landingPath(defaultView));
}
