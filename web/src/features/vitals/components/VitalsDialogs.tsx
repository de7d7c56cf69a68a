import { lazy } from 'react';
import { OnceOpened } from '@/components/form/once-opened';
import type { Vitals } from '../lib/vitals';
import type { VitalsPatient } from './CreateVitalsDialog';

// The vitals form loads when first opened, not with the patient home.
const CreateVitalsDialog = lazy(() => import('./CreateVitalsDialog').then((m) => ({ default: m.CreateVitalsDialog })));

/** 'Create Vitals' for a patient (the patient home's 'New Vitals'). */
export function NewVitalsDialog({ open, onClose, patient, onSaved }: { open: boolean; onClose: () => void; patient: VitalsPatient; onSaved: (vitals: Vitals) => void }) {
  return (
    <OnceOpened open={open}>
      <CreateVitalsDialog open={open} onClose={onClose} patient={patient} onSaved={onSaved} />
    </OnceOpened>
  );
}
