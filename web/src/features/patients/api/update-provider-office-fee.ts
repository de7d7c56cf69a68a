import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';
import type { components } from '@/api/schema';

export type ProviderOfficeFeeInput = components['schemas']['ProviderOfficeFeeInput'];

/**
 * PATCH /api/patients/1/patient/{id}/provider with all four choices (0 clears an optional
 * one; the account provider is required). A 400 names the fields at fault.
 */
export async function updateProviderOfficeFee({ patientId, input }: { patientId: number; input: ProviderOfficeFeeInput }) {
  return unwrap(
    await api.PATCH('/api/patients/1/patient/{patientId}/provider', { params: { path: { patientId } }, body: input, headers: handledByCaller('fieldErrors') }),
  );
}

export function useUpdateProviderOfficeFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProviderOfficeFee,
    onSuccess: (saved, { patientId }) => {
      queryClient.setQueryData(patientKeys.chart(patientId, 'provider'), saved);
      // The header card and Patient Information name them too.
      void queryClient.invalidateQueries({ queryKey: patientKeys.patient(patientId) });
    },
  });
}
