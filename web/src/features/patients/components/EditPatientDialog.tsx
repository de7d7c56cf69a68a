import { lazy } from 'react';
import type { Patient } from '@/api/patients/keys';
import { OnceOpened } from '@/components/form/once-opened';
import { PATIENT_TEXT } from '../lib/texts';

// The form loads when first opened, not with the patient pages.
const PatientFormDialog = lazy(() => import('./PatientFormDialog').then((m) => ({ default: m.PatientFormDialog })));

/** 'Edit Patient' (Patient Information). */
export function EditPatientDialog({ open, onClose, patient }: { open: boolean; onClose: () => void; patient: Patient }) {
  return (
    <OnceOpened open={open}>
      <PatientFormDialog open={open} onClose={onClose} title={PATIENT_TEXT.editPatientTitle} mode="edit" patient={patient} onSaved={onClose} />
    </OnceOpened>
  );
}
