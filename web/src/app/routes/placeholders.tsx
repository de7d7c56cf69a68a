import { Navigate, useParams } from 'react-router';
import { PlaceholderPage } from '@/components/PlaceholderPage';
import { parsePatientId, setCurrentPatientId } from '@/lib/current-patient';
import { useEffect } from 'react';

/** Screens whose content arrives with later issues: titled pages until then. */
export const PatientsPlaceholder = () => <PlaceholderPage title="Patients" />;
export const SearchPlaceholder = () => <PlaceholderPage title="Patient Search" />;
export const SchedulePlaceholder = () => <PlaceholderPage title="Schedule" />;
export const OrdersPlaceholder = () => <PlaceholderPage title="Orders" />;
export const ReferrersPlaceholder = () => <PlaceholderPage title="Referrers" />;

const PATIENT_SECTIONS: Record<string, string> = {
  patient_home: 'Patient Home',
  demographics: 'Demographics',
  insurance_and_guarantors: 'Insurance & Guarantors',
  clinical: 'Clinical',
  appointments: 'Appointments & Follow-Ups',
  referrals: 'Referrals',
  new_charge: 'Billing Order',
};

/**
 * /patients/:patientId/*: selects the patient (kept in session storage, which expands
 * the navigation's patient entries). A non-numeric id goes to /search (spec part 2).
 */
export function PatientAreaPlaceholder() {
  const { patientId, '*': rest = '' } = useParams();
  const id = parsePatientId(patientId);
  useEffect(() => {
    if (id !== null) setCurrentPatientId(id);
  }, [id]);
  if (id === null) return <Navigate to="/search" replace />;
  if (rest === '') return <Navigate to="patient_home" replace />;
  const section = PATIENT_SECTIONS[rest.split('/')[0] ?? ''] ?? 'Patient';
  return <PlaceholderPage title={section} />;
}
