import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../client';
import { unwrap } from '../errors';
import type { components } from '../schema';
import { ALERTS_STALE_MS } from './get-patient-alerts';
import { patientKeys } from './keys';

export type AccountAlert = components['schemas']['AccountAlert'];

/** GET /api/patients/{id}/accountAlerts (the account's alerts that have not expired). */
export function accountAlertsQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: patientKeys.alertGroup(patientId, 'account'),
    queryFn: async ({ signal }): Promise<AccountAlert[]> =>
      unwrap(await api.GET('/api/patients/{patientId}/accountAlerts', { params: { path: { patientId } }, signal })),
    staleTime: ALERTS_STALE_MS,
  });
}

export const useAccountAlerts = (patientId: number) => useQuery(accountAlertsQueryOptions(patientId));
