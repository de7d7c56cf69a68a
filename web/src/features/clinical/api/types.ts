import type { components } from '@/api/schema';

// The shapes of the clinical calls (spec part 2, sections 3 and 7), as the server's document names them.

/** One widget of the clinicalSummary preference and of clinicalOptions' lists. */
export type { ClinicalWidget } from '@/api/preferences/model';

/** One chart section's count for a patient: count, privilege, and noneKnown (allergies, problem list, medications). */
export type ClinicalCount = components['schemas']['ClinicalCount'];

/** GET /api/patients/patient/{patientId}/clinicalCounts: keyed by widget key. */
export type ClinicalCounts = Record<string, ClinicalCount>;

/** GET /api/preferences/preferences/clinicalOptions: 'Reset to Default' and 'Reset to My Desktop Settings'. */
export type ClinicalOptions = components['schemas']['ClinicalOptions'];
