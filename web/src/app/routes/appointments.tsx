import AppointmentsRoutes from '@/features/appointments/routes/AppointmentsRoutes';
import type { AppointmentSlots } from '@/features/appointments/routes/AppointmentDetail';
import { BalancesSection } from '@/features/patients/routes/demographics';
import { InsuranceSection } from '@/features/patients/routes/insurance';

// The appointment pages, given the patients feature's Insurance and Balances sections
// (features do not import each other).
const SLOTS: AppointmentSlots = { InsuranceSection, BalancesSection };

export default function AppointmentsRoute() {
  return <AppointmentsRoutes slots={SLOTS} />;
}
