import PatientSearchPage from '@/features/patients/routes/PatientSearchPage';

/** /patients and /search share the search screen; the toolbar names them as the navigation does. */
export const PatientsRoute = () => <PatientSearchPage title="Patients" />;
export const SearchRoute = () => <PatientSearchPage title="Patient Search" />;
export default PatientsRoute;
