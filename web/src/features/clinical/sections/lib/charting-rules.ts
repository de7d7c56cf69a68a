import { severityRank, showDate } from './format';
import type { ClinicalEntry, ClinicalSection, NONE_KNOWN_SECTIONS } from './sections';
import { NONE_KNOWN_TEXT, SECTIONS_TEXT } from './texts';

/** Whether an entry of the list is current (an active allergy, problem or medication; not refuted or entered in error). */
export function isActiveEntry(entry: ClinicalEntry): boolean {
  const r = entry.resource as { clinicalStatus?: string; status?: string; verificationStatus?: string };
  if (r.verificationStatus === 'entered-in-error' || r.verificationStatus === 'refuted') return false;
  const status = r.clinicalStatus ?? r.status ?? 'active';
  return status === 'active' || status === '';
}

/** The current severe allergies' substances (with their reactions), in the list's order: the section page's red alert. */
export function severeAllergyNames(entries: readonly ClinicalEntry[]): string[] {
  return entries.flatMap((entry) => {
    const r = entry.resource;
    if (r.section !== 'allergies' || severityRank(r.severity) !== 0 || !isActiveEntry(entry)) return [];
    return [r.reaction ? `${r.substance} (${r.reaction})` : r.substance];
  });
}

/** The notes that another note of the list amends, each with the notes amending it (in the list's order). */
export function amendmentsOf(entries: readonly ClinicalEntry[]): Map<number, number[]> {
  const amended = new Map<number, number[]>();
  for (const entry of entries) {
    const r = entry.resource;
    if (r.section !== 'clinicalNotes' || typeof r.amends !== 'number') continue;
    amended.set(r.amends, [...(amended.get(r.amends) ?? []), entry.entryId]);
  }
  return amended;
}

/**
 * The review line above a list that has entries: a 'none known' mark says which one
 * ('No Current Medications (reviewed 11/24/2026)', the list holding only stopped ones); a
 * plain review says 'Reviewed 11/24/2026'.
 */
export function reviewLine(section: (typeof NONE_KNOWN_SECTIONS)[number] | null, review: NonNullable<ClinicalSection['review']>): string {
  const day = showDate(review.reviewedOn);
  return review.noneKnown && section ? `${NONE_KNOWN_TEXT[section]} (${SECTIONS_TEXT.reviewedNone} ${day})` : `${SECTIONS_TEXT.reviewedOn} ${day}`;
}

/**
 * Whether the user may sign this note: unsigned, and recorded by this user (`recordedBy`,
 * the id of the user who wrote it from the chart; unknown for older notes, which then show
 * no Sign). The server has the last word (403 for anyone else).
 */
export function canSignNote(entry: ClinicalEntry, userId: number | null | undefined): boolean {
  const r = entry.resource;
  return r.section === 'clinicalNotes' && !r.signed && typeof userId === 'number' && typeof entry.recordedBy === 'number' && entry.recordedBy === userId;
}
