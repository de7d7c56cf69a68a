import { lazy, Suspense } from 'react';
import { NewAppointmentDialog, PatientAppointmentsArea } from '@/features/appointments';
import { NewOrderDialog } from '@/features/orders';
import PatientArea from '@/features/patients/routes/PatientArea';
import type { PatientAreaSlots } from '@/features/patients/components/patient-area-slots';
import { NewVitalsDialog } from '@/features/vitals';

// One measurement's page is its own chunk, loaded when first visited.
const VitalsDetail = lazy(() => import('@/features/vitals/routes/VitalsDetail'));

function VitalsPage(props: { patientId: number; vitalsId: number | null }) {
  return (
    <Suspense fallback={null}>
      <VitalsDetail {...props} />
    </Suspense>
  );
}

// The patient area, given the orders feature's 'New Order', the vitals feature's
// 'Create Vitals' and measurement page, and the appointments feature's 'New Appointment'
// and 'Appointments & Follow-Ups' (features do not import each other).
const SLOTS: PatientAreaSlots = { NewOrderDialog, NewVitalsDialog, VitalsPage, NewAppointmentDialog, AppointmentsArea: PatientAppointmentsArea };

export default function PatientAreaRoute() {
  return <PatientArea slots={SLOTS} />;
}
