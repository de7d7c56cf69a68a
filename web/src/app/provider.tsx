import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { setApiEvents } from '@/api/client';
import { PageTitleProvider } from '@/components/page-title';
import { ToastProvider, useToast } from '@/components/toast';
import { MESSAGES } from '@/lib/messages';
import { onSessionEnd } from '@/lib/session';
import { createQueryClient } from './query-client';
import { forceLogoutUnauthorized } from './session/actions';
import { pushApiError, useApiErrors } from './shell/api-error-store';
import { UpdatePrompt } from './shell/UpdatePrompt';
import { theme } from './theme';

const queryClient = createQueryClient();

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

// No patient data survives a session: the query cache goes with it (spec part 1, section 4).
onSessionEnd(() => {
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
});

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
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <PageTitleProvider>
            {children}
            <ApiEventsBridge />
            <UpdatePrompt />
          </PageTitleProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
