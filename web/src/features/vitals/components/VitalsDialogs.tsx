import { lazy, Suspense, useEffect, useState } from 'react';
import type { Vitals } from '../lib/vitals';
import type { VitalsPatient } from './CreateVitalsDialog';

// The vitals form loads when first opened, not with the patient home.
const CreateVitalsDialog = lazy(() => import('./CreateVitalsDialog').then((m) => ({ default: m.CreateVitalsDialog })));

/** 'Create Vitals' for a patient (the patient home's 'New Vitals'). */
export function NewVitalsDialog({ open, onClose, patient, onSaved }: { open: boolean; onClose: () => void; patient: VitalsPatient; onSaved: (vitals: Vitals) => void }) {
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CreateVitalsDialog open={open} onClose={onClose} patient={patient} onSaved={onSaved} />
    </Suspense>
  );
}
