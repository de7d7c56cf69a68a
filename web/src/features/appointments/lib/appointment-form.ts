import { addMinutes } from 'date-fns';
import { z } from 'zod';
import type { components } from '@/api/schema';
import { schemaErrors, type FormFields } from '@/components/form/rules';
import { APPOINTMENT_LENGTH_MAX_CHARS, APPOINTMENT_LENGTH_RANGE } from '@/lib/field-limits';
import { MESSAGES } from '@/lib/messages';
import { formatIn, instantFromLocalInput, localInputValue, wireInstant } from '@/lib/time-zone';
import { meaningfulId } from './schedule-rules';
// Where a new appointment starts lives with the schedule's rules (the schedule needs it without the form's code).
export { newAppointmentStart } from './schedule-rules';
import { DEFAULT_APPOINTMENT_LENGTH, NONE_RESOURCE } from './constants';

type AppointmentInput = components['schemas']['AppointmentInput'];

/**
 * The appointment form's values (spec part 2, 'Appointment form'). Names are the API's, so
 * a server field error lands on its field. Selects hold strings ('' for none); `start` is
 * a datetime-local value on the practice's clock.
 */
export interface AppointmentFormValues extends FormFields<AppointmentInput, 'start' | 'length' | 'resourceId' | 'providerId' | 'typeId' | 'statusId' | 'notes'> {
  patientId: number | null;
}

export type AppointmentFieldName = keyof AppointmentFormValues;

/** A new appointment's draft: where and when (spec part 2, 'New appointment draft'). */
export interface AppointmentDraft {
  start: Date;
  length: number;
  resourceId: number | null;
  patientId: number | null;
}

export interface FormOptions {
  resources: Array<{ resourceId: number; providerId?: number | null }>;
  statuses: Array<{ appointmentStatusId: number; appointmentStatus: string }>;
  types: Array<{ appointmentTypeId: number }>;
}

/**
 * The provider a resource choice gives (spec part 2, 'Appointment save'): the resource's
 * provider if it has one, else the patient's; None (0) gives the patient's. Only an id
 * above 1 is applied: otherwise null (leave the provider as it is).
 */
export function providerForResource(resourceId: number, resources: FormOptions['resources'], patientProviderId: number | null | undefined): number | null {
  const resource = resourceId === NONE_RESOURCE ? undefined : resources.find((r) => r.resourceId === resourceId);
  const candidate = meaningfulId(resource?.providerId) ?? patientProviderId;
  return meaningfulId(candidate);
}

/** The status named by the default-status preference (case and spaces ignored), else none. */
export function defaultStatusId(statuses: FormOptions['statuses'], name: string | null | undefined): number | null {
  const wanted = (name ?? '').trim().toLowerCase();
  if (!wanted) return null;
  return meaningfulId(statuses.find((s) => s.appointmentStatus.trim().toLowerCase() === wanted)?.appointmentStatusId);
}

/** The type given by the default-type preference, if it is a listed type above 1. */
export function defaultTypeId(types: FormOptions['types'], id: number | null | undefined): number | null {
  const chosen = meaningfulId(id);
  return chosen !== null && types.some((t) => t.appointmentTypeId === chosen) ? chosen : null;
}

const text = (id: number | null | undefined) => (typeof id === 'number' && id > 0 ? String(id) : '');

/** A new appointment's values: the draft, the defaults of the preferences, the provider rule. */
export function newAppointmentValues(
  draft: AppointmentDraft,
  options: FormOptions,
  context: { zone: string; defaultStatus: string; defaultType: number; patientProviderId?: number | null },
): AppointmentFormValues {
  const provider = draft.resourceId !== null ? providerForResource(draft.resourceId, options.resources, context.patientProviderId) : meaningfulId(context.patientProviderId);
  return {
    patientId: draft.patientId,
    start: localInputValue(draft.start, context.zone),
    length: String(draft.length),
    resourceId: text(draft.resourceId),
    providerId: text(provider),
    typeId: text(defaultTypeId(options.types, context.defaultType)),
    statusId: text(defaultStatusId(options.statuses, context.defaultStatus)),
    notes: '',
  };
}

/** An existing appointment's values. */
export function editAppointmentValues(
  a: { patientId: number; start: string; length: number; resourceId: number; providerID?: number | null; typeId: number; statusId: number; notes: string },
  zone: string,
): AppointmentFormValues {
  return {
    patientId: a.patientId,
    start: localInputValue(a.start, zone),
    length: String(a.length),
    resourceId: text(a.resourceId),
    providerId: text(meaningfulId(a.providerID)),
    typeId: text(meaningfulId(a.typeId)),
    statusId: text(meaningfulId(a.statusId)),
    notes: a.notes ?? '',
  };
}

const chosen = (id: string) => meaningfulId(Number(id) || null) !== null;

/**
 * Required: Patient, Appointment Date, Duration, Resource, Appointment Type, Appointment
 * Status; Duration a whole number in the server's range (1 to 999). The date is read on the
 * practice's clock (`zone`).
 */
export function appointmentSchema(zone: string) {
  return z.object({
    patientId: z
      .number()
      .nullable()
      .refine((id) => id !== null && id > 0, MESSAGES.requiredField),
    start: z.string().refine((v) => v !== '' && instantFromLocalInput(v, zone) !== null, MESSAGES.requiredField),
    length: z
      .string()
      .trim()
      .min(1, MESSAGES.requiredField)
      .refine(
        (v) =>
          v === '' ||
          (/^\d+$/.test(v) &&
            v.length <= APPOINTMENT_LENGTH_MAX_CHARS &&
            Number(v) >= APPOINTMENT_LENGTH_RANGE.min &&
            Number(v) <= APPOINTMENT_LENGTH_RANGE.max),
        `Must be a whole number of minutes from ${APPOINTMENT_LENGTH_RANGE.min} to ${APPOINTMENT_LENGTH_RANGE.max}`,
      ),
    resourceId: z.string().refine((v) => Number(v) > 0, MESSAGES.requiredField),
    providerId: z.string(),
    typeId: z.string().refine(chosen, MESSAGES.requiredField),
    statusId: z.string().refine(chosen, MESSAGES.requiredField),
    notes: z.string(),
  }) satisfies z.ZodType<AppointmentFormValues>;
}

export function validateAppointment(values: AppointmentFormValues, zone: string): Partial<Record<AppointmentFieldName, string>> {
  return schemaErrors(appointmentSchema(zone), values);
}

/** The form's field for a server field error: `end` is shown on Duration. */
export function appointmentFieldOf(name: string): AppointmentFieldName | null {
  const field = name === 'end' ? 'length' : name;
  return (APPOINTMENT_FIELDS as readonly string[]).includes(field) ? (field as AppointmentFieldName) : null;
}

export const APPOINTMENT_FIELDS: readonly AppointmentFieldName[] = ['patientId', 'start', 'length', 'resourceId', 'providerId', 'typeId', 'statusId', 'notes'];

/** The label of each field of the form (the edit-conflict alert names the fields changed). */
export const APPOINTMENT_FIELD_LABELS: Readonly<Record<AppointmentFieldName, string>> = {
  patientId: 'Patient',
  start: 'Appointment Date',
  length: 'Duration (min)',
  resourceId: 'Resource',
  providerId: 'Appointment Provider',
  typeId: 'Appointment Type',
  statusId: 'Appointment Status',
  notes: 'Appointment Notes',
};

/** The id of a field's input ('appointment-start'). */
export function appointmentFieldId(name: AppointmentFieldName): string {
  const ids: Record<AppointmentFieldName, string> = {
    patientId: 'appointment-patient',
    start: 'appointment-start',
    length: 'appointment-length',
    resourceId: 'appointment-resource',
    providerId: 'appointment-provider',
    typeId: 'appointment-type',
    statusId: 'appointment-status',
    notes: 'appointment-notes',
  };
  return ids[name];
}

export interface AppointmentPayload {
  /** A change: the version of the appointment the form was opened with (a stale one is refused: 409). A booking: null. */
  version: number | null;
  patientId: number;
  start: string;
  end: string;
  length: number;
  resourceId: number;
  providerId: number | null;
  typeId: number | null;
  statusId: number | null;
  notes: string;
}

/**
 * The save payload (spec part 2, section 3): status, provider and type of 1 or less sent as
 * null; start as an ISO UTC instant; end = start + length.
 */
export function appointmentPayload(values: AppointmentFormValues, zone: string, version: number | null = null): AppointmentPayload {
  const start = instantFromLocalInput(values.start, zone) ?? new Date(NaN);
  const length = Number(values.length.trim());
  return {
    version,
    patientId: values.patientId ?? 0,
    start: wireInstant(start),
    end: wireInstant(addMinutes(start, length)),
    length,
    resourceId: Number(values.resourceId),
    providerId: meaningfulId(Number(values.providerId) || null),
    typeId: meaningfulId(Number(values.typeId) || null),
    statusId: meaningfulId(Number(values.statusId) || null),
    notes: values.notes.trim(),
  };
}

export const DEFAULT_LENGTH = DEFAULT_APPOINTMENT_LENGTH;

// ---------------------------------------------------------------------------------------
// What a save comes to.

/**
 * A conflict answer (202 held, 409 refused): the document's `ScheduleConflict`. Its `code`
 * says which it is: "appointment_overlap", "block_out" or "confirm_scheduling".
 */
export type ConflictInfo = components['schemas']['ScheduleConflict'];
export type ConflictCode = ConflictInfo['code'];

/** The dialog a conflict opens: 'Overlapping Appointments!', 'Appointment and Transparency Overlap!', 'Confirm Appointment!'. */
export type ConflictKind = 'overlap' | 'blockOut' | 'confirm';

/** Each of the server's conflict codes and its dialog (a test holds it to the document's codes). */
export const CONFLICT_KINDS = {
  appointment_overlap: 'overlap',
  block_out: 'blockOut',
  confirm_scheduling: 'confirm',
} as const satisfies Record<ConflictCode, ConflictKind>;

export type SaveOutcome<A> = { kind: 'saved'; appointment: A } | { kind: ConflictKind; conflict: ConflictInfo };

const isKnownCode = (code: string): code is keyof typeof CONFLICT_KINDS => Object.hasOwn(CONFLICT_KINDS, code);

/**
 * Which dialog a conflict answer opens (spec part 2, 'Appointment save'), by its `code`.
 * A code this app does not know yet is read from the answer's parts: a held appointment
 * asks for confirmation, overlapping appointments are listed, otherwise the block-outs.
 */
export function conflictKind(conflict: ConflictInfo): ConflictKind {
  if (isKnownCode(conflict.code)) return CONFLICT_KINDS[conflict.code];
  if (conflict.confirmAppointmentId) return 'confirm';
  if (conflict.appointments.length > 0) return 'overlap';
  return 'blockOut';
}

/** Whether a 202/409 body is a conflict answer (rather than an error such as a stale hold). */
export function isConflictInfo(body: unknown): body is ConflictInfo {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return typeof b['code'] === 'string' && Array.isArray(b['appointments']) && Array.isArray(b['transparencies']);
}

// ---------------------------------------------------------------------------------------
// 'Overlapping Appointments!': which appointments are in the way.

/** One appointment a booking overlaps, as the 409 lists it (`ConflictingAppointment`). */
export type ConflictingAppointment = ConflictInfo['appointments'][number];

export interface OverlapEntry {
  appointmentId: number;
  /** 'Last, First'. */
  patient: string;
  /** '10:00 AM – 10:30 AM · Follow-Up · Confirmed': times on the practice's clock, type, status. */
  details: string;
}

/** '10:00 AM – 10:30 AM': two instants on the practice's clock. */
export const timeSpan = (start: string, end: string, zone: string) => `${formatIn(start, zone, 'hh:mm a')} – ${formatIn(end, zone, 'hh:mm a')}`;

/** One overlapped appointment as the dialog names it: patient, then time range, type and status. */
export function overlapEntry(c: ConflictingAppointment, zone: string): OverlapEntry {
  return { appointmentId: c.appointmentId, patient: c.patientName, details: [timeSpan(c.start, c.end, zone), c.type, c.status].filter(Boolean).join(' · ') };
}
