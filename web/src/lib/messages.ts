/** User-visible texts from the spec's error catalogue (part 1, section 8), verbatim. */
export const MESSAGES = {
  requiredField: 'Required field',
  invalidEmail: 'Invalid email',
  phoneDigits: 'Number needs to be 10 digits',
  phoneType: 'Phone number requires a phone type',
  errorsFound: 'Errors were found...',
  incorrectCredentials: 'The Username and/or Password entered is incorrect. Please try again.',
  serverNotRunning: 'An error occurred, please confirm that the server is running.',
  adminDisabled: 'Admin and password has been disabled from this app.',
  unauthorized: 'API Error - Unauthorized Access, Please Log Back In',
  inactivity: 'Logged Out Due To Inactivity',
  loggedOut: 'Logged Out Successfully',
  loadingFailed: 'An error occured when loading app data. Please try again.',
  errorOccured: 'An Error Occured',
  unknownErrorType: 'Unknown error type',
  pageNotFound: 'Page not found',
  noJwt: 'No JWT in the response header',
  jwtNull: 'Cannot decode null JWT',
  jwtFormat: 'JWT was not formatted correctly',
  jwtSplit: 'Token could not be split',
  searchTooShort: 'Please enter more than 2 characters',
  noPatientsFound: 'No patients were found',
  // Spec part 2, section 8 and the patient-area screens.
  noPatientFound: 'No patient was found',
  noEmergencyContacts: 'This patient has no emergency contacts listed.',
  noInsurance: 'This Patient Has No Insurance',
  noSecondaryGuarantor: 'No Secondary Guarantor',
} as const;

/** Screen texts of the patient screens (spec part 1, section 2; part 2, sections 2-5). */
export const PATIENT_TEXT = {
  searchPlaceholder: 'Search for a patient...',
  searchDialogTitle: 'Patient Search',
  newAccount: 'New Account',
  newAccountTitle: 'Add Patient in New Account',
  createPatientTitle: 'Create Patient',
  editPatientTitle: 'Edit Patient',
  editProviderTitle: 'Edit Provider, Office, Fee Schedule',
  primaryGuarantor: 'Primary Guarantor',
  secondaryGuarantor: 'Secondary Guarantor',
  // Not in the spec (it names no text for these states): ours.
  noPrimaryGuarantor: 'No Primary Guarantor',
  noAlerts: 'This patient has no alerts.',
  duplicatesTitle: 'Possible Duplicate Patient',
  createAnyway: 'Create Anyway',
} as const;

/** Logout reasons (spec part 1, section 4). */
export const LOGOUT_REASON = {
  user: 'User logged out',
  timer: 'Timer expired',
  unauthorized: 'Unauthorized',
} as const;
export type LogoutReason = (typeof LOGOUT_REASON)[keyof typeof LOGOUT_REASON];

/** Server and form alike: a text longer than its maximum. */
export function cannotBeLongerThan(max: number): string {
  return `Cannot be longer than ${max} characters`;
}

export function cannotBeGreaterThan(max: number | string): string {
  return `Cannot be greater than "${max}"`;
}
