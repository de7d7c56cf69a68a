import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys, type Patient } from '@/api/patients/keys';
import type { PatientInput } from '../lib/patient-form';

/** PATCH /api/patients/{id}: fields left out keep their value. A 400 names the fields at fault. */
export async function updatePatient({ patientId, input }: { patientId: number; input: PatientInput }): Promise<Patient> {
  return unwrap(
    await api.PATCH('/api/patients/{patientId}', { params: { path: { patientId } }, body: input, headers: handledByCaller('fieldErrors') }),
  ) as Patient;
}

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: (patient) => {
      queryClient.setQueryData(patientKeys.record(patient.patientId), patient);
      // The patient changed: everything cached about them (alerts included) is refetched.
      void queryClient.invalidateQueries({ queryKey: patientKeys.patient(patient.patientId) });
      void queryClient.invalidateQueries({ queryKey: ['patients', 'search'] });
      void queryClient.invalidateQueries({ queryKey: ['patients', 'ids'] });
    },
  });
}
