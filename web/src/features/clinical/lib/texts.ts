// The Clinical board's and the Edit Clinical Widgets dialog's texts: only this feature shows them.
/** Screen texts of the Clinical board (spec part 2, 'Clinical'). */
export const CLINICAL_TEXT = {
  // The spec's words (part 2, 'Clinical' and section 8).
  title: 'Clinical',
  filterPlaceholder: 'Filter...',
  editTitle: 'Edit Clinical Widgets',
  firstColumn: 'First Column',
  secondColumn: 'Second Column',
  resetToDefault: 'Reset to Default',
  resetToDesktop: 'Reset to My Desktop Settings',
  apply: 'Apply',
  noPatientSelected: 'No Patient was selected',
  noPatientSelectedTitle: 'No patient selected',
  // Not in the spec: ours.
  refresh: 'Refresh',
  filterLabel: 'Filter clinical widgets',
  noneKnown: 'None known',
  noAccess: 'no access',
  nothingShown: 'No clinical widgets are shown. Choose the ones to show with Edit Clinical Widgets.',
  nothingMatches: (text: string) => `No clinical widget matches '${text}'.`,
  countsFailed: 'The clinical counts could not be loaded. Please try again.',
  retry: 'Retry',
  applying: 'Applying…',
  notSaved: 'The clinical widgets could not be saved. Please try again.',
  optionsFailed: 'The default and desktop settings could not be loaded.',
  emptyColumn: 'No widgets in this column. Drag one here or use its move buttons.',
  dragHandle: (title: string) => `Drag ${title}`,
  show: (title: string) => `Show ${title}`,
  moveUp: (title: string) => `Move ${title} up`,
  moveDown: (title: string) => `Move ${title} down`,
  moveTo: (title: string, column: string) => `Move ${title} to ${column}`,
  resetDone: (which: string) => `The widgets were reset to ${which}. Apply saves them.`,
} as const;
