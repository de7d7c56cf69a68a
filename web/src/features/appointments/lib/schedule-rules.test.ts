import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_APPT_FILTERS } from '@/api/preferences/model';
import {
  appointmentPayload,
  conflictKind,
  defaultStatusId,
  defaultTypeId,
  editAppointmentValues,
  isConflictInfo,
  newAppointmentStart,
  newAppointmentValues,
  overlapEntry,
  providerForResource,
  validateAppointment,
  type AppointmentFormValues,
} from './appointment-form';
import { DATE_RANGES, rangeDates, shiftDay } from './date-ranges';
import {
  DEFAULT_PATIENT_FILTER,
  loadPatientFilter,
  parsePatientFilter,
  patientAppointmentsQuery,
  patientFilterCount,
  patientFilterKey,
  patientFilterLine,
  rangeText,
  savePatientFilter,
  showAllPatientAppointments,
  withDateRange,
} from './patient-filter';
import {
  apptFilterCount,
  appointmentTotals,
  calendarHours,
  dayQuery,
  dayTitle,
  filteredLine,
  filtersFromQuery,
  followUpColor,
  groupByStart,
  inkOn,
  neighbourDays,
  overlapsBlockOut,
  providerLabel,
  selectionFromChoice,
  showsProvider,
  shownResources,
  swipeStep,
  statusColor,
  stepResource,
  withoutApptFilters,
} from './schedule-rules';

const LA = 'America/Los_Angeles';

describe('patient appointment date ranges', () => {
  it('are the eight of the spec, in order', () => {
    expect(DATE_RANGES.map((r) => `${r.id} ${r.label}`)).toEqual([
      '1 Custom Date Range',
      '2 All Appointments',
      '3 Future Appointments',
      '4 This Month',
      '5 Last Month',
      '6 Last 6 Months',
      '7 This Year',
      '8 Last Year',
    ]);
  });
  it('compute their dates from today', () => {
    const today = '2026-11-23';
    expect(rangeDates(2, today)).toEqual({ start: null, end: null });
    expect(rangeDates(3, today)).toEqual({ start: today, end: null });
    expect(rangeDates(4, today)).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(rangeDates(5, today)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(rangeDates(6, today)).toEqual({ start: '2026-05-23', end: today });
    expect(rangeDates(7, today)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(rangeDates(8, today)).toEqual({ start: '2025-01-01', end: '2025-12-31' });
    expect(rangeDates(1, today, { start: '2026-02-01', end: '' })).toEqual({ start: '2026-02-01', end: null });
  });
  it('handle month and year edges', () => {
    // January: last month is December of the year before.
    expect(rangeDates(5, '2026-01-15')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    // March: last month is a February (leap years too); this month ends on the 31st.
    expect(rangeDates(5, '2024-03-31')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(rangeDates(4, '2026-02-10')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    // Six months before 31 August is the last day of February.
    expect(rangeDates(6, '2026-08-31')).toEqual({ start: '2026-02-28', end: '2026-08-31' });
    expect(rangeDates(7, '2026-12-31')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(rangeDates(8, '2026-01-01')).toEqual({ start: '2025-01-01', end: '2025-12-31' });
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('patient appointment filter', () => {
  it('defaults to every status, All Appointments, not deleted, inactive included', () => {
    expect(DEFAULT_PATIENT_FILTER).toEqual({ statusId: 1, dateRange: 2, start: null, end: null, deleted: false, inactive: true });
  });
  it('becomes the query: dates when the range has them, statusId only when not 1', () => {
    expect(patientAppointmentsQuery(DEFAULT_PATIENT_FILTER, '2026-11-23')).toEqual({ deleted: false, inactive: true });
    expect(patientAppointmentsQuery({ ...DEFAULT_PATIENT_FILTER, dateRange: 3, statusId: 7, deleted: true }, '2026-11-23')).toEqual({ start: '2026-11-23', deleted: true, statusId: 7, inactive: true });
    expect(patientAppointmentsQuery({ ...DEFAULT_PATIENT_FILTER, dateRange: 1, start: '2026-01-01', end: '2026-01-31', inactive: false }, '2026-11-23')).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
      deleted: false,
      inactive: false,
    });
    // A stored range is computed again from the day it is used.
    expect(patientAppointmentsQuery({ ...DEFAULT_PATIENT_FILTER, dateRange: 4, start: '2020-01-01', end: '2020-01-31' }, '2026-11-23')).toMatchObject({ start: '2026-11-01', end: '2026-11-30' });
  });
  it('choosing a range computes the dates; custom keeps what was typed', () => {
    const f = withDateRange(DEFAULT_PATIENT_FILTER, 8, '2026-11-23');
    expect(f).toMatchObject({ dateRange: 8, start: '2025-01-01', end: '2025-12-31' });
    expect(withDateRange(f, 1, '2026-11-23')).toMatchObject({ dateRange: 1, start: '2025-01-01', end: '2025-12-31' });
    expect(withDateRange(f, 2, '2026-11-23')).toMatchObject({ start: null, end: null });
  });
  it('says the range in force with its dates as of today, and what else hides appointments', () => {
    const today = '2026-11-23';
    expect(rangeText(DEFAULT_PATIENT_FILTER, today)).toBe('All Appointments');
    expect(rangeText({ ...DEFAULT_PATIENT_FILTER, dateRange: 4, start: '2020-01-01', end: '2020-01-31' }, today)).toBe('This Month (11/01/2026 – 11/30/2026)');
    expect(rangeText({ ...DEFAULT_PATIENT_FILTER, dateRange: 3 }, today)).toBe('Future Appointments (from 11/23/2026)');
    expect(rangeText({ ...DEFAULT_PATIENT_FILTER, dateRange: 1, end: '2026-02-01' }, today)).toBe('Custom Date Range (until 02/01/2026)');
    expect(rangeText({ ...DEFAULT_PATIENT_FILTER, dateRange: 1 }, today)).toBe('Custom Date Range (all dates)');
    expect(patientFilterCount(DEFAULT_PATIENT_FILTER, today)).toBe(0);
    expect(patientFilterCount({ ...DEFAULT_PATIENT_FILTER, deleted: true }, today)).toBe(0);
    expect(patientFilterCount({ ...DEFAULT_PATIENT_FILTER, dateRange: 1 }, today)).toBe(0);
    const narrow = { ...DEFAULT_PATIENT_FILTER, dateRange: 5 as const, statusId: 7, inactive: false, deleted: true };
    expect(patientFilterCount(narrow, today)).toBe(3);
    expect(patientFilterLine(DEFAULT_PATIENT_FILTER, today, undefined)).toBe('Date Range: All Appointments');
    expect(patientFilterLine(narrow, today, 'Missed')).toBe('Date Range: Last Month (10/01/2026 – 10/31/2026) · Status: Missed · Missed, cancelled and to reschedule hidden · Deleted shown');
    expect(showAllPatientAppointments(narrow)).toEqual({ ...DEFAULT_PATIENT_FILTER, deleted: true });
  });
  describe('storage', () => {
    beforeEach(() => localStorage.clear());
    it('is kept per user in local storage', () => {
      savePatientFilter(7, { ...DEFAULT_PATIENT_FILTER, statusId: 8 });
      expect(localStorage.getItem(patientFilterKey(7))).toContain('"statusId":8');
      expect(loadPatientFilter(7).statusId).toBe(8);
      expect(loadPatientFilter(9)).toEqual(DEFAULT_PATIENT_FILTER);
      localStorage.setItem(patientFilterKey(9), '{broken');
      expect(loadPatientFilter(9)).toEqual(DEFAULT_PATIENT_FILTER);
      expect(parsePatientFilter({ dateRange: 99, start: 'yesterday', deleted: 'yes' })).toEqual(DEFAULT_PATIENT_FILTER);
    });
  });
});

describe('schedule filters and the day', () => {
  it('become the day query and come back from it', () => {
    expect(dayQuery('2026-11-23', DEFAULT_APPT_FILTERS)).toEqual({ date: '2026-11-23', order: 1 });
    const filters = { order: 0 as const, resources: [2, 3], providers: [4] };
    const query = dayQuery('2026-11-23', filters);
    expect(query).toEqual({ date: '2026-11-23', resources: '2,3', providers: '4', order: 0 });
    expect(filtersFromQuery(query)).toEqual(filters);
    expect(filtersFromQuery({})).toEqual(DEFAULT_APPT_FILTERS);
    expect(filtersFromQuery({ resources: 'all', providers: 'x', order: '1' })).toEqual(DEFAULT_APPT_FILTERS);
    expect(selectionFromChoice([])).toBe('all');
    expect(selectionFromChoice([3, 1])).toEqual([1, 3]);
  });
  it('counts the filters that hide appointments and says how many they hide', () => {
    expect(apptFilterCount(DEFAULT_APPT_FILTERS)).toBe(0);
    expect(apptFilterCount({ ...DEFAULT_APPT_FILTERS, order: 0 })).toBe(0);
    expect(apptFilterCount({ ...DEFAULT_APPT_FILTERS, resources: [2] })).toBe(1);
    expect(apptFilterCount({ order: 1, resources: [2], providers: [3, 4] })).toBe(2);
    expect(apptFilterCount({ order: 1, resources: [], providers: 'all' })).toBe(0);
    expect(withoutApptFilters({ order: 0, resources: [2], providers: [3] })).toEqual({ order: 0, resources: 'all', providers: 'all' });
    expect(filteredLine(13, 36)).toBe('Filtered: 13 of 36 appointments');
    expect(filteredLine(0, 1)).toBe('Filtered: 0 of 1 appointment');
    expect(filteredLine(1, undefined)).toBe('Filtered: 1 appointment shown');
  });
  it('knows which appointments share time with a block-out (end exclusive)', () => {
    const lunch = [{ start: '2026-11-23T20:00:00Z', end: '2026-11-23T21:00:00Z' }];
    expect(overlapsBlockOut({ start: '2026-11-23T20:00:00Z', end: '2026-11-23T20:30:00Z' }, lunch)).toBe(true);
    expect(overlapsBlockOut({ start: '2026-11-23T19:45:00Z', end: '2026-11-23T20:15:00Z' }, lunch)).toBe(true);
    expect(overlapsBlockOut({ start: '2026-11-23T19:30:00Z', end: '2026-11-23T20:00:00Z' }, lunch)).toBe(false);
    expect(overlapsBlockOut({ start: '2026-11-23T21:00:00Z', end: '2026-11-23T21:30:00Z' }, lunch)).toBe(false);
    expect(overlapsBlockOut({ start: '2026-11-23T20:00:00Z', end: '2026-11-23T20:30:00Z' }, [])).toBe(false);
  });
  it('shows the filtered resources and steps through them, wrapping', () => {
    const resources = [{ resourceId: 1 }, { resourceId: 2 }, { resourceId: 3 }];
    expect(shownResources(resources, { ...DEFAULT_APPT_FILTERS, resources: [3, 1] })).toEqual([{ resourceId: 1 }, { resourceId: 3 }]);
    expect(stepResource(resources, 1, 1)).toBe(2);
    expect(stepResource(resources, 3, 1)).toBe(1);
    expect(stepResource(resources, 1, -1)).toBe(3);
    expect(stepResource([], 1, 1)).toBeNull();
  });
  it('reads a swipe: 60 px across and mostly sideways; left is the next resource', () => {
    expect(swipeStep(-80, 10)).toBe(1);
    expect(swipeStep(80, -10)).toBe(-1);
    expect(swipeStep(-59, 0)).toBeNull();
    expect(swipeStep(-80, 50)).toBeNull();
    expect(swipeStep(0, 200)).toBeNull();
  });
  it('titles the day Today or a short weekday with the date; the neighbours by their dates', () => {
    expect(dayTitle('2026-11-23', '2026-11-23')).toBe('Today, 11/23/2026');
    expect(dayTitle('2026-11-22', '2026-11-23')).toBe('Sun, 11/22/2026');
    // Only the bar's middle button says Today: a neighbour that is today keeps its date.
    const n = neighbourDays('2026-11-24');
    expect(n.previous).toEqual({ date: '2026-11-23', label: 'Mon 11/23', full: '11/23/2026' });
    expect(n.next).toEqual({ date: '2026-11-25', label: 'Wed 11/25', full: '11/25/2026' });
    expect(neighbourDays('2026-11-22').next.label).toBe('Mon 11/23');
  });
  it('takes the calendar hours from the preferences, else 7 to 19', () => {
    expect(calendarHours('08:30', '17:00')).toEqual({ start: [8, 30], end: [17, 0] });
    expect(calendarHours('18:00', '08:00')).toEqual({ start: [7, 0], end: [19, 0] });
    expect(calendarHours(undefined, 'x')).toEqual({ start: [7, 0], end: [19, 0] });
  });
  it('groups the list by start time in the chosen order', () => {
    const a = (id: number, start: string) => ({ appointmentId: id, start, appointmentTime: start.slice(11, 16) });
    const list = [a(3, '2026-11-23T17:00:00Z'), a(1, '2026-11-23T16:00:00Z'), a(2, '2026-11-23T16:00:00Z')];
    const first = groupByStart(list, 1);
    expect(first.map((g) => [g.time, g.appointments.map((x) => x.appointmentId)])).toEqual([
      ['16:00', [1, 2]],
      ['17:00', [3]],
    ]);
    expect(groupByStart(list, 0).map((g) => g.time)).toEqual(['17:00', '16:00']);
    expect(groupByStart([], 1)).toEqual([]);
  });
  it('hides a provider of id 1 or less', () => {
    expect(showsProvider(3)).toBe(true);
    expect(showsProvider(1)).toBe(false);
    expect(showsProvider(null)).toBe(false);
    expect(providerLabel(1, 'System, Admin')).toBe('None');
    expect(providerLabel(null, null)).toBe('None');
    expect(providerLabel(3, 'Bennett, Olivia')).toBe('Bennett, Olivia');
  });
});

describe('colours', () => {
  it('colour statuses by category, others black', () => {
    expect(statusColor('missed')).toBe('#B71C1C');
    expect(statusColor('cancelled')).toBe('#1F6A96');
    expect(statusColor('reschedule')).toBe('#7446AA');
    expect(statusColor('active')).toBe('#000000');
    expect(statusColor(undefined)).toBe('#000000');
  });
  it('colour a follow-up red when booked before it is due, green otherwise', () => {
    expect(followUpColor({ scheduled: '2026-11-20', followupDate: '2026-11-23' })).toBe('#B71C1C');
    expect(followUpColor({ scheduled: '2026-11-23', followupDate: '2026-11-23' })).toBe('#1B5E20');
    expect(followUpColor({ scheduled: '2026-12-01', followupDate: '2026-11-23' })).toBe('#1B5E20');
    expect(followUpColor({ scheduled: null, followupDate: '2026-11-23' })).toBe('#1B5E20');
  });
  it('pick readable ink on block-out and appointment colours', () => {
    expect(inkOn('#9E9E9E')).toBe('#000000');
    expect(inkOn('#455A64')).toBe('#FFFFFF');
    expect(inkOn('#E65100')).toBe('#000000');
    expect(inkOn('#1F6A96')).toBe('#FFFFFF');
    expect(inkOn('nonsense')).toBe('#000000');
  });
  it('count the summary', () => {
    expect(appointmentTotals([{ statusCategory: 'missed' }, { statusCategory: 'active' }, { statusCategory: 'cancelled' }, { statusCategory: 'reschedule' }, { statusCategory: 'missed' }])).toEqual({
      total: 5,
      missed: 2,
      cancelled: 1,
      reschedule: 1,
    });
  });
});

describe('appointment form', () => {
  const resources = [
    { resourceId: 1, providerId: 3 },
    { resourceId: 4, providerId: null },
    { resourceId: 5, providerId: 1 },
  ];
  const statuses = [
    { appointmentStatusId: 1, appointmentStatus: 'None' },
    { appointmentStatusId: 2, appointmentStatus: 'Unconfirmed' },
    { appointmentStatusId: 3, appointmentStatus: 'Confirmed' },
  ];
  const types = [{ appointmentTypeId: 1 }, { appointmentTypeId: 4 }];

  it("gives the resource's provider, else the patient's; None gives the patient's; only ids above 1", () => {
    expect(providerForResource(1, resources, 6)).toBe(3);
    expect(providerForResource(4, resources, 6)).toBe(6);
    expect(providerForResource(5, resources, 6)).toBe(6);
    expect(providerForResource(0, resources, 6)).toBe(6);
    expect(providerForResource(0, resources, 1)).toBeNull();
    expect(providerForResource(4, resources, null)).toBeNull();
  });
  it('defaults status by the preference name and type by the preference id', () => {
    expect(defaultStatusId(statuses, 'Unconfirmed')).toBe(2);
    expect(defaultStatusId(statuses, ' confirmed ')).toBe(3);
    expect(defaultStatusId(statuses, 'None')).toBeNull();
    expect(defaultStatusId(statuses, 'Gone')).toBeNull();
    expect(defaultTypeId(types, 4)).toBe(4);
    expect(defaultTypeId(types, 1)).toBeNull();
    expect(defaultTypeId(types, 0)).toBeNull();
    expect(defaultTypeId(types, 9)).toBeNull();
  });
  it('starts a new appointment from its draft, the preferences and the provider rule', () => {
    const values = newAppointmentValues(
      { start: new Date('2026-11-23T17:00:00Z'), length: 30, resourceId: 1, patientId: 5 },
      { resources, statuses, types },
      { zone: LA, defaultStatus: 'Unconfirmed', defaultType: 4, patientProviderId: 6 },
    );
    expect(values).toEqual({ patientId: 5, start: '2026-11-23T09:00', length: '30', resourceId: '1', providerId: '3', typeId: '4', statusId: '2', notes: '' });
  });
  it('edits an appointment with ids of 1 or less shown as none', () => {
    const values = editAppointmentValues({ patientId: 5, start: '2026-11-23T17:00:00Z', length: 45, resourceId: 2, providerID: 1, typeId: 1, statusId: 3, notes: 'Hi' }, LA);
    expect(values).toMatchObject({ start: '2026-11-23T09:00', length: '45', providerId: '', typeId: '', statusId: '3', notes: 'Hi' });
  });
  const filled: AppointmentFormValues = { patientId: 5, start: '2026-11-23T09:00', length: '30', resourceId: '1', providerId: '1', typeId: '4', statusId: '2', notes: '  Bring X-rays ' };
  it('requires patient, date, duration, resource, type and status', () => {
    expect(validateAppointment(filled, LA)).toEqual({});
    expect(validateAppointment({ patientId: null, start: '', length: '', resourceId: '', providerId: '', typeId: '1', statusId: '', notes: '' }, LA)).toEqual({
      patientId: 'Required field',
      start: 'Required field',
      length: 'Required field',
      resourceId: 'Required field',
      typeId: 'Required field',
      statusId: 'Required field',
    });
    expect(validateAppointment({ ...filled, length: '1000' }, LA).length).toBe('Must be a whole number of minutes from 1 to 999');
    expect(validateAppointment({ ...filled, length: '1.5' }, LA).length).toBeDefined();
    expect(validateAppointment({ ...filled, length: '0' }, LA).length).toBeDefined();
  });
  it('sends ids of 1 or less as null, the start as UTC and end = start + length', () => {
    expect(appointmentPayload(filled, LA)).toEqual({
      version: null,
      patientId: 5,
      start: '2026-11-23T17:00:00Z',
      end: '2026-11-23T17:30:00Z',
      length: 30,
      resourceId: 1,
      providerId: null,
      typeId: 4,
      statusId: 2,
      notes: 'Bring X-rays',
    });
    expect(appointmentPayload({ ...filled, providerId: '', typeId: '1', statusId: '0' }, LA)).toMatchObject({ providerId: null, typeId: null, statusId: null });
    expect(appointmentPayload({ ...filled, providerId: '6', length: '90' }, LA)).toMatchObject({ providerId: 6, end: '2026-11-23T18:30:00Z' });
  });
  it('a change names the version of the appointment it was made on', () => {
    expect(appointmentPayload(filled, LA, 7).version).toBe(7);
  });
  it("starts 'New Appointment' at the next quarter hour today, else at the calendar's first hour", () => {
    const now = new Date('2026-11-23T17:07:00Z'); // 09:07 in Los Angeles
    expect(newAppointmentStart('2026-11-23', '2026-11-23', LA, [7, 0], now).toISOString()).toBe('2026-11-23T17:15:00.000Z');
    expect(newAppointmentStart('2026-11-25', '2026-11-23', LA, [7, 0], now).toISOString()).toBe('2026-11-25T15:00:00.000Z');
  });
  it('reads conflict answers by their code: confirm, overlap, block-out', () => {
    const base = { message: '', appointments: [], transparencies: [], notScheduleAppointment: false };
    const block = { transparencyId: 3, resourceId: 1, blockName: 'Emergency Slot', color: '#ffffff', rule: 'confirm', start: '', end: '' };
    expect(conflictKind({ ...base, code: 'confirm_scheduling', transparencies: [block], confirmAppointmentId: 9 })).toBe('confirm');
    expect(conflictKind({ ...base, code: 'appointment_overlap', appointments: [{ appointmentId: 4, start: '', end: '', patientId: 5, patientName: 'Lee, Ann', status: 'Confirmed', type: 'Cleaning' }], confirmAppointmentId: null })).toBe('overlap');
    expect(conflictKind({ ...base, code: 'block_out', transparencies: [{ ...block, rule: 'refuse' }], notScheduleAppointment: true })).toBe('blockOut');
    // The code decides, not the parts; a code not known yet falls back on the parts.
    expect(conflictKind({ ...base, code: 'block_out', appointments: [{ appointmentId: 4, start: '', end: '', patientId: 5, patientName: 'Lee, Ann', status: 'Confirmed', type: 'Cleaning' }] })).toBe('blockOut');
    expect(conflictKind({ ...base, code: 'something_new', appointments: [{ appointmentId: 4, start: '', end: '', patientId: 5, patientName: 'Lee, Ann', status: 'Confirmed', type: 'Cleaning' }] } as never)).toBe('overlap');
    expect(isConflictInfo({ ...base, code: 'block_out' })).toBe(true);
    expect(isConflictInfo({ code: 'hold_expired', message: 'gone' })).toBe(false);
    expect(isConflictInfo({ appointmentId: 4 })).toBe(false);
    expect(isConflictInfo(null)).toBe(false);
  });
  it('names each overlapped appointment: patient, then time range, type and status', () => {
    const other = { appointmentId: 4, start: '2026-11-23T18:00:00Z', end: '2026-11-23T18:30:00Z', patientId: 7, patientName: 'Lopez, Ana', type: 'Follow-Up', status: 'Confirmed' };
    expect(overlapEntry(other, LA)).toEqual({ appointmentId: 4, patient: 'Lopez, Ana', details: '10:00 AM – 10:30 AM · Follow-Up · Confirmed' });
    expect(overlapEntry({ ...other, type: '' }, LA).details).toBe('10:00 AM – 10:30 AM · Confirmed');
  });
});
