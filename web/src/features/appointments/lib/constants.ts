// Scheduling (spec part 2, sections 3, 4 and 9): the numbers only the appointments feature uses.
/** The calendar's step in minutes and the slots per step. */
export const CALENDAR_STEP_MINUTES = 15;
export const CALENDAR_TIMESLOTS = 2;
/** A new appointment's length in minutes. */
export const DEFAULT_APPOINTMENT_LENGTH = 30;
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
