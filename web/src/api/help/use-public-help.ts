import { useEffect, useState } from 'react';
import { api } from '../client';
import { unwrap } from '../errors';
import type { HelpInfo } from './get-help';

export interface PublicHelp {
  help: HelpInfo | null;
  error: boolean;
  retry: () => void;
}

/**
 * GET /api/help for the login screen, read once without the query cache: the login page does not
 * load the query library (issue 17, sizes per page). After login, `useHelp` reads it through the cache.
 */
export function usePublicHelp(): PublicHelp {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ help: HelpInfo | null; error: boolean }>({ help: null, error: false });
  useEffect(() => {
    const controller = new AbortController();
    api
      .GET('/api/help', { signal: controller.signal })
      .then((result) => setState({ help: unwrap<HelpInfo>(result), error: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState((s) => ({ help: s.help, error: true }));
      });
    return () => controller.abort();
  }, [attempt]);
  return {
    ...state,
    retry: () => {
      setState((s) => ({ help: s.help, error: false }));
      setAttempt((a) => a + 1);
    },
  };
}
