import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The clinical pages' way back (an entry to its section, a section to the board). A link
 * forward carries where it came from (`backState`); the way back to that same page then
 * goes back in the history rather than adding a page to it, so the browser's Back button
 * afterwards leaves the chart as it would have without the link (never into the entry
 * just left). Opened by address, in a new tab, or from elsewhere, the link goes forward.
 */
export interface BackState {
  clinicalFrom: string;
}

export const backState = (from: string): BackState => ({ clinicalFrom: from });

/** Whether the page's history state says it was opened from `to`. */
export function cameFrom(state: unknown, to: string): boolean {
  return typeof state === 'object' && state !== null && (state as Partial<BackState>).clinicalFrom === to;
}

/** The click handler of a link back to `to`: history back when the page was opened from there. */
export function useBackClick(to: string): (event: MouseEvent<HTMLElement>) => void {
  const location = useLocation();
  const navigate = useNavigate();
  const opened = cameFrom(location.state, to);
  return (event) => {
    if (!opened || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(-1);
  };
}
