import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handledByCaller } from '@/api/client';
import { unwrap } from '@/api/errors';
import { pendingApi } from '@/api/pending';
import { referrerKeys } from './keys';
import type { PatientReferral, PatientReferralInput } from './types';

/** POST /api/patients/{patientId}/referrals: a 400's `fields` are shown on the form's fields. */
export function useCreatePatientReferral(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: PatientReferralInput): Promise<PatientReferral> =>
      unwrap(await pendingApi.POST(`/api/patients/${patientId}/referrals`, { body: input, headers: handledByCaller('fieldErrors') })) as PatientReferral,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referrerKeys.patientReferrals(patientId) }),
  });
}
