import { AUTO_LOGOUT_CHOICES, DEFAULT_AUTO_LOGOUT_MINUTES } from '@/lib/constants';
import { KEYS, readItem, writeItem } from '@/lib/storage';
import type { components } from '../schema';

/**
 * The preferences this app reads, with the server's defaults (docs/preferences.md).
 * A missing or malformed value falls back to its default rather than breaking the
 * shell. (Parsed by hand: this runs in the first chunk, which stays free of zod.)
 */
/** A filter's choice: every value, or the ids chosen. */
export type IdSelection = 'all' | number[];

/**
 * The orders list's filters (docs/preferences.md): office 0 is None, status 0 is All Open;
 * signed true (signed only), false (unsigned only) or 'both'.
 */
export interface OrdersFilters {
  offices: IdSelection;
  statuses: IdSelection;
  providers: IdSelection;
  types: IdSelection;
  signed: boolean | 'both';
}

export const DEFAULT_ORDERS_FILTERS: Readonly<OrdersFilters> = Object.freeze({
  offices: 'all',
  statuses: [0],
  providers: 'all',
  types: 'all',
  signed: 'both',
});

/** The schedule's filters (docs/preferences.md): order 1 first-to-last, 0 last-to-first. */
export interface ApptFilters {
  order: 0 | 1;
  resources: IdSelection;
  providers: IdSelection;
}

export const DEFAULT_APPT_FILTERS: Readonly<ApptFilters> = Object.freeze({ order: 1, resources: 'all', providers: 'all' });

/**
 * One widget of the Clinical board (clinicalSummary; spec part 1, section 4): the chart
 * section's key, title, colour ('#RRGGBB'), column (0 first, 1 second), place in the column
 * and whether the board shows it. The document's `ClinicalWidget`.
 */
export type ClinicalWidget = components['schemas']['ClinicalWidget'];

/** Each preference's value as the server's document types it (its `PreferenceValues`). */
type Values = components['schemas']['PreferenceValues'];

/**
 * The preferences this app reads. Simple values take their types from the document
 * (numbers, booleans, the choices' unions); the filters, whose shape the document leaves
 * open, are typed here (docs/preferences.md).
 */
export interface Preferences {
  defaultView: Values['defaultView'];
  autoLogout: Values['autoLogout'];
  apptColors: Values['apptColors'];
  allowDx: Values['allowDx'];
  allowModifiers: Values['allowModifiers'];
  allowToothSurface: Values['allowToothSurface'];
  recentPatients: Values['recentPatients'];
  defaultOrdersView: Values['defaultOrdersView'];
  defaultSchedulingView: Values['defaultSchedulingView'];
  ordersFilters: OrdersFilters;
  apptFilters: ApptFilters;
  /** The Clinical board's widgets (the server's default lists every chart section in two columns). */
  clinicalSummary: ClinicalWidget[];
  /** Calendar hours, 'HH:mm' (24 h). */
  'scheduling.calendarStartTime': Values['scheduling.calendarStartTime'];
  'scheduling.calendarEndTime': Values['scheduling.calendarEndTime'];
  /** A new appointment's status, by name, and type, by id (1 or less: none). */
  'scheduling.defaultAppointmentStatus': Values['scheduling.defaultAppointmentStatus'];
  'scheduling.defaultAppointmentType': Values['scheduling.defaultAppointmentType'];
  /** The practice's IANA time zone (practice-wide, read only). */
  'practice.timeZone': Values['practice.timeZone'];
}

export type PreferenceKey = keyof Preferences;

/**
 * The keys the server takes: the document's enum of `SavePreference.key` (short and
 * internal keys). Every key of this registry must be one of them: `PREFERENCE_KEYS` does
 * not compile otherwise, and src/test/contract-limits.test.ts checks the same, and each
 * default against the document's `PreferenceValues` bounds and choices, at run time. The
 * defaults are the server's registry's (docs/preferences.md).
 */
export type ServerPreferenceKey = components['schemas']['SavePreference']['key'];

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  defaultView: 0,
  autoLogout: DEFAULT_AUTO_LOGOUT_MINUTES,
  apptColors: true,
  allowDx: false,
  allowModifiers: false,
  allowToothSurface: false,
  recentPatients: [],
  defaultOrdersView: 'mine',
  defaultSchedulingView: 'dayView',
  ordersFilters: DEFAULT_ORDERS_FILTERS,
  apptFilters: DEFAULT_APPT_FILTERS,
  clinicalSummary: [],
  'scheduling.calendarStartTime': '07:00',
  'scheduling.calendarEndTime': '19:00',
  'scheduling.defaultAppointmentStatus': 'Unconfirmed',
  'scheduling.defaultAppointmentType': 0,
  'practice.timeZone': 'UTC',
});

export const PREFERENCE_KEYS: (PreferenceKey & ServerPreferenceKey)[] = Object.keys(DEFAULT_PREFERENCES) as PreferenceKey[];

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const oneOf =
  <T extends string>(...choices: T[]) =>
  (v: unknown): v is T =>
    typeof v === 'string' && (choices as string[]).includes(v);

const isIdSelection = (v: unknown): v is IdSelection => v === 'all' || (Array.isArray(v) && v.every((id) => isInt(id) && id >= 0));

function isOrdersFilters(v: unknown): v is OrdersFilters {
  if (!v || typeof v !== 'object') return false;
  const f = v as Record<string, unknown>;
  return (
    isIdSelection(f['offices']) &&
    isIdSelection(f['statuses']) &&
    isIdSelection(f['providers']) &&
    isIdSelection(f['types']) &&
    (f['signed'] === 'both' || isBool(f['signed']))
  );
}

function isApptFilters(v: unknown): v is ApptFilters {
  if (!v || typeof v !== 'object') return false;
  const f = v as Record<string, unknown>;
  return (f['order'] === 0 || f['order'] === 1) && isIdSelection(f['resources']) && isIdSelection(f['providers']);
}

const isText = (v: unknown): v is string => typeof v === 'string';

function isClinicalWidget(v: unknown): v is ClinicalWidget {
  if (!v || typeof v !== 'object') return false;
  const w = v as Record<string, unknown>;
  return (
    isText(w['key']) &&
    isText(w['title']) &&
    isText(w['tableType']) &&
    isBool(w['flagTreatment']) &&
    isText(w['color']) &&
    /^#[0-9a-fA-F]{6}$/.test(w['color']) &&
    isInt(w['orderNumber']) &&
    (w['columnNumber'] === 0 || w['columnNumber'] === 1) &&
    isBool(w['showInView'])
  );
}

const isClock = (v: unknown): v is string => typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/** A copy that shares no arrays or objects with `value` (preference values are kept immutable). */
function copyValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyValue);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyValue(v)]));
  return value;
}

const CHECKS: { [K in PreferenceKey]: (v: unknown) => boolean } = {
  defaultView: isInt,
  autoLogout: isNum,
  apptColors: isBool,
  allowDx: isBool,
  allowModifiers: isBool,
  allowToothSurface: isBool,
  recentPatients: (v) => Array.isArray(v) && v.every(isInt),
  defaultOrdersView: oneOf('mine', 'all'),
  defaultSchedulingView: oneOf('dayView', 'listView'),
  ordersFilters: isOrdersFilters,
  apptFilters: isApptFilters,
  clinicalSummary: (v) => Array.isArray(v) && v.every(isClinicalWidget),
  'scheduling.calendarStartTime': isClock,
  'scheduling.calendarEndTime': isClock,
  'scheduling.defaultAppointmentStatus': (v) => typeof v === 'string',
  'scheduling.defaultAppointmentType': isInt,
  'practice.timeZone': (v) => typeof v === 'string' && v.length > 0,
};

export function parsePreferences(raw: unknown): Preferences {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const result = copyValue(DEFAULT_PREFERENCES) as Preferences;
  for (const key of PREFERENCE_KEYS) {
    const value = source[key];
    if (CHECKS[key](value)) (result as unknown as Record<string, unknown>)[key] = copyValue(value);
  }
  return result;
}

export { AUTO_LOGOUT_CHOICES };

/** Preferences are also kept in the browser per user id (spec part 1, section 3); cleared at logout. */
export function cachedPreferences(userId: number): Preferences | undefined {
  const raw = readItem(`${KEYS.preferencesPrefix}${userId}`);
  if (!raw) return undefined;
  try {
    return parsePreferences(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

export function cachePreferences(userId: number, preferences: Preferences): void {
  writeItem(`${KEYS.preferencesPrefix}${userId}`, JSON.stringify(preferences));
}
