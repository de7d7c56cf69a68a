import { createContext, type ComponentType } from 'react';

/** What other features give the appointment pages (the app composes them): the patient's insurance, balances and referrals. */
export interface AppointmentSlots {
  /** The patient's referrals, each linking to /patients/{patientId}/referrals/{patientReferralId}. */
  ReferralsSection?: ComponentType<{ patientId: number }>;
  InsuranceSection?: ComponentType<{ patientId: number }>;
  BalancesSection?: ComponentType<{ patientId: number }>;
}

export const AppointmentSlotsContext = createContext<AppointmentSlots>({});
