import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { unwrap } from '@/api/errors';
import { referrerKeys } from './keys';
import type { PatientReferral, PatientReferralInput } from './types';

/** POST /api/patients/{patientId}/referrals: a 400's `fields` are shown on the form's fields. */
export function useCreatePatientReferral(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PatientReferralInput): Promise<PatientReferral> =>
      unwrap(await api.POST('/api/patients/{patientId}/referrals', { params: { path: { patientId } }, body: input, headers: handledByCaller('fieldErrors') })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referrerKeys.patientReferrals(patientId) }),
  });
}
