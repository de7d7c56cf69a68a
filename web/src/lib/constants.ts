import { limits } from '@/api/limits';

/** Business constants from spec part 1, section 9. Field limits are the server's, read from its document (src/api/limits.ts). */
export const APP_NAME = 'Pocketchart';
export const APP_VERSION = '0.2.4-0';
/** The client type the login call sends (spec part 1, section 7). */
export const CLIENT_TYPE = 8;
export const TOAST_AUTO_HIDE_MS = 4000;
export const KEEPALIVE_INTERVAL_MS = 30_000;
export const INACTIVITY_COUNTDOWN_SECONDS = 60;
export const DEFAULT_AUTO_LOGOUT_MINUTES = 15;
export const AUTO_LOGOUT_CHOICES = [5, 10, 15, 20, 25, 30] as const;
export const DASHBOARD_ANIMATION_MS = 3000;
export const DRAWER_WIDTH = 240;
export const PHONE_DIGITS = 10;
export const MIN_SEARCH_LENGTH = 2;
export const BRAND = { primary: '#29aae1', secondary: '#1F6A96' } as const;
/** Patient search: wait this long after the last key press before searching. */
export const SEARCH_DEBOUNCE_MS = 250;
/** recentPatients keeps at most this many ids, newest first (the server caps it too). */
export const RECENT_PATIENTS_MAX = 20;
/** Autocomplete lists (country, state) show up to 5 prefix matches. */
export const AUTOCOMPLETE_MAX = 5;
/** The patient header card's collapsed height (spec part 2, section 9). */
export const HEADER_CARD_COLLAPSED_PX = 90;
/** The phone input: 10 digits as 3-3-4 with dashes. */
export const PHONE_INPUT_MAX_LENGTH = 12;
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
/** Phone types (fixed, spec part 1, section 3). */
export const PHONE_TYPES = [
  { id: 0, label: 'Home Phone' },
  { id: 1, label: 'Work Phone' },
  { id: 2, label: 'Mobile Phone' },
  { id: 3, label: 'Other Phone' },
] as const;
/** Sex types (fixed, spec part 1, section 3). */
export const SEX_TYPES = [
  { id: 0, label: 'Male' },
  { id: 1, label: 'Female' },
  { id: 2, label: 'Unknown' },
] as const;

// Orders (spec part 1, sections 2, 4 and 9).
/** Orders per page of the work list (within the server's `limit` range: a test checks it). */
export const ORDERS_PAGE_LIMIT = 25;
/** The Mine / All badges count up to this; the server answers 10001 for "more". */
export const ORDERS_BADGE_CAP = 10_000;
/** Virtual list rows: estimated height, minimum height, rows rendered beyond the screen. */
export const ORDER_ROW_HEIGHT = 165;
export const ORDER_ROW_MIN_HEIGHT = 100;
export const ORDER_ROW_OVERSCAN = 5;
/** A new order's type and status. */
export const DEFAULT_ORDER_TYPE = 100;
export const DEFAULT_ORDER_STATUS = 1;
/** Shown with a blue "available" dot. */
export const AVAILABLE_ORDER_STATUS = 9;
/** The filters' 'All Open' status choice, the 'None' office and the order form's 'None' incident. */
export const ALL_OPEN_STATUS = 0;
export const NONE_OFFICE = 0;
export const NONE_INCIDENT = 0;
/** Editing an order of this type leaves its long description as it is. */
export const LOCKED_DESCRIPTION_ORDER_TYPE = 50;
/** Status dot colours: red for open statuses (the theme's error red), blue for "available". */
export const ORDER_DOT_COLORS = { open: '#B71C1C', available: '#1565C0' } as const;
/** Urgent order titles. */
export const URGENT_COLOR = '#B71C1C';

// Vitals (spec part 1, sections 5 and 9).
export const MM_PER_FOOT = 304.8;
export const MM_PER_INCH = 25.4;
export const GRAMS_PER_POUND = 453.592;
export const MM_PER_CM = 10;
/** Head circumference is offered when the birth date is unknown or the patient is this old or younger. */
export const HEAD_CIRCUMFERENCE_MAX_AGE = 3;
/**
 * Form maximums, in the form's units. The server's (VitalsInput) where the form's units are
 * the stored ones; weight (pounds, stored in grams) and feet and inches (stored together in
 * millimetres) are the spec's, and a test holds their conversions to the server's.
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

// Scheduling (spec part 2, sections 3, 4 and 9).
/** The calendar's step in minutes and the slots per step. */
export const CALENDAR_STEP_MINUTES = 15;
export const CALENDAR_TIMESLOTS = 2;
/** A new appointment's length in minutes. */
export const DEFAULT_APPOINTMENT_LENGTH = 30;
/** Duration in minutes: the server's range (AppointmentInput.length, 1 to 999), so at most 3 digits. */
export const APPOINTMENT_LENGTH_RANGE = { min: limits.AppointmentInput.length.minimum, max: limits.AppointmentInput.length.maximum } as const;
export const APPOINTMENT_LENGTH_MAX_CHARS = String(APPOINTMENT_LENGTH_RANGE.max).length;
/** Status, type and provider ids of 1 or less mean none; the resource 'None' choice is 0. */
export const NONE_ID_MAX = 1;
export const NONE_RESOURCE = 0;
/** The patient appointment filter's defaults: status 1 (every status), range 2 (All Appointments). */
export const DEFAULT_PATIENT_APPT_STATUS = 1;
export const DEFAULT_PATIENT_APPT_RANGE = 2;
/** Status colours of a patient's appointments (others black). */
export const APPT_STATUS_COLORS = { missed: '#B71C1C', cancelled: '#1F6A96', reschedule: '#7446AA', other: '#000000' } as const;
/** Follow-ups: red when booked before they are due, green otherwise (ours: both AA on white, 6.6:1 and 7.9:1). */
export const FOLLOW_UP_COLORS = { early: '#B71C1C', onTime: '#1B5E20' } as const;
/** The schedule asks the server's change stamp this often while it is open (and on focus). */
export const SCHEDULE_POLL_MS = 10_000;
/** Calendar hours when the preferences say nothing usable. */
export const DEFAULT_CALENDAR_START = '07:00';
export const DEFAULT_CALENDAR_END = '19:00';
/** A touch held this long on empty time starts a new appointment (ours). */
export const LONG_PRESS_MS = 500;
/** A horizontal swipe this long (px) moves to the previous or next resource (ours). */
export const SWIPE_MIN_PX = 60;
