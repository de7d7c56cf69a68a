import { Suspense, useState, type ReactNode } from 'react';

/** Whether a dialog has ever been opened: false until `open` first turns true, then true for good. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Stored during render (React's "state from the previous render"), so the first opening mounts at once.
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * Mounts its content (typically a lazily loaded dialog) once first opened, then keeps it
 * mounted so closing animates and reopening is instant; nothing is loaded before.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const opened = useOpenedOnce(open);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** What `useValuesPerOpening` remembers between renders. */
export interface OpeningState<T> {
  open: boolean;
  values: T | null;
}

/**
 * The rule of `useValuesPerOpening`: a new opening forgets the previous values; while open,
 * the values start once, as soon as everything they start from is ready; closing keeps them
 * (the closing dialog still shows them).
 */
export function nextOpening<T>(state: OpeningState<T>, open: boolean, ready: boolean, start: () => T | null): OpeningState<T> {
  let values = open && !state.open ? null : state.values;
  if (open && values === null && ready) values = start();
  return values === state.values && open === state.open ? state : { open, values };
}

/** A form's starting values, computed once per opening of its dialog (when `ready`). */
export function useValuesPerOpening<T>(open: boolean, ready: boolean, start: () => T | null): T | null {
  const [state, setState] = useState<OpeningState<T>>({ open: false, values: null });
  const next = nextOpening(state, open, ready, start);
  if (next !== state) setState(next);
  return next.values;
}
