import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { unwrap } from '../errors';
import type { components } from '../schema';
import { patientKeys } from './keys';

export type PatientAlert = components['schemas']['PatientAlert'];

/** Alerts stay cached per patient for this long; the patient area clears them on a change of patient. */
export const ALERTS_STALE_MS = 5 * 60_000;

/** GET /api/patients/{id}/alerts. */
export function patientAlertsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: patientKeys.alertGroup(patientId, 'patient'),
    queryFn: async ({ signal }): Promise<PatientAlert[]> =>
      unwrap(await api.GET('/api/patients/{patientId}/alerts', { params: { path: { patientId } }, signal })),
    staleTime: ALERTS_STALE_MS,
  });
}

export const usePatientAlerts = (patientId: number) => useQuery(patientAlertsQueryOptions(patientId));
