import { displayDate } from '@/lib/dates';
import { STORAGE_PREFIX, readItem, writeItem } from '@/lib/storage';
import { CUSTOM_RANGE, DATE_RANGES, isDateRangeId, rangeDates, type DateRangeId } from './date-ranges';
import { DEFAULT_PATIENT_APPT_RANGE, DEFAULT_PATIENT_APPT_STATUS } from './constants';

/**
 * The patient appointment filter (spec part 2, section 3): status (1: every status),
 * date range (2: All Appointments), custom start and end, deleted, inactive. Kept per user
 * in local storage (ids and dates only, no patient data).
 */
export interface PatientAppointmentFilter {
  statusId: number;
  dateRange: DateRangeId;
  start: string | null;
  end: string | null;
  deleted: boolean;
  inactive: boolean;
}

export const DEFAULT_PATIENT_FILTER: Readonly<PatientAppointmentFilter> = Object.freeze({
  statusId: DEFAULT_PATIENT_APPT_STATUS,
  dateRange: DEFAULT_PATIENT_APPT_RANGE as DateRangeId,
  start: null,
  end: null,
  deleted: false,
  inactive: true,
});

export const patientFilterKey = (userId: number) => `${STORAGE_PREFIX}patientApptFilter.${userId}`;

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

export function parsePatientFilter(raw: unknown): PatientAppointmentFilter {
  const f = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return {
    statusId: typeof f['statusId'] === 'number' && Number.isInteger(f['statusId']) ? f['statusId'] : DEFAULT_PATIENT_FILTER.statusId,
    dateRange: isDateRangeId(f['dateRange']) ? f['dateRange'] : DEFAULT_PATIENT_FILTER.dateRange,
    start: isDay(f['start']) ? f['start'] : null,
    end: isDay(f['end']) ? f['end'] : null,
    deleted: typeof f['deleted'] === 'boolean' ? f['deleted'] : DEFAULT_PATIENT_FILTER.deleted,
    inactive: typeof f['inactive'] === 'boolean' ? f['inactive'] : DEFAULT_PATIENT_FILTER.inactive,
  };
}

export function loadPatientFilter(userId: number): PatientAppointmentFilter {
  const raw = readItem(patientFilterKey(userId));
  if (!raw) return { ...DEFAULT_PATIENT_FILTER };
  try {
    return parsePatientFilter(JSON.parse(raw));
  } catch {
    return { ...DEFAULT_PATIENT_FILTER };
  }
}

export function savePatientFilter(userId: number, filter: PatientAppointmentFilter): void {
  writeItem(patientFilterKey(userId), JSON.stringify(filter));
}

/** Choosing a range computes its dates (custom keeps what was typed). */
export function withDateRange(filter: PatientAppointmentFilter, range: DateRangeId, today: string): PatientAppointmentFilter {
  const dates = rangeDates(range, today, { start: filter.start, end: filter.end });
  return { ...filter, dateRange: range, ...dates };
}

export interface PatientAppointmentsQuery {
  start?: string;
  end?: string;
  deleted: boolean;
  statusId?: number;
  inactive: boolean;
}

/**
 * The call's query (spec part 2, section 7): start and end (yyyy-MM-dd) when the range has
 * them, deleted, statusId only when not 1, inactive. Ranges other than custom are computed
 * from `today` when asked, so "Future Appointments" stays the future.
 */
export function patientAppointmentsQuery(filter: PatientAppointmentFilter, today: string): PatientAppointmentsQuery {
  const { start, end } = filter.dateRange === CUSTOM_RANGE ? { start: filter.start, end: filter.end } : rangeDates(filter.dateRange, today);
  return {
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
    deleted: filter.deleted,
    ...(filter.statusId !== DEFAULT_PATIENT_APPT_STATUS ? { statusId: filter.statusId } : {}),
    inactive: filter.inactive,
  };
}

// ---------------------------------------------------------------------------------------
// What the list says of its filter (it is kept from earlier visits, so it must be seen).

/**
 * The range in force, with its dates as they are today: 'All Appointments', 'This Month
 * (11/01/2026 – 11/30/2026)', 'Future Appointments (from 11/23/2026)'.
 */
export function rangeText(filter: PatientAppointmentFilter, today: string): string {
  const label = DATE_RANGES.find((r) => r.id === filter.dateRange)?.label ?? '';
  const { start, end } = patientAppointmentsQuery(filter, today);
  if (start && end) return `${label} (${displayDate(start)} – ${displayDate(end)})`;
  if (start) return `${label} (from ${displayDate(start)})`;
  if (end) return `${label} (until ${displayDate(end)})`;
  return filter.dateRange === CUSTOM_RANGE ? `${label} (all dates)` : label;
}

/** How many settings hide appointments: a range with dates, one status, missed / cancelled / to reschedule left out. */
export function patientFilterCount(filter: PatientAppointmentFilter, today: string): number {
  const { start, end } = patientAppointmentsQuery(filter, today);
  return [Boolean(start || end), filter.statusId !== DEFAULT_PATIENT_APPT_STATUS, !filter.inactive].filter(Boolean).length;
}

/**
 * The line above the list: the range always, then what else narrows or widens it.
 * `statusName` is the chosen status's name.
 */
export function patientFilterLine(filter: PatientAppointmentFilter, today: string, statusName: string | undefined): string {
  const parts = [`Date Range: ${rangeText(filter, today)}`];
  if (filter.statusId !== DEFAULT_PATIENT_APPT_STATUS) parts.push(`Status: ${statusName ?? filter.statusId}`);
  if (!filter.inactive) parts.push('Missed, cancelled and to reschedule hidden');
  if (filter.deleted) parts.push('Deleted shown');
  return parts.join(' · ');
}

/** 'Show all': every date and status, missed / cancelled / to reschedule included; deleted ones as chosen. */
export function showAllPatientAppointments(filter: PatientAppointmentFilter): PatientAppointmentFilter {
  return { ...filter, statusId: DEFAULT_PATIENT_FILTER.statusId, dateRange: DEFAULT_PATIENT_FILTER.dateRange, start: null, end: null, inactive: true };
}
