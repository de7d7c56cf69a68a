import { Navigate } from 'react-router';
import { usePreferences } from '@/api/preferences/get-preferences';
import { landingPath } from '@/lib/default-view';

/** `/` lands by the defaultView preference. */
export function Landing() {
  const { defaultView } = usePreferences();
  return <Navigate to={landingPath(defaultView)} replace />;
}
