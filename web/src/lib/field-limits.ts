import { limits } from '@/api/limits';

// Field limits taken from the server's OpenAPI document (src/api/limits.ts), apart from the
// other constants so the pages that need none of them (the login page) do not load the document's
// limits (issue 17, sizes per page).

/** Patient form maximum lengths (spec part 1, section 5), by the field's name on the wire: the server's (PatientInput; the phone PhoneEntry's number). */
export const PATIENT_MAX_LENGTHS = {
  lastName: limits.PatientInput.lastName.maxLength,
  firstName: limits.PatientInput.firstName.maxLength,
  middle: limits.PatientInput.middle.maxLength,
  prefix: limits.PatientInput.prefix.maxLength,
  suffix: limits.PatientInput.suffix.maxLength,
  maidenName: limits.PatientInput.maidenName.maxLength,
  nickname: limits.PatientInput.nickname.maxLength,
  streetAddress: limits.PatientInput.streetAddress.maxLength,
  suite: limits.PatientInput.suite.maxLength,
  city: limits.PatientInput.city.maxLength,
  zipCode: limits.PatientInput.zipCode.maxLength,
  phone: limits.PhoneEntry.number.maxLength,
  email: limits.PatientInput.email.maxLength,
  // Not in the spec's list: the server's limits (state keeps a 2-letter code for US states).
  state: limits.PatientInput.state.maxLength,
  country: limits.PatientInput.country.maxLength,
} as const;

/**
 * Vitals form maximums, in the form's units. The server's (VitalsInput) where the form's
 * units are the stored ones; weight (pounds, stored in grams) and feet and inches (stored
 * together in millimetres) are the spec's, and a test holds their conversions to the server's.
 */
export const VITALS_MAX = {
  weight: 4_734_394,
  feet: 99_999,
  inches: 11,
  systolic: limits.VitalsInput.systolic.maximum,
  diastolic: limits.VitalsInput.diastolic.maximum,
  heartRate: limits.VitalsInput.heartRate.maximum,
  respiratoryRate: limits.VitalsInput.respiratoryRate.maximum,
  temperature: limits.VitalsInput.temperature.maximum,
  sp02: limits.VitalsInput.sp02.maximum,
} as const;

/** Order text limits (the server's OrderInput: longer texts are refused with 'Cannot be longer than N characters'). */
export const ORDER_MAX_LENGTHS = {
  shortDescription: limits.OrderInput.shortDescription.maxLength,
  longDescription: limits.OrderInput.longDescription.maxLength,
  orderNote: limits.OrderInput.orderNote.maxLength,
} as const;

/** Duration in minutes: the server's range (AppointmentInput.length, 1 to 999), so at most 3 digits. */
export const APPOINTMENT_LENGTH_RANGE = { min: limits.AppointmentInput.length.minimum, max: limits.AppointmentInput.length.maximum } as const;
export const APPOINTMENT_LENGTH_MAX_CHARS = String(APPOINTMENT_LENGTH_RANGE.max).length;
