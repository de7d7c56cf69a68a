import type { components } from '../schema';

export type Appointment = components['schemas']['Appointment'];
export type Transparency = components['schemas']['Transparency'];
export type ScheduleConflict = components['schemas']['ScheduleConflict'];
export type ScheduleResource = components['schemas']['Resource'];
export type AppointmentType = components['schemas']['AppointmentType'];
export type AppointmentStatus = components['schemas']['AppointmentStatus'];
export type AppointmentInput = components['schemas']['AppointmentInput'];
export type TreatmentPlan = components['schemas']['TreatmentPlan'];
export type FollowUp = components['schemas']['FollowUp'];

/** The day's call (`GET /api/scheduling/1/appointments`). */
export interface DayAppointmentsQuery {
  date: string;
  resources?: string;
  providers?: string;
  order?: 0 | 1;
}

/**
 * TanStack Query keys of the schedule. Everything that a saved appointment or a moved
 * change stamp can make stale sits under `['scheduling']` (days, block-outs, one
 * appointment, a patient's lists); the option lists have keys of their own.
 */
export const scheduleKeys = {
  all: ['scheduling'] as const,
  days: ['scheduling', 'day'] as const,
  day: (query: DayAppointmentsQuery) => ['scheduling', 'day', query] as const,
  transparencies: (date: string, resources: string | undefined) => ['scheduling', 'transparencies', date, resources ?? 'all'] as const,
  appointment: (appointmentId: number) => ['scheduling', 'appointment', appointmentId] as const,
  treatmentPlans: (appointmentId: number) => ['scheduling', 'appointment', appointmentId, 'treatmentPlans'] as const,
  patient: (patientId: number) => ['scheduling', 'patient', patientId] as const,
  patientAppointments: (patientId: number, query: object) => ['scheduling', 'patient', patientId, 'appointments', query] as const,
  followUps: (patientId: number) => ['scheduling', 'patient', patientId, 'followups'] as const,
  version: ['schedulingVersion'] as const,
  resources: ['schedulingOptions', 'resources'] as const,
  types: ['schedulingOptions', 'types'] as const,
  statuses: ['schedulingOptions', 'statuses'] as const,
};
