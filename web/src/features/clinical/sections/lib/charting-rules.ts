import { severityRank } from './format';
import type { ClinicalEntry } from './sections';

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
