import { RECENT_PATIENTS_MAX } from './constants';

/**
 * The recentPatients preference after opening `patientId`: that id first, no id twice,
 * at most 20 (the oldest drop off). Non-positive or non-integer ids are left out.
 */
export function withRecentPatient(list: readonly number[], patientId: number, max: number = RECENT_PATIENTS_MAX): number[] {
  const clean = list.filter((id) => Number.isSafeInteger(id) && id > 0 && id !== patientId);
  if (!Number.isSafeInteger(patientId) || patientId <= 0) return clean.slice(0, max);
  return [patientId, ...clean].slice(0, max);
}
