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
  // Orders and vitals (spec part 1, sections 2 and 8).
  noOrdersFound: 'No orders were found',
  orderSaved: 'Your order was successfully saved!',
  emptyVitalsTitle: 'Empty Vitals',
  emptyVitals: 'At least one field in vitals other than Date Measured and Time Measured must be filled in.',
} as const;

/** 'No order found with ID {orderId}' (spec part 1, section 8). */
export function noOrderFound(orderId: string | number): string {
  return `No order found with ID ${orderId}`;
}

/** Screen texts of the order screens (spec part 1, sections 2 and 3). */
export const ORDER_TEXT = {
  pageTitle: 'Orders',
  mine: 'Mine',
  all: 'All',
  filtersTitle: 'Filters',
  apply: 'Apply',
  refresh: 'Refresh',
  keyword: 'Keyword',
  newOrder: 'New Order',
  editOrder: 'Edit Order',
  chooserTitle: 'Orders',
  searchForPatient: 'Search for Patient',
  createBlankOrder: 'Create Blank Order',
  statusUpdates: 'Status Updates',
  notes: 'Notes',
  allOpen: 'All Open',
  none: 'None',
  unsigned: 'Unsigned',
  signed: 'Signed',
  urgentOrder: 'Urgent Order',
  orderNotes: 'Order Notes',
  // Not in the spec (it names no text for these): ours.
  noPatient: 'No patient (blank order)',
  notSaved: 'The order could not be saved. Please try again.',
} as const;

/** Screen texts of vitals entry (spec part 1, sections 2 and 3). */
export const VITALS_TEXT = {
  createTitle: 'Create Vitals',
  newVitals: 'New Vitals',
  dateMeasured: 'Date Measured',
  timeMeasured: 'Time Measured',
  // Not in the spec (it names the fields, not their labels or this text): ours.
  notSaved: 'The vitals could not be saved. Please try again.',
  noVitalsFound: 'No vitals were found',
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

/** Screen texts of scheduling (spec part 2, sections 2, 3, 4 and 8). */
export const SCHEDULE_TEXT = {
  pageTitle: 'Schedule',
  goToToday: 'Go To Today',
  today: 'Today',
  newAppointment: 'New Appointment',
  editAppointment: 'Edit Appointment',
  resources: 'Resources',
  noResources: 'No Resources',
  noAppointments: 'There Are No Appointments Scheduled On This Day',
  filtersTitle: 'Filter Appointments',
  applyFilters: 'Apply Filters',
  searchAnotherPatient: 'Search for Another Patient',
  overlapTitle: 'Overlapping Appointments!',
  overlapText: "The appointment overlaps another appointment. Choose a different time or enable 'Allow Appointment Overlaps' in the desktop Scheduling Preferences.",
  transparencyTitle: 'Appointment and Transparency Overlap!',
  transparencyText: "The 'Don't schedule appointments' rule of this time can be turned off in the desktop Transparency Type Reference.",
  confirmTitle: 'Confirm Appointment!',
  confirmText: 'This time is set aside by a confirm-scheduling rule. Do you want to book the appointment anyway?',
  // Patient appointments and follow-ups (spec part 2, section 2).
  patientAreaTitle: 'Appointments & Follow-Ups',
  patientAppointments: 'Patient Appointments',
  followUps: 'Follow-Ups',
  patientFilterTitle: 'Filter Patient Appointments',
  apply: 'Apply',
  allStatuses: 'All Appointment Statuses',
  noPatientAppointments: 'No appointments were found',
  noFollowUps: 'This Patient Has No Follow-Ups',
  notScheduled: 'Not Scheduled',
  deleted: 'DELETED',
  totalAppointments: 'Total Appointments',
  missed: 'Missed',
  cancelled: 'Cancelled',
  toReschedule: 'To Reschedule',
  // Appointment detail (spec part 2, section 2).
  lastNext: 'Last & Next Appointments',
  noLast: 'No Last Appointment',
  noNext: 'No Next Appointment',
  treatmentsPlanned: 'Treatments Planned',
  totalTreatment: 'Total Treatment Amount',
  patientPortion: 'Est. Patient Portion',
  insurancePortion: 'Est. Insurance Portion',
  none: 'None',
  // Not in the spec: ours.
  notSaved: 'The appointment could not be saved. Please try again.',
  choosePatient: 'Select a Patient',
  holdExpired: 'The time was only held for 10 minutes and is free again: please save the appointment again.',
  noAppointmentFound: 'No appointment was found',
  noTreatmentPlans: 'This Patient Has No Treatment Plans',
  referralsLater: 'Referrals are not available in Pocketchart yet: the referrals area arrives with a later release.',
} as const;
