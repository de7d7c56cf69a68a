import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { editConflictOf, unwrap } from '@/api/errors';
import { referrerKeys } from './keys';
import type { PatientReferral, PatientReferralDetail, PatientReferralUpdate } from './types';

/** A 409 `edit_conflict` about this referral: the server's message and the referral as it now is. */
export const referralConflictOf = (error: unknown, patientReferralId: number) =>
  editConflictOf<PatientReferral>(error, (current) => (current as { patientReferralId?: unknown }).patientReferralId === patientReferralId);

/**
 * PATCH /api/patients/{patientId}/referrals/{patientReferralId} with the version the page shows.
 * The answer (or, on a 409, the server's `current`) replaces the referral in its page and the list.
 */
export function useUpdatePatientReferral(patientId: number, patientReferralId: number) {
  const queryClient = useQueryClient();
  const place = (saved: PatientReferral) => {
    queryClient.setQueryData<PatientReferralDetail>(referrerKeys.patientReferral(patientId, patientReferralId), (old) => (old ? { ...old, ...saved, referrer: old.referrer } : old));
    queryClient.setQueryData<PatientReferral[]>(referrerKeys.patientReferrals(patientId), (old) => old?.map((r) => (r.patientReferralId === saved.patientReferralId ? saved : r)));
  };
  return useMutation({
    mutationFn: async (update: PatientReferralUpdate): Promise<PatientReferral> =>
      unwrap(
        await api.PATCH('/api/patients/{patientId}/referrals/{patientReferralId}', {
          params: { path: { patientId, patientReferralId } },
          body: update,
          headers: handledByCaller('fieldErrors'),
        }),
      ),
    onSuccess: (saved) => {
      place(saved);
      void queryClient.invalidateQueries({ queryKey: referrerKeys.patientReferrals(patientId), exact: true });
    },
    onError: (error) => {
      const conflict = referralConflictOf(error, patientReferralId);
      if (conflict) place(conflict.current);
    },
  });
}
