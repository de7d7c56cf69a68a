import { useSyncExternalStore } from 'react';

const QUERY = '(display-mode: standalone)';

function isStandalone(): boolean {
  const nav = globalThis.navigator as Navigator & { standalone?: boolean };
  return globalThis.matchMedia?.(QUERY).matches === true || nav?.standalone === true;
}

function subscribe(listener: () => void): () => void {
  const media = globalThis.matchMedia?.(QUERY);
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

/** True when the app runs installed (standalone display mode). */
export function useStandalone(): boolean {
  return useSyncExternalStore(subscribe, isStandalone, () => false);
}
