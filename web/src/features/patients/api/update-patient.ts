import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { editConflictOf, unwrap, type EditConflict } from '@/api/errors';
import { patientKeys, type Patient } from '@/api/patients/keys';
import type { PatientInput } from '../lib/patient-form';

/** PATCH /api/patients/{id}: fields left out keep their value. A 400 names the fields at fault. */
export async function updatePatient({ patientId, input }: { patientId: number; input: PatientInput }): Promise<Patient> {
  return unwrap(
    await api.PATCH('/api/patients/{patientId}', { params: { path: { patientId } }, body: input, headers: handledByCaller('fieldErrors') }),
  ) as Patient;
}

/** A 409 `edit_conflict` of this patient's change: the message and the patient as now saved; null for any other error. */
export function patientEditConflict(error: unknown, patientId: number): EditConflict<Patient> | null {
  return editConflictOf<Patient>(error, (current) => (current as Partial<Patient>).patientId === patientId);
}

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  const store = (patient: Patient) => {
    queryClient.setQueryData(patientKeys.record(patient.patientId), patient);
    // The patient changed: everything cached about them (alerts included) is refetched.
    void queryClient.invalidateQueries({ queryKey: patientKeys.patient(patient.patientId) });
    void queryClient.invalidateQueries({ queryKey: ['patients', 'search'] });
    void queryClient.invalidateQueries({ queryKey: ['patients', 'ids'] });
  };
  return useMutation({
    mutationFn: updatePatient,
    onSuccess: store,
    // Refused as stale: the answer carries the patient as someone else saved them.
    onError: (error, { patientId }) => {
      const stale = patientEditConflict(error, patientId);
      if (stale) store(stale.current);
    },
  });
}
