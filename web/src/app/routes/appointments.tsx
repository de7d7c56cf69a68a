import { lazy, Suspense } from 'react';
import AppointmentsRoutes from '@/features/appointments/routes/AppointmentsRoutes';
import type { AppointmentSlots } from '@/features/appointments/routes/AppointmentDetail';

// The appointment pages, given the patients feature's Insurance and Balances sections and the
// referrers feature's list of the patient's referrals
// (features do not import each other). They load when those pages open, so the schedule's
// chunk does not share the patient area's code.
const Balances = lazy(() => import('@/features/patients/routes/demographics').then((m) => ({ default: m.BalancesSection })));
const Insurance = lazy(() => import('@/features/patients/routes/insurance').then((m) => ({ default: m.InsuranceSection })));

const Referrals = lazy(() => import('@/features/referrers/components/PatientReferralList').then((m) => ({ default: m.PatientReferralList })));

const SLOTS: AppointmentSlots = {
  ReferralsSection: (props) => (
    <Suspense fallback={null}>
      <Referrals {...props} />
    </Suspense>
  ),
  InsuranceSection: (props) => (
    <Suspense fallback={null}>
      <Insurance {...props} />
    </Suspense>
  ),
  BalancesSection: (props) => (
    <Suspense fallback={null}>
      <Balances {...props} />
    </Suspense>
  ),
};

export default function AppointmentsRoute() {
  return <AppointmentsRoutes slots={SLOTS} />;
}
