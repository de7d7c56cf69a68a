import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { setApiEvents } from '@/api/client';
import { PageTitleProvider } from '@/components/page-title';
import { ToastProvider, useToast } from '@/components/toast';
import { MESSAGES } from '@/lib/messages';
import { onSessionEnd } from '@/lib/session';
import { createQueryClient } from './query-client';
import { forceLogoutUnauthorized } from './session/actions';
import { ApiErrorOverlay, type ApiErrorNotice } from './shell/ApiErrorOverlay';
import { UpdatePrompt } from './shell/UpdatePrompt';
import { theme } from './theme';

const queryClient = createQueryClient();

// No patient data survives a session: the query cache goes with it (spec part 1, section 4).
onSessionEnd(() => {
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
});

/** Connects the API client's events to logout, the API Error overlay and the toasts. */
function ApiEventsBridge() {
  const toast = useToast();
  const [queue, setQueue] = useState<ApiErrorNotice[]>([]);
  useEffect(() => {
    let next = 1;
    setApiEvents({
      unauthorized: forceLogoutUnauthorized,
      apiError: ({ status, message }) => {
        const id = next++;
        setQueue((q) => (q.some((n) => n.message === message && n.status === status) ? q : [...q, { id, status, message }]));
      },
      missingJwt: (path) => {
        console.error(`${MESSAGES.noJwt} (${path})`);
        toast(MESSAGES.noJwt, 'error');
      },
      otherError: ({ status, path }) => console.warn(`API ${status} on ${path}`),
    });
  }, [toast]);
  return <ApiErrorOverlay notice={queue[0] ?? null} onClose={() => setQueue((q) => q.slice(1))} />;
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
