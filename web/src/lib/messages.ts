/** User-visible texts from the spec's error catalogue (part 1, section 8), verbatim. */
export const MESSAGES = {
  requiredField: 'Required field',
  invalidEmail: 'Invalid email',
  phoneDigits: 'Number needs to be 10 digits',
  phoneType: 'Phone number requires a phone type',
  errorsFound: 'Errors were found...',
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
} as const;

/** The patient search's texts (the search page and every 'Patient Search' dialog). */
export const PATIENT_SEARCH_TEXT = {
  searchPlaceholder: 'Search for a patient...',
  searchDialogTitle: 'Patient Search',
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
