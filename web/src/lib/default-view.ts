/** The defaultView preference (spec part 1, sections 2 and 9). */
export const DEFAULT_VIEWS = [
  { value: 0, label: 'Dashboard', path: '/dashboard' },
  { value: 1, label: 'Schedule', path: '/appointments' },
  { value: 2, label: 'Orders', path: '/orders' },
  { value: 3, label: 'Patients', path: '/patients' },
  { value: 4, label: 'Referrers', path: '/referrals' },
] as const;

/** Where `/` lands: 0 dashboard, 1 appointments, 2 orders, 3 patients, 4 referrals, anything else dashboard. */
export function landingPath(defaultView: unknown): string {
  const match = DEFAULT_VIEWS.find((v) => v.value === defaultView);
  return match ? match.path : '/dashboard';
}
