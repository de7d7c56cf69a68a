import { createContext, useContext, type ComponentType } from 'react';

/**
 * What other features give the patient area (the app composes them: features do not
 * import each other): the speed dial's 'New Order', 'New Vitals' and 'New Appointment'
 * dialogs, the page of one vitals measurement, 'Appointments & Follow-Ups', the Clinical board
 * the Billing Order and the patient's Referrals.
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
  /** /patients/{id}/clinical/{section} and .../{section}/{entryId}: a chart section's page and its entries (the raw address parts). */
  ClinicalSectionPage?: ComponentType<{ patientId: number; section: string | undefined; entryId?: string | undefined }>;
  /** The speed dial's 'New Appointment': the form for the patient; `onSaved` gets the booked appointment. */
  NewAppointmentDialog?: ComponentType<{ open: boolean; onClose: () => void; patientId: number; onSaved: (appointment: { appointmentId: number }) => void }>;
  /** /patients/{id}/appointments/*: 'Appointments & Follow-Ups'. */
  AppointmentsArea?: ComponentType<{ patientId: number }>;
  /** /patients/{id}/clinical (exactly): the Clinical board. */
  ClinicalBoard?: ComponentType<{ patientId: number }>;
  /** /patients/{id}/referrals/*: the patient's referrals and each referral's page. */
  ReferralsArea?: ComponentType<{ patientId: number }>;
  /** /patients/{id}/new_charge: the Billing Order. */
  BillingOrderPage?: ComponentType<{ patientId: number }>;
}

export const PatientAreaSlotsContext = createContext<PatientAreaSlots>({});

export const usePatientAreaSlots = () => useContext(PatientAreaSlotsContext);
