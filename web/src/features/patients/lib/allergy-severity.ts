/**
 * How much an allergy must stand out (issue 12, item 13). The server sends `severity` as
 * free text (the demo practice writes 'Severe', 'Moderate' and 'Mild'; other practices'
 * data may say 'Life-threatening', 'Fatal', 'Moderate to severe'...), so the words are
 * read rather than compared, and the worse word wins. Only the severity is read: the
 * reaction is shown beside it, never used to overrule what the record says.
 */
export type AllergySeverity = 'severe' | 'moderate' | 'mild' | 'unknown';

const SEVERE = /\b(severe|life threatening|fatal|critical)\b/;
const MODERATE = /\b(moderate|medium)\b/;
const MILD = /\b(mild|minor|low)\b/;

const words = (text: string | null | undefined) =>
  (text ?? '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();

/** The class of an allergy's severity text. */
export function allergySeverity(severity: string | null | undefined): AllergySeverity {
  const s = words(severity);
  if (SEVERE.test(s)) return 'severe';
  if (MODERATE.test(s)) return 'moderate';
  if (MILD.test(s)) return 'mild';
  return 'unknown';
}

/** Whether an allergy is still current: 'Inactive', 'Resolved', 'Refuted' or 'Entered in error' ones are not. */
export function isActiveAllergy(status: string | null | undefined): boolean {
  const s = words(status);
  return !/\b(inactive|resolved|refuted|entered in error|deleted)\b/.test(s);
}

/**
 * The allergies that are alerts: the current ones (the server answers only those; one it
 * still sends as resolved, inactive, refuted or entered in error is not counted or listed).
 */
export function currentAllergies<T extends Pick<AllergyLike, 'status'>>(list: readonly T[]): T[] {
  return list.filter((a) => isActiveAllergy(a.status));
}

export interface AllergyLike {
  description: string;
  severity: string;
  status: string;
}

/** The current allergies that must stand out (severe or life-threatening), in the given order. */
export function severeAllergies<T extends AllergyLike>(list: readonly T[]): T[] {
  return list.filter((a) => isActiveAllergy(a.status) && allergySeverity(a.severity) === 'severe');
}

/** The order the Alerts page lists allergies in: current severe ones first, the rest as given. */
export function bySeverity<T extends AllergyLike>(list: readonly T[]): T[] {
  const first = severeAllergies(list);
  return [...first, ...list.filter((a) => !first.includes(a))];
}

/** The word shown for an allergy's severity: the data's own ('Severe', 'Life-threatening'), capitalised. */
export function severityWord(a: Pick<AllergyLike, 'severity'>): string {
  const own = a.severity.trim();
  return own.charAt(0).toUpperCase() + own.slice(1);
}

/** The banner's line for the current severe allergies: 'Severe allergy: Penicillin', '' when none. */
export function severeAllergyLine(list: readonly AllergyLike[]): string {
  const severe = severeAllergies(list);
  if (severe.length === 0) return '';
  return `${severe.length === 1 ? 'Severe allergy' : 'Severe allergies'}: ${severe.map((a) => a.description).join(', ')}`;
}
