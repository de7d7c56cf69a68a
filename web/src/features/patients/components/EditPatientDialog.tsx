import { lazy, Suspense, useEffect, useState } from 'react';
import type { Patient } from '@/api/patients/keys';
import { PATIENT_TEXT } from '@/lib/messages';

// The form loads when first opened, not with the patient pages.
const PatientFormDialog = lazy(() => import('./PatientFormDialog').then((m) => ({ default: m.PatientFormDialog })));

/** 'Edit Patient' (Patient Information). */
export function EditPatientDialog({ open, onClose, patient }: { open: boolean; onClose: () => void; patient: Patient }) {
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PatientFormDialog open={open} onClose={onClose} title={PATIENT_TEXT.editPatientTitle} mode="edit" patient={patient} onSaved={onClose} />
    </Suspense>
  );
}
