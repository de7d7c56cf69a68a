import { useSyncExternalStore } from 'react';
import { KEYS, readItem, removeItem, writeItem } from './storage';

/** The selected patient's id, kept in session storage (spec part 1, section 3). */

const listeners = new Set<() => void>();
let cached: number | null = parse(readItem(KEYS.patientId, 'session'));

function parse(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A patient id from a URL segment: digits only, positive, else null. */
export function parsePatientId(segment: string | undefined): number | null {
  return parse(segment ?? null);
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getCurrentPatientId(): number | null {
  return cached;
}

export function setCurrentPatientId(id: number): void {
  if (cached === id) return;
  cached = id;
  writeItem(KEYS.patientId, String(id), 'session');
  emit();
}

export function clearCurrentPatientId(): void {
  cached = null;
  removeItem(KEYS.patientId, 'session');
  emit();
}

export function useCurrentPatientId(): number | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getCurrentPatientId,
    getCurrentPatientId,
  );
}
