import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense } from 'react';
import { useIdle } from '@/lib/use-idle';

// MUI's Tooltip brings its positioning engine (Popper.js): it loads once the page has shown
// and the browser is idle, not with the page (issue 17, sizes per page). Until then the control
// shows without its hover label; its accessible name is its own aria-label either way.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

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
