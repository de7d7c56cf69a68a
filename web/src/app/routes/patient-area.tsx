import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { NewAppointmentDialog, PatientAppointmentsArea } from '@/features/appointments';
import { clinicalCountsQueryOptions } from '@/features/clinical';
import { NewOrderDialog } from '@/features/orders';
import PatientArea from '@/features/patients/routes/PatientArea';
import type { PatientAreaSlots } from '@/features/patients/components/patient-area-slots';
import { NewVitalsDialog } from '@/features/vitals';
import { loadClinicalBoard } from '../page-loaders';

// A chart section's page is its own chunk too (the clinical feature's sections).
const ClinicalSectionLazy = lazy(() => import('@/features/clinical/sections/routes/ClinicalSectionPage'));

function ClinicalSectionPage(props: { patientId: number; section: string | undefined; entryId?: string | undefined }) {
  return (
    <Suspense fallback={null}>
      <ClinicalSectionLazy {...props} />
    </Suspense>
  );
}

// One measurement's page is its own chunk, loaded when first visited.
const VitalsDetail = lazy(() => import('@/features/vitals/routes/VitalsDetail'));
// So is the Clinical board.
const ClinicalBoard = lazy(loadClinicalBoard);
// And the Billing Order (its dialogs and drag and drop with it).
const BillingOrderLazy = lazy(() => import('@/features/billing/routes/BillingOrderPage'));

function BillingOrderPage(props: { patientId: number }) {
  return (
    <Suspense fallback={null}>
      <BillingOrderLazy {...props} />
    </Suspense>
  );
}

// And the patient's Referrals (the referrers feature).
const ReferralsLazy = lazy(() => import('@/features/referrers/routes/PatientReferralsArea'));

function ReferralsArea(props: { patientId: number }) {
  return (
    <Suspense fallback={null}>
      <ReferralsLazy {...props} />
    </Suspense>
  );
}

function VitalsPage(props: { patientId: number; vitalsId: number | null }) {
  return (
    <Suspense fallback={null}>
      <VitalsDetail {...props} />
    </Suspense>
  );
}

/** The board, whose counts are asked for while its code loads (not one after the other). */
function ClinicalPage({ patientId }: { patientId: number }) {
  usePrefetchQuery(clinicalCountsQueryOptions(patientId));
  return (
    <Suspense fallback={null}>
      <ClinicalBoard patientId={patientId} />
    </Suspense>
  );
}

// The patient area, given the orders feature's 'New Order', the vitals feature's
// 'Create Vitals' and measurement page, the appointments feature's 'New Appointment'
// and 'Appointments & Follow-Ups', the clinical feature's board, the billing feature's
// Billing Order and the referrers feature's Referrals (features do not import each other).
const SLOTS: PatientAreaSlots = { NewOrderDialog, NewVitalsDialog, VitalsPage, NewAppointmentDialog, AppointmentsArea: PatientAppointmentsArea, ClinicalBoard: ClinicalPage, BillingOrderPage, ReferralsArea };

// The clinical feature's section pages (/patients/{id}/clinical/{section}[/{entryId}]).
const ALL_SLOTS: PatientAreaSlots = { ...SLOTS, ClinicalSectionPage };

export default function PatientAreaRoute() {
  return <PatientArea slots={ALL_SLOTS} />;
}
