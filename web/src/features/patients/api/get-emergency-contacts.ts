import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';

/** GET /api/patients/patient/{id}/emergencyContacts. */
export const emergencyContactsQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: patientKeys.chart(patientId, 'emergencyContacts'),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/patients/patient/{patientId}/emergencyContacts', { params: { path: { patientId } }, signal })),
  });

export const useEmergencyContacts = (patientId: number) => useQuery(emergencyContactsQueryOptions(patientId));
