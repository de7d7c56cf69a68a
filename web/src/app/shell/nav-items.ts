import type { SvgIconComponent } from '@mui/icons-material';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';

export interface NavItem {
  label: string;
  to: string;
  icon: SvgIconComponent;
}

/** Side navigation entries, in the spec's order (part 1, section 2); Log Out follows them. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: DashboardOutlined },
  { label: 'Patients', to: '/patients', icon: PeopleOutline },
  { label: 'Schedule', to: '/appointments', icon: EventOutlined },
  { label: 'Orders', to: '/orders', icon: AssignmentOutlined },
  { label: 'Referrers', to: '/referrals', icon: ContactPhoneOutlined },
  { label: 'Preferences', to: '/preferences', icon: SettingsOutlined },
  { label: 'Help', to: '/help', icon: HelpOutline },
];

/** What Patients expands to while a patient is selected. */
export function patientNavItems(patientId: number): Array<{ label: string; to: string }> {
  const base = `/patients/${patientId}`;
  return [
    { label: 'Patient Home', to: `${base}/patient_home` },
    { label: 'Demographics', to: `${base}/demographics` },
    { label: 'Insurance & Guarantors', to: `${base}/insurance_and_guarantors` },
    { label: 'Clinical', to: `${base}/clinical` },
    { label: 'Appointments & Follow-Ups', to: `${base}/appointments` },
    { label: 'Referrals', to: `${base}/referrals` },
    { label: 'Billing Order', to: `${base}/new_charge` },
    { label: 'Search', to: '/search' },
  ];
}

/** Whether `pathname` is at or below `to` (exact for the patient area's own roots). */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
