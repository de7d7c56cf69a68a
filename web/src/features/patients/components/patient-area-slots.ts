import { createContext, useContext, type ComponentType } from 'react';

/**
 * What other features give the patient area (the app composes them: features do not
 * import each other): the speed dial's 'New Order' and 'New Vitals' dialogs and the page
 * of one vitals measurement.
 */
export interface PatientAreaSlots {
  NewOrderDialog?: ComponentType<{ open: boolean; onClose: () => void; patientId: number }>;
  NewVitalsDialog?: ComponentType<{
    open: boolean;
    onClose: () => void;
    patient: { patientId: number; birthdate?: string | null };
    onSaved: (vitals: { vitalsId: number }) => void;
  }>;
  VitalsPage?: ComponentType<{ patientId: number; vitalsId: number | null }>;
}

export const PatientAreaSlotsContext = createContext<PatientAreaSlots>({});

export const usePatientAreaSlots = () => useContext(PatientAreaSlotsContext);
