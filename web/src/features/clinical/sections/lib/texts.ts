// The chart section pages' texts: only these pages show them.
import type { SectionKey } from './sections';

export const SECTIONS_TEXT = {
  // Spec part 2, 'Clinical'.
  notValidRoute: 'Not a valid clinical route',
  // Ours (the spec shows no section's content).
  entryNotFound: 'This entry was not found',
  loadFailed: 'This could not be loaded. Please try again.',
  reviewedOn: 'Reviewed',
  reviewedNone: 'reviewed',
  overdue: 'Overdue',
  notGiven: 'Not given',
  signed: 'Signed',
  unsigned: 'Unsigned',
  urgent: 'Urgent',
  openImage: 'Open',
  download: 'Download',
  imageFailed: 'The file could not be loaded. Please try again.',
  openOrder: 'Open Order',
  openVitals: 'Open Measurement',
} as const;

/** What an empty section says (never asked, or nothing recorded). */
export const EMPTY_TEXT: Record<SectionKey, string> = {
  accountAlerts: 'No account alerts recorded',
  allergies: 'No allergies recorded',
  attachments: 'No attachments',
  careTeam: 'No care team members recorded',
  clinicalNotes: 'No clinical notes',
  education: 'No education recorded',
  familyHistory: 'No family history recorded',
  forms: 'No forms completed',
  genderIdentityAndSexualOrientation: 'No gender identity or sexual orientation recorded',
  goals: 'No goals recorded',
  imagingVisits: 'No imaging visits',
  immunizations: 'No immunizations recorded',
  labs: 'No lab results',
  medications: 'No medications recorded',
  opticalRX: 'No optical prescriptions',
  orders: 'No orders',
  patientAlerts: 'No patient alerts recorded',
  patientImplantableDevices: 'No implantable devices recorded',
  patientNotes: 'No patient notes',
  perioVisits: 'No perio visits',
  preventiveCare: 'No preventive care due',
  problemList: 'No problems recorded',
  procedures: 'No procedures recorded',
  referrals: 'No referrals',
  smokingStatus: 'No smoking status recorded',
  socialPsychologicalBehavioral: 'No screenings recorded',
  treatmentPlans: 'No treatment plans',
  vitals: 'No vitals recorded',
};

/** Reviewed with the patient, none found (differs from never asked). */
export const NONE_KNOWN_TEXT = {
  allergies: 'No Known Allergies',
  problemList: 'No Known Problems',
  medications: 'No Current Medications',
} as const;
