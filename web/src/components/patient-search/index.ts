// The patient search, shared by the search page and every screen that chooses a patient.
export { PatientSearchDialog } from './PatientSearchDialog';
export { PatientSearchField } from './PatientSearchField';
export { AlertMarkers, PatientSearchResults } from './PatientSearchResults';
export { usePatientSearchState } from './use-patient-search-state';
export { PatientChooserDialog } from './PatientChooserDialog';
