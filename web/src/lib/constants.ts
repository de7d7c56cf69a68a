/** Business constants from spec part 1, section 9. */
export const APP_NAME = 'Pocketchart';
export const APP_VERSION = '0.2.4-0';
export const TOAST_AUTO_HIDE_MS = 4000;
export const KEEPALIVE_INTERVAL_MS = 30_000;
export const INACTIVITY_COUNTDOWN_SECONDS = 60;
export const DEFAULT_AUTO_LOGOUT_MINUTES = 15;
export const AUTO_LOGOUT_CHOICES = [5, 10, 15, 20, 25, 30] as const;
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
/** The phone input: 10 digits as 3-3-4 with dashes. */
export const PHONE_INPUT_MAX_LENGTH = 12;
/** Patient form maximum lengths (spec part 1, section 5), by the field's name on the wire. */
export const PATIENT_MAX_LENGTHS = {
  lastName: 30,
  firstName: 30,
  middle: 20,
  prefix: 6,
  suffix: 6,
  maidenName: 40,
  nickname: 20,
  streetAddress: 60,
  suite: 60,
  city: 30,
  zipCode: 15,
  phone: 20,
  email: 100,
  // Not in the spec's list: the server's limits (state keeps a 2-letter code for US states).
  state: 30,
  country: 60,
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

// Orders, vitals and scheduling (spec part 1, sections 4, 5 and 9; part 2, section 3): what
// is shared, and the field limits and choices the server's OpenAPI document will provide.
// Everything else a feature uses alone is in its lib/constants.ts.
/** The Mine / All badges count up to this; the server answers 10001 for "more". */
export const ORDERS_BADGE_CAP = 10_000;
/** Statuses counted as open (red dot, the dashboard count, 'All Open'). */
export const OPEN_ORDER_STATUSES = [1, 7, 8] as const;
/** Types a user may choose: these and any above SELECTABLE_ORDER_TYPES_ABOVE. */
export const SELECTABLE_ORDER_TYPES = [1, 2, 3, 4, 100, 101, 102] as const;
export const SELECTABLE_ORDER_TYPES_ABOVE = 110;
/** Form maximums, in the form's units. */
export const VITALS_MAX = {
  weight: 4_734_394,
  feet: 99_999,
  inches: 11,
  systolic: 2_147_483_647,
  diastolic: 2_147_483_647,
  heartRate: 2_147_483_647,
  respiratoryRate: 2_147_483_647,
  temperature: 200,
  sp02: 100,
} as const;
/** Order text limits (the server's: longer texts are refused with 'Cannot be longer than N characters'). */
export const ORDER_MAX_LENGTHS = { shortDescription: 120, longDescription: 4000, orderNote: 4000 } as const;

/** Duration: at most 3 characters. */
export const APPOINTMENT_LENGTH_MAX_CHARS = 3;
