import { createContext, useContext } from 'react';
import type { Patient } from '@/api/patients/keys';

/** The patient the patient area shows (loaded by PatientArea before any page renders). */
export const PatientContext = createContext<Patient | null>(null);

export function useCurrentPatient(): Patient {
  const patient = useContext(PatientContext);
  if (!patient) throw new Error('A patient page was rendered outside the patient area');
  return patient;
}
