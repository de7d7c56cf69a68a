import DashboardPage from '@/features/dashboard/routes/DashboardPage';
import { NewAccountDialog } from '@/features/patients';

/** The dashboard, composed with the patients feature's 'Add Patient in New Account' dialog. */
export default function DashboardRoute() {
  return <DashboardPage NewAccountDialog={NewAccountDialog} />;
}
