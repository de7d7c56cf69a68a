import type { components } from '../schema';

export type Patient = components['schemas']['Patient'];
export type PatientSearchResult = components['schemas']['PatientSearchResult'];
export type PhoneEntry = components['schemas']['PhoneEntry'];

/**
 * TanStack Query keys of patient data. Everything about one patient sits under
 * `['patients', id]`, so invalidating that prefix refreshes the whole chart; its alerts
 * under `['patients', id, 'alerts']` (cached per patient).
 */
export const patientKeys = {
  all: ['patients'] as const,
  search: (text: string) => ['patients', 'search', text] as const,
  byIds: (ids: readonly number[]) => ['patients', 'ids', ids.join(',')] as const,
  patient: (id: number) => ['patients', id] as const,
  record: (id: number) => ['patients', id, 'record'] as const,
  alerts: (id: number) => ['patients', id, 'alerts'] as const,
  alertGroup: (id: number, group: 'patient' | 'account' | 'allergy') => ['patients', id, 'alerts', group] as const,
  chart: (id: number, part: string) => ['patients', id, part] as const,
};
