/** The notice's words (the spec has none for it; ours, in its tone). */
export const UPDATE_TEXT = { ready: 'A new version of Pocketchart is ready.', reload: 'Reload', later: 'Later' } as const;

/**
 * When to tell the user a new version is ready (issue 17): as soon as the new service worker
 * is waiting, but never while a form holds typed changes (reloading would lose them). The
 * notice waits for the form to be saved or closed, and hides again if typing starts in a
 * form while it shows; 'Later' puts it away until the next start (the new version is used
 * then anyway, once every tab of the app has closed).
 */
export interface UpdateGate {
  /** A new version is waiting (the service worker's `needRefresh`). */
  setWaiting(waiting: boolean): void;
  /** Read the forms again (a form opened or closed, or the periodic check while waiting). */
  recheck(): void;
  /** 'Later': not again until the next start. */
  dismiss(): void;
  /** Whether the notice shows now. */
  shown(): boolean;
  /** Whether a new version waits and has not been put away (the forms are worth watching). */
  pending(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createUpdateGate(formsDirty: () => boolean): UpdateGate {
  let waiting = false;
  let dismissed = false;
  let shown = false;
  const listeners = new Set<() => void>();
  const update = () => {
    const next = waiting && !dismissed && !formsDirty();
    if (next === shown) return;
    shown = next;
    listeners.forEach((listener) => listener());
  };
  return {
    setWaiting(next) {
      waiting = next;
      update();
    },
    recheck: update,
    dismiss() {
      dismissed = true;
      update();
    },
    shown: () => shown,
    pending: () => waiting && !dismissed,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
