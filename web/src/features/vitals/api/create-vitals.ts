import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';
import { vitalsKeys } from './get-vitals';
import type { Vitals, VitalsInput } from '../lib/vitals';

/**
 * POST /api/patients/{id}/vitals, in stored units (201 with the vitalsId). A 400 naming
 * fields (a maximum) is shown on the form; 'empty_vitals' cannot happen, the form checks it first.
 */
export async function createVitals({ patientId, input }: { patientId: number; input: VitalsInput }): Promise<Vitals> {
  return unwrap(await api.POST('/api/patients/{patientId}/vitals', { params: { path: { patientId } }, body: input, headers: handledByCaller('fieldErrors') }));
}

export function useCreateVitals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVitals,
    onSuccess: (vitals) => {
      queryClient.setQueryData(vitalsKeys.one(vitals.vitalsId), vitals);
      void queryClient.invalidateQueries({ queryKey: patientKeys.chart(vitals.patientId, 'vitals') });
    },
  });
}
