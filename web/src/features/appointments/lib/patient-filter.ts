import { STORAGE_PREFIX, readItem, writeItem } from '@/lib/storage';
import { CUSTOM_RANGE, isDateRangeId, rangeDates, type DateRangeId } from './date-ranges';
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
