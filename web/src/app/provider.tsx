import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { setApiEvents } from '@/api/client';
import { PageTitleProvider } from '@/components/page-title';
import { ToastProvider, useToast } from '@/components/toast';
import { MESSAGES } from '@/lib/messages';
import { forceLogoutUnauthorized } from './session/actions';
import { pushApiError, useApiErrors } from './shell/api-error-store';
import { UpdatePrompt } from './shell/UpdatePrompt';
import { theme } from './theme';

// The API Error overlay's code loads with the first error: most sessions never see it.
const ApiErrorOverlay = lazy(() => import('./shell/ApiErrorOverlay').then((m) => ({ default: m.ApiErrorOverlay })));

function LazyApiErrorOverlay() {
  const shown = useApiErrors().length > 0;
  // Once loaded it stays mounted, so it closes with its transition.
  const [needed, setNeeded] = useState(shown);
  if (shown && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ApiErrorOverlay />
    </Suspense>
  );
}

/** Connects the API client's events to logout, the API Error overlay and the toasts. */
function ApiEventsBridge() {
  const toast = useToast();
  useEffect(() => {
    setApiEvents({
      unauthorized: forceLogoutUnauthorized,
      apiError: ({ status, message }) => pushApiError(status, message),
      missingJwt: (path) => {
        console.error(`${MESSAGES.noJwt} (${path})`);
        toast(MESSAGES.noJwt, 'error');
      },
      otherError: ({ status, path }) => console.warn(`API ${status} on ${path}`),
    });
  }, [toast]);
  return <LazyApiErrorOverlay />;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>
        <PageTitleProvider>
          {children}
          <ApiEventsBridge />
          <UpdatePrompt />
        </PageTitleProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}
