// The appointments feature's public surface for the app layer: what the patient area uses
// (each loads on demand, so the patient home does not carry the schedule's code).
import { lazy, Suspense } from 'react';
import { OnceOpened } from '@/components/form/once-opened';

const NewAppointmentForPatient = lazy(() => import('./components/NewAppointmentForPatient').then((m) => ({ default: m.NewAppointmentForPatient })));
const PatientAppointmentsAreaPage = lazy(() => import('./routes/PatientAppointmentsArea'));

/** The patient home's 'New Appointment': the form for that patient; `onSaved` gets the booked appointment. */
export function NewAppointmentDialog(props: { open: boolean; onClose: () => void; patientId: number; onSaved: (appointment: { appointmentId: number }) => void }) {
  return (
    <OnceOpened open={props.open}>
      <NewAppointmentForPatient {...props} />
    </OnceOpened>
  );
}

/** /patients/{id}/appointments/*: 'Appointments & Follow-Ups'. */
export function PatientAppointmentsArea({ patientId }: { patientId: number }) {
  return (
    <Suspense fallback={null}>
      <PatientAppointmentsAreaPage patientId={patientId} />
    </Suspense>
  );
}
