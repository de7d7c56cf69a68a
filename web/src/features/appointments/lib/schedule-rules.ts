import { format, parseISO } from 'date-fns';
import type { ApptFilters, IdSelection } from '@/api/preferences/model';
import { choiceFromSelection, selectionFromChoice as selectionOf } from '@/components/form/multi-select';
import { instantOf, wallClockOf } from '@/lib/time-zone';
import { shiftDay } from './date-ranges';
import { APPT_STATUS_COLORS, CALENDAR_STEP_MINUTES, DEFAULT_CALENDAR_END, DEFAULT_CALENDAR_START, FOLLOW_UP_COLORS, NONE_ID_MAX, SWIPE_MIN_PX } from './constants';
import { SCHEDULE_TEXT } from './texts';

/** Ids of 1 or less mean none (spec part 2, section 6). */
export const meaningfulId = (id: number | null | undefined): number | null => (typeof id === 'number' && id > NONE_ID_MAX ? id : null);

// ---------------------------------------------------------------------------------------
// The schedule's day and its labels.

/** The selected day's label (spec part 2: Today or a short weekday with the date): 'Today, 11/23/2026' or 'Tue, 11/24/2026'. */
export function dayTitle(date: string, today: string): string {
  const d = parseISO(date);
  return date === today ? `${SCHEDULE_TEXT.today}, ${format(d, 'MM/dd/yyyy')}` : format(d, 'EEE, MM/dd/yyyy');
}

/**
 * The previous and next days with their labels (dates move one day at a time). They are
 * always labelled with their date, even when one of them is today: the bar's middle button
 * is 'Today', and a second 'Today' beside it reads as a duplicate.
 */
export function neighbourDays(date: string) {
  const previous = shiftDay(date, -1);
  const next = shiftDay(date, 1);
  const labelled = (day: string) => ({ date: day, label: format(parseISO(day), 'EEE MM/dd'), full: format(parseISO(day), 'MM/dd/yyyy') });
  return { previous: labelled(previous), next: labelled(next) };
}

/** Calendar hours from 'HH:mm' preferences; end after start, else the defaults. */
export function calendarHours(start: string | undefined, end: string | undefined): { start: [number, number]; end: [number, number] } {
  const read = (v: string | undefined) => {
    const m = /^(\d{2}):(\d{2})$/.exec(v ?? '');
    return m ? ([Number(m[1]), Number(m[2])] as [number, number]) : null;
  };
  const s = read(start) ?? (read(DEFAULT_CALENDAR_START) as [number, number]);
  const e = read(end) ?? (read(DEFAULT_CALENDAR_END) as [number, number]);
  if (e[0] * 60 + e[1] <= s[0] * 60 + s[1]) return { start: read(DEFAULT_CALENDAR_START)!, end: read(DEFAULT_CALENDAR_END)! };
  return { start: s, end: e };
}

// ---------------------------------------------------------------------------------------
// Filters (apptFilters) and the day's query.

export interface DayQuery {
  date: string;
  resources?: string;
  providers?: string;
  order: 0 | 1;
}

const idList = (selection: IdSelection) => (selection === 'all' || selection.length === 0 ? undefined : selection.join(','));

/** The day's call: 'all' is left out, ids are comma separated, order 1 or 0. */
export function dayQuery(date: string, filters: ApptFilters): DayQuery {
  const resources = idList(filters.resources);
  const providers = idList(filters.providers);
  return { date, ...(resources ? { resources } : {}), ...(providers ? { providers } : {}), order: filters.order };
}

/** The filters a day query was made from (for a link or a reload). */
export function filtersFromQuery(query: { resources?: string | null; providers?: string | null; order?: string | number | null }): ApptFilters {
  const ids = (text: string | null | undefined): IdSelection => {
    if (!text || text === 'all') return 'all';
    const list = text
      .split(',')
      .map((t) => Number(t.trim()))
      .filter((n) => Number.isInteger(n) && n >= 0);
    return list.length > 0 ? list : 'all';
  };
  return { resources: ids(query.resources), providers: ids(query.providers), order: String(query.order) === '0' ? 0 : 1 };
}

/** A multiple choice's ids from a selection ('all' shows as nothing chosen) and back, sorted by id. */
export { choiceFromSelection };
export const selectionFromChoice = (ids: number[]): IdSelection => selectionOf(ids, 'ascending');

/** How many filters hide appointments (resources, providers; the order hides none): the Filters badge. */
export function apptFilterCount(filters: ApptFilters): number {
  return [filters.resources, filters.providers].filter((s) => s !== 'all' && s.length > 0).length;
}

/** 'Show all': every resource and provider, the order kept. */
export const withoutApptFilters = (filters: ApptFilters): ApptFilters => ({ ...filters, resources: 'all', providers: 'all' });

/**
 * The line that says filters hide part of the day: 'Filtered: 13 of 36 appointments'
 * ('Filtered: 13 appointments shown' until the unfiltered day has loaded).
 */
export function filteredLine(shown: number, total: number | undefined): string {
  if (total === undefined) return `Filtered: ${shown} ${shown === 1 ? 'appointment' : 'appointments'} shown`;
  return `Filtered: ${shown} of ${total} ${total === 1 ? 'appointment' : 'appointments'}`;
}

/** Whether an appointment shares time with any block-out (then the day view draws it beside the block-out's name). */
export function overlapsBlockOut(appointment: { start: string; end: string }, blockOuts: ReadonlyArray<{ start: string; end: string }>): boolean {
  const start = Date.parse(appointment.start);
  const end = Date.parse(appointment.end);
  return blockOuts.some((b) => start < Date.parse(b.end) && Date.parse(b.start) < end);
}

/** The resources the day shows: the filter's (in the server's order), or all. */
export function shownResources<R extends { resourceId: number }>(resources: R[], filters: ApptFilters): R[] {
  if (filters.resources === 'all') return resources;
  const wanted = new Set(filters.resources);
  return resources.filter((r) => wanted.has(r.resourceId));
}

/** The resource after or before `current` among `resources` (wrapping), for the arrows and swipes. */
export function stepResource(resources: Array<{ resourceId: number }>, current: number | null, step: 1 | -1): number | null {
  if (resources.length === 0) return null;
  const at = resources.findIndex((r) => r.resourceId === current);
  const from = at < 0 ? 0 : at;
  const next = (from + step + resources.length) % resources.length;
  return resources[next]!.resourceId;
}

/**
 * A swipe on the day: at least SWIPE_MIN_PX across and more than twice as wide as tall.
 * Leftwards shows the next resource (1), rightwards the previous one (-1); else nothing.
 */
export function swipeStep(dx: number, dy: number): 1 | -1 | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= 2 * Math.abs(dy)) return null;
  return dx < 0 ? 1 : -1;
}

// ---------------------------------------------------------------------------------------
// The list view.

export interface TimedAppointment {
  appointmentId: number;
  start: string;
  appointmentTime: string;
}

/** Appointments grouped by start time, first-to-last (order 1) or last-to-first (order 0). */
export function groupByStart<A extends TimedAppointment>(appointments: A[], order: 0 | 1): Array<{ start: string; time: string; appointments: A[] }> {
  const sorted = [...appointments].sort((a, b) => {
    const diff = Date.parse(a.start) - Date.parse(b.start);
    return (order === 1 ? diff : -diff) || a.appointmentId - b.appointmentId;
  });
  const groups: Array<{ start: string; time: string; appointments: A[] }> = [];
  for (const a of sorted) {
    const last = groups[groups.length - 1];
    if (last && Date.parse(last.start) === Date.parse(a.start)) last.appointments.push(a);
    else groups.push({ start: a.start, time: a.appointmentTime, appointments: [a] });
  }
  return groups;
}

/** Whether a card shows the provider: only when its id is above 1. */
export const showsProvider = (providerId: number | null | undefined) => meaningfulId(providerId) !== null;

/** The detail's provider: the name, or 'None' when the id is 1 or less. */
export function providerLabel(providerId: number | null | undefined, name: string | null | undefined): string {
  return meaningfulId(providerId) !== null && name ? name : SCHEDULE_TEXT.none;
}

// ---------------------------------------------------------------------------------------
// Colours.

/** A patient appointment's colour by the status's category: missed, cancelled, to reschedule, else black. */
export function statusColor(category: string | null | undefined): string {
  switch (category) {
    case 'missed':
      return APPT_STATUS_COLORS.missed;
    case 'cancelled':
      return APPT_STATUS_COLORS.cancelled;
    case 'reschedule':
      return APPT_STATUS_COLORS.reschedule;
    default:
      return APPT_STATUS_COLORS.other;
  }
}

/** A follow-up: red when the scheduled date is before the follow-up date, green otherwise. */
export function followUpColor(followUp: { scheduled?: string | null; followupDate: string }): string {
  return followUp.scheduled && followUp.scheduled < followUp.followupDate ? FOLLOW_UP_COLORS.early : FOLLOW_UP_COLORS.onTime;
}

/** Dark or white ink, whichever reads better on `background` (#rrggbb); dark for anything unreadable. */
export function inkOn(background: string | null | undefined): '#000000' | '#FFFFFF' {
  const m = /^#?([0-9a-f]{6})$/i.exec(background ?? '');
  if (!m) return '#000000';
  const channels = [0, 2, 4].map((i) => parseInt(m[1]!.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05).
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000000' : '#FFFFFF';
}

/** The summary counts of a patient's appointments. */
export function appointmentTotals(appointments: Array<{ statusCategory: string }>) {
  return {
    total: appointments.length,
    missed: appointments.filter((a) => a.statusCategory === 'missed').length,
    cancelled: appointments.filter((a) => a.statusCategory === 'cancelled').length,
    reschedule: appointments.filter((a) => a.statusCategory === 'reschedule').length,
  };
}

/**
 * Where 'New Appointment' starts (ours: the spec says "at the selected date"): today at the
 * next quarter hour on the practice's clock, another day at the calendar's first hour.
 */
export function newAppointmentStart(date: string, today: string, zone: string, calendarStart: [number, number], now: Date = new Date()): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (date === today) {
    const w = wallClockOf(now, zone);
    const minutes = Math.ceil((w.hour * 60 + w.minute + 1) / CALENDAR_STEP_MINUTES) * CALENDAR_STEP_MINUTES;
    if (minutes < 24 * 60) return instantOf({ year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0 }, zone);
  }
  return instantOf({ year, month, day, hour: calendarStart[0], minute: calendarStart[1], second: 0 }, zone);
}
