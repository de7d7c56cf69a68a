/** Business constants from spec part 1, section 9. The field limits taken from the server's document are in field-limits.ts. */
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
/**
 * Patient search: keys typed faster than this are one search, asked for this long after the
 * last of them, so a patient is found 'in a keystroke' (results within 100 ms of the last key,
 * issue 17: the server answers in a few ms). A key after a longer pause searches at once
 * (SEARCH_AS_YOU_TYPE); requests the user types past are aborted, so a short wait costs little.
 */
export const SEARCH_DEBOUNCE_MS = 50;
/** Patient search: while keys keep coming without such a pause, search at least this often. */
export const SEARCH_MAX_WAIT_MS = 300;
/**
 * How the patient and referrer searches settle what is typed (createDebouncer): a key after a
 * pause searches at once (a phone typist's keys come 100 ms or more apart, so each shows its
 * answer without waiting, issue 17), faster keys wait SEARCH_DEBOUNCE_MS for the last one.
 */
export const SEARCH_AS_YOU_TYPE = { delay: SEARCH_DEBOUNCE_MS, maxWait: SEARCH_MAX_WAIT_MS, leading: true } as const;
/** Patient search: a keyword too short to send is pointed out after the typing stopped on it this long. */
export const SHORT_KEYWORD_WARN_MS = 1000;
/** recentPatients keeps at most this many ids, newest first (the server caps it too). */
export const RECENT_PATIENTS_MAX = 20;
/** Autocomplete lists (country, state) show up to 5 prefix matches. */
export const AUTOCOMPLETE_MAX = 5;
/** The phone input: 10 digits as 3-3-4 with dashes. */
export const PHONE_INPUT_MAX_LENGTH = 12;
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
// is shared (the field limits taken from the server's OpenAPI document are in field-limits.ts).
// Everything else a feature uses alone is in its lib/constants.ts.
/** The Mine / All badges count up to this; the server answers 10001 for "more". */
export const ORDERS_BADGE_CAP = 10_000;
