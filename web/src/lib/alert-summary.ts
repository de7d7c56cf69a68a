/** How many alerts of each group a patient has (spec part 1, section 3 'Alerts'). */
export interface AlertCounts {
  patient: number;
  account: number;
  allergy: number;
}

const GROUPS: Array<{ key: keyof AlertCounts; label: string }> = [
  { key: 'patient', label: 'Patient' },
  { key: 'account', label: 'Account' },
  { key: 'allergy', label: 'Allergy' },
];

/**
 * The banner's summary, as in the spec's example '2 Patient, and 1 Allergy Alerts':
 * - each group with at least one alert, in the order Patient, Account, Allergy, as
 *   '{count} {group}'; groups with none are left out;
 * - two or three groups are joined by ', ' with ', and ' before the last one
 *   ('2 Patient, 1 Account, and 1 Allergy Alerts');
 * - the closing word is 'Alert' when there is exactly one alert in all, otherwise 'Alerts'
 *   ('1 Patient Alert', '3 Allergy Alerts', '1 Patient, and 1 Account Alerts');
 * - no alerts at all: '' (no banner).
 */
export function alertSummary(counts: AlertCounts): string {
  const parts = GROUPS.filter((g) => counts[g.key] > 0).map((g) => `${counts[g.key]} ${g.label}`);
  if (parts.length === 0) return '';
  const total = GROUPS.reduce((sum, g) => sum + Math.max(0, counts[g.key]), 0);
  const noun = total === 1 ? 'Alert' : 'Alerts';
  const joined = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')}, and ${parts[parts.length - 1]}`;
  return `${joined} ${noun}`;
}
