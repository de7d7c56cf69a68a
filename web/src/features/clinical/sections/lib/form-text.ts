// The chart forms' texts (issue 14): kept apart from the forms' rules so the section pages load without zod.

export const FORM_TEXT = {
  add: {
    allergies: 'Add Allergy',
    problemList: 'Add Problem',
    medications: 'Add Medication',
    immunizations: 'Add Immunization',
    clinicalNotes: 'Add Note',
    patientNotes: 'Add Patient Note',
    smokingStatus: 'Record Smoking Status',
  },
  edit: {
    allergies: 'Edit Allergy',
    problemList: 'Edit Problem',
    medications: 'Edit Medication',
    immunizations: 'Edit Immunization',
    clinicalNotes: 'Edit Note',
    patientNotes: 'Edit Patient Note',
    smokingStatus: 'Edit Smoking Status',
  },
  editAction: 'Edit',
  sign: 'Sign',
  amend: 'Amend',
  amendTitle: 'Amend Note',
  signNow: 'Sign now',
  notGiven: 'Not given',
  notSaved: 'The entry could not be saved. Please try again.',
  saved: 'The entry was saved.',
  signed: 'The note was signed.',
  amendedBy: 'Amended by',
  // The server's words (crates/domain/src/clinical/input.rs), so the form and the server say the same.
  notFuture: 'Cannot be in the future',
  notInList: 'Choose a value from the list',
  endBeforeStart: 'Cannot be before the start date',
  resolvedBeforeOnset: 'Cannot be before the onset date',
  signQuestion: 'Sign this note?',
  signWarning: 'A signed note cannot be changed.',
  cancel: 'Cancel',
  amended: 'Amended',
  amendedNotice: 'This note was amended. The correction is in',
  amendsNotice: 'This note corrects',
  undoNoneKnown: 'Undo',
  noResults: 'No ICD-10-CM code matches',
  typeMore: 'Type 2 or more characters',
  searching: 'Searching…',
  history: 'History',
  historyFailed: 'The history could not be loaded.',
  recorded: 'Recorded',
  noChange: 'Saved with no change',
  severeAllergy: 'Severe allergy:',
} as const satisfies Record<string, unknown>;

/** What each field of each form is called (the alert after a 409, the history's 'what changed'). */
export const FIELD_LABELS: Record<string, string> = {
  substance: 'Substance',
  category: 'Type',
  severity: 'Severity',
  reaction: 'Reaction',
  clinicalStatus: 'Status',
  verificationStatus: 'Verification',
  onset: 'Onset',
  note: 'Note',
  code: 'ICD-10-CM code',
  description: 'Problem',
  resolved: 'Resolved',
  medication: 'Medication',
  dosage: 'Dosage',
  reason: 'Reason',
  start: 'Start',
  end: 'End',
  status: 'Status',
  prescriber: 'Prescriber',
  cvx: 'Vaccine',
  vaccine: 'Vaccine',
  occurrence: 'Date',
  statusReason: 'Reason not given',
  doseNumber: 'Dose number',
  lotNumber: 'Lot number',
  manufacturer: 'Manufacturer',
  site: 'Site',
  primarySource: 'Source',
  noteType: 'Type',
  text: 'Note',
  title: 'Title',
  display: 'Smoking status',
  effective: 'Date',
  date: 'Date',
  author: 'Author',
  signed: 'Status',
  signedAt: 'Signed on',
  signedBy: 'Signed by',
  amends: 'Amends note',
};

/** Where a field means something else in one section: a smoking status's code is SNOMED CT. */
const SECTION_FIELD_LABELS: Partial<Record<string, Record<string, string>>> = {
  smokingStatus: { code: 'SNOMED CT code' },
};

/** What `field` is called in `section`'s form and history. */
export function fieldLabel(section: string | undefined, field: string): string {
  return (section ? SECTION_FIELD_LABELS[section]?.[field] : undefined) ?? FIELD_LABELS[field] ?? field;
}

