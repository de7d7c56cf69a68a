import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense, useEffect, useState } from 'react';

// MUI's Tooltip brings its positioning engine (Popper.js): it loads once the page has shown
// and the browser is idle, not with the page (issue 17, sizes per page). Until then the control
// shows without its hover label; its accessible name is its own aria-label either way.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** True once the browser has been idle after the first render (at most a second later). */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(handle);
  }, []);
  return idle;
}

/** MUI's Tooltip, loaded when the browser is idle after the first render. */
export function DeferredTooltip({ children, ...props }: TooltipProps) {
  const idle = useIdle();
  if (!idle) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
