import { useSyncExternalStore } from 'react';

/** The API Error notices waiting to be read, oldest first (one overlay at a time). */
export interface ApiErrorNotice {
  id: number;
  status: number;
  message: string;
}

let notices: ApiErrorNotice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function pushApiError(status: number, message: string): void {
  // The same message twice in a row (parallel calls failing alike) is shown once.
  if (notices.some((n) => n.status === status && n.message === message)) return;
  notices = [...notices, { id: nextId++, status, message }];
  emit();
}

export function dismissApiError(): void {
  notices = notices.slice(1);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => notices;

export function useApiErrors(): ApiErrorNotice[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
