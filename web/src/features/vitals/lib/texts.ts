// The vitals screens' texts: only the vitals feature shows them.
/** Screen texts of vitals entry (spec part 1, sections 2 and 3). */
export const VITALS_TEXT = {
  // From the spec's error catalogue (part 1, section 8; part 2, section 8).
  emptyVitals: 'At least one field in vitals other than Date Measured and Time Measured must be filled in.',
  emptyVitalsTitle: 'Empty Vitals',
  createTitle: 'Create Vitals',
  newVitals: 'New Vitals',
  dateMeasured: 'Date Measured',
  timeMeasured: 'Time Measured',
  // Not in the spec (it names the fields, not their labels or this text): ours.
  notSaved: 'The vitals could not be saved. Please try again.',
  noVitalsFound: 'No vitals were found',
} as const;
