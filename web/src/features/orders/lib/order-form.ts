import { z } from 'zod';
import type { Order, OrderInput } from '@/api/orders/keys';
import type { Patient } from '@/api/patients/keys';
import { MESSAGES } from '@/lib/messages';
import { schemaErrors, splitFieldErrors, type FormFields, type ServerErrors } from '@/components/form/rules';
import { requiredError } from '@/lib/validation';
import { isLongDescriptionLocked } from './order-rules';
import { DEFAULT_ORDER_STATUS, DEFAULT_ORDER_TYPE, NONE_INCIDENT } from './constants';

/**
 * The order form's values (spec part 1, 'Order form fields'). Names are the API's, so a
 * server field error lands on the field of the same name. Selects hold strings: '' or
 * '0' is none.
 */
export interface OrderFormValues
  extends FormFields<OrderInput, 'typeId' | 'shortDescription' | 'longDescription' | 'providerId' | 'orderStatusId' | 'officeId' | 'incidentId' | 'assignedToUserId' | 'due' | 'orderNote'> {
  urgent: boolean;
}

export type OrderFormMode = 'create' | 'edit';
export type OrderFieldName = keyof OrderFormValues;

export const ORDER_FIELDS: readonly OrderFieldName[] = [
  'typeId',
  'shortDescription',
  'longDescription',
  'providerId',
  'orderStatusId',
  'officeId',
  'incidentId',
  'assignedToUserId',
  'due',
  'urgent',
  'orderNote',
];

export function isOrderField(name: string): name is OrderFieldName {
  return (ORDER_FIELDS as readonly string[]).includes(name);
}

const idText = (id: number | null | undefined) => (typeof id === 'number' && id > 0 ? String(id) : '');
const realUserText = (id: number | null | undefined) => (typeof id === 'number' && id > 1 ? String(id) : '');

/** What a new order takes from its patient: provider and office (spec part 1, section 4). */
export interface PatientDefaults {
  providerId: string;
  officeId: string;
}

/** The patient's provider (else the account's) and office; none for a blank order. */
export function patientDefaults(patient: Pick<Patient, 'patientProvider' | 'accountProvider' | 'patientOffice'> | null | undefined): PatientDefaults {
  if (!patient) return { providerId: '', officeId: '' };
  return {
    providerId: realUserText(patient.patientProvider?.userId) || realUserText(patient.accountProvider?.userId),
    officeId: idText(patient.patientOffice?.id),
  };
}

/**
 * A new order: type 100, status 1, the logged-in user as assignee when their id is above 1,
 * provider and office from the patient, the patient's current incident (else None).
 */
export function newOrderValues({
  userId,
  patient,
  currentIncidentId,
}: {
  userId: number | null | undefined;
  patient?: PatientDefaults;
  currentIncidentId?: number | null;
}): OrderFormValues {
  return {
    typeId: String(DEFAULT_ORDER_TYPE),
    shortDescription: '',
    longDescription: '',
    providerId: patient?.providerId ?? '',
    orderStatusId: String(DEFAULT_ORDER_STATUS),
    officeId: patient?.officeId ?? '',
    incidentId: idText(currentIncidentId) || String(NONE_INCIDENT),
    assignedToUserId: realUserText(userId),
    due: '',
    urgent: false,
    orderNote: '',
  };
}

/** An existing order in the form; the note field starts empty (a note is appended). */
export function editOrderValues(order: Order): OrderFormValues {
  return {
    typeId: String(order.typeId),
    shortDescription: order.shortDescription,
    longDescription: order.longDescription,
    providerId: realUserText(order.providerId),
    orderStatusId: String(order.orderStatusId || DEFAULT_ORDER_STATUS),
    officeId: idText(order.officeId),
    incidentId: idText(order.incidentId) || String(NONE_INCIDENT),
    assignedToUserId: realUserText(order.assignedToUserId),
    due: order.due ?? '',
    urgent: order.urgent,
    orderNote: '',
  };
}

export type OrderFormErrors = Partial<Record<OrderFieldName, string>>;

const required = z.string().refine((v) => requiredError(v) === undefined, MESSAGES.requiredField);

/**
 * Checked on submit (spec part 1, section 5): Type, the short description and Assigned To
 * are required. The values are kept as typed (the payload trims them).
 */
export const orderFormSchema = z.object({
  typeId: required,
  shortDescription: required,
  longDescription: z.string(),
  providerId: z.string(),
  orderStatusId: z.string(),
  officeId: z.string(),
  incidentId: z.string(),
  assignedToUserId: required,
  due: z.string(),
  urgent: z.boolean(),
  orderNote: z.string(),
}) satisfies z.ZodType<OrderFormValues>;

export function validateOrderForm(values: OrderFormValues): OrderFormErrors {
  return schemaErrors(orderFormSchema, values) as OrderFormErrors;
}

const idOrNone = (text: string): number => {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/**
 * The payload. Creating: incident 0 is sent as absent (spec part 1, section 4), empty
 * texts as absent. Editing: every field is sent (null keeps a value on the server), 0
 * clears a provider, office or incident, '' clears the due date, and a type 50 order's
 * long description is not sent (it cannot change).
 */
export function toOrderInput(
  values: OrderFormValues,
  mode: OrderFormMode,
  { patientId, storedTypeId, version = null }: { patientId: number | null; storedTypeId?: number | null; version?: number | null },
): OrderInput {
  const text = (v: string) => v.trim();
  const note = text(values.orderNote);
  const incident = idOrNone(values.incidentId);
  if (mode === 'create') {
    return {
      version: null,
      patientId: patientId && patientId > 0 ? patientId : null,
      typeId: idOrNone(values.typeId) || null,
      shortDescription: text(values.shortDescription),
      longDescription: text(values.longDescription),
      providerId: idOrNone(values.providerId) || null,
      orderStatusId: idOrNone(values.orderStatusId) || DEFAULT_ORDER_STATUS,
      officeId: idOrNone(values.officeId) || null,
      incidentId: incident || null,
      assignedToUserId: idOrNone(values.assignedToUserId) || null,
      due: text(values.due) || null,
      urgent: values.urgent,
      orderNote: note || null,
    };
  }
  return {
    // The version of the order the form was opened with (a stale one is refused: 409).
    version,
    patientId: null,
    typeId: idOrNone(values.typeId) || null,
    shortDescription: text(values.shortDescription),
    longDescription: isLongDescriptionLocked(mode, storedTypeId) ? null : text(values.longDescription),
    providerId: idOrNone(values.providerId),
    orderStatusId: idOrNone(values.orderStatusId) || null,
    officeId: idOrNone(values.officeId),
    incidentId: incident,
    assignedToUserId: idOrNone(values.assignedToUserId) || null,
    due: text(values.due),
    urgent: values.urgent,
    orderNote: note || null,
  };
}

/** Server field errors split into those the form shows on a field and the rest (the banner). */
export function splitOrderErrors(fields: Record<string, string>): ServerErrors<OrderFieldName> {
  return splitFieldErrors(fields, (name) => (isOrderField(name) ? name : null), (name, message) => (name === 'patientId' ? `Patient: ${message}` : message));
}

/** The label of each field of the form (the edit-conflict alert names the fields changed). */
export const ORDER_FIELD_LABELS: Readonly<Record<OrderFieldName, string>> = {
  typeId: 'Type',
  shortDescription: 'Short Description',
  longDescription: 'Long Description',
  providerId: 'Provider',
  orderStatusId: 'Status',
  officeId: 'Office',
  incidentId: 'Incident',
  assignedToUserId: 'Assigned To',
  due: 'Due',
  urgent: 'Urgent Order',
  orderNote: 'Order Notes',
};

/** The id of a field's input ('order-typeId'). */
export const orderFieldId = (name: OrderFieldName) => `order-${name}`;
