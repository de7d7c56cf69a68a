// The patient screens' texts: only the patients feature shows them.
/** Screen texts of the patient screens (spec part 1, section 2; part 2, sections 2-5). */
export const PATIENT_TEXT = {
  // From the spec's error catalogue (part 1, section 8; part 2, section 8).
  noSecondaryGuarantor: 'No Secondary Guarantor',
  noEmergencyContacts: 'This patient has no emergency contacts listed.',
  noInsurance: 'This Patient Has No Insurance',
  noPatientFound: 'No patient was found',
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
