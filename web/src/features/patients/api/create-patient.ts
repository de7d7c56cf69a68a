import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { unwrap } from '@/api/errors';
import { patientKeys, type Patient, type PatientSearchResult } from '@/api/patients/keys';
import type { PatientInput } from '../lib/patient-form';

/** The server found patients the new one may be (409 possible_duplicate). */
export class PossibleDuplicatesError extends Error {
  override readonly name = 'PossibleDuplicatesError';
  constructor(
    message: string,
    readonly duplicates: PatientSearchResult[],
  ) {
    super(message);
  }
}

/**
 * POST /api/patients: a new account with this patient (201). A 400 names the fields at
 * fault (shown on the form, not the API Error overlay); a 409 lists possible duplicates,
 * and sending again with `allowDuplicate: true` creates the patient anyway.
 */
export async function createPatient(input: PatientInput): Promise<Patient> {
  const result = await api.POST('/api/patients', { body: input, headers: handledByCaller('fieldErrors') });
  if (result.response.status === 409) {
    const body = (result.error ?? {}) as { message?: string; duplicates?: PatientSearchResult[] };
    throw new PossibleDuplicatesError(body.message ?? '', Array.isArray(body.duplicates) ? body.duplicates : []);
  }
  return unwrap(result) as Patient;
}

export function useCreatePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPatient,
    onSuccess: (patient) => {
      queryClient.setQueryData(patientKeys.record(patient.patientId), patient);
      // Searches made before may now have one more answer.
      void queryClient.invalidateQueries({ queryKey: ['patients', 'search'] });
    },
  });
}
