import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { editConflictOf, unwrap, type EditConflict } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';
import type { components } from '@/api/schema';
import type { ProviderOfficeFee } from './get-provider-office-fee';

export type ProviderOfficeFeeInput = components['schemas']['ProviderOfficeFeeInput'];

/**
 * PATCH /api/patients/1/patient/{id}/provider with all four choices (0 clears an optional
 * one; the account provider is required) and the patient's version they were made on. A 400
 * names the fields at fault; a 409 `edit_conflict` carries the choices as now saved.
 */
export async function updateProviderOfficeFee({ patientId, input }: { patientId: number; input: ProviderOfficeFeeInput }) {
  return unwrap(
    await api.PATCH('/api/patients/1/patient/{patientId}/provider', { params: { path: { patientId } }, body: input, headers: handledByCaller('fieldErrors') }),
  );
}

/** A 409 `edit_conflict` of this patient's choices: the message and the choices as now saved; null for any other error. */
export function providerOfficeFeeConflict(error: unknown, patientId: number): EditConflict<ProviderOfficeFee> | null {
  return editConflictOf<ProviderOfficeFee>(error, (current) => (current as Partial<ProviderOfficeFee>).patientId === patientId);
}

export function useUpdateProviderOfficeFee() {
  const queryClient = useQueryClient();
  const store = (saved: ProviderOfficeFee) => {
    queryClient.setQueryData(patientKeys.chart(saved.patientId, 'provider'), saved);
    // The header card and Patient Information name them too (and the patient's version moved).
    void queryClient.invalidateQueries({ queryKey: patientKeys.patient(saved.patientId) });
  };
  return useMutation({
    mutationFn: updateProviderOfficeFee,
    onSuccess: store,
    // Refused as stale: the answer carries the choices as someone else saved them.
    onError: (error, { patientId }) => {
      const stale = providerOfficeFeeConflict(error, patientId);
      if (stale) store(stale.current);
    },
  });
}
