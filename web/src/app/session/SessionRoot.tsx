import { QueryClientProvider } from '@tanstack/react-query';
import { appQueryClient } from '../query-client';
import { RequireSession } from './RequireSession';

/** The logged-in part of the app with the query cache its pages read through. */
export function SessionRoot() {
  return (
    <QueryClientProvider client={appQueryClient()}>
      <RequireSession />
    </QueryClientProvider>
  );
}
