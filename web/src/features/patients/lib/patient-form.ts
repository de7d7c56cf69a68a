import { z } from 'zod';
import type { components } from '@/api/schema';
import { schemaErrors, splitFieldErrors, type FormFields, type ServerErrors } from '@/components/form/rules';
import { PATIENT_MAX_LENGTHS } from '@/lib/field-limits';
import { cannotBeLongerThan, MESSAGES } from '@/lib/messages';
import { formatPhoneInput } from '@/lib/phone';
import { emailError, phoneError, phoneTypeError } from '@/lib/validation';

type Patient = components['schemas']['Patient'];
type PatientDefaults = components['schemas']['PatientDefaults'];
type PhoneEntry = components['schemas']['PhoneEntry'];
export type PatientInput = components['schemas']['PatientInput'];
type PatientSex = NonNullable<PatientInput['sex']>;
type PhoneType = NonNullable<components['schemas']['PhoneEntry']['type']>;

/** A phone row of the form: the number as typed (3-3-4) and its type ('' for none, '0'-'3'). */
export type PhoneValues = FormFields<PhoneEntry, 'number' | 'type'>;

/**
 * The patient form's values. Field names are the API's, so a server field error
 * (`fields.lastName`, `fields['phone1.number']`, `fields.accountProviderId`) lands on
 * the field of the same name. Selects hold strings: '' is none.
 */
export interface PatientFormValues
  extends FormFields<
    PatientInput,
    | 'prefix'
    | 'firstName'
    | 'middle'
    | 'lastName'
    | 'suffix'
    | 'maidenName'
    | 'nickname'
    | 'birthdate'
    | 'sex'
    | 'maritalStatus'
    | 'employment'
    | 'preferredLanguageId'
    | 'relationshipToPrimary'
    | 'relationshipToSecondary'
    | 'streetAddress'
    | 'suite'
    | 'city'
    | 'state'
    | 'zipCode'
    | 'country'
    | 'email'
    | 'accountProviderId'
    | 'patientProviderId'
    | 'officeId'
    | 'feeScheduleId'
  > {
  phone1: PhoneValues;
  phone2: PhoneValues;
  phone3: PhoneValues;
}

export type PatientFormMode = 'create' | 'edit';

export const TEXT_FIELDS = [
  'prefix',
  'firstName',
  'middle',
  'lastName',
  'suffix',
  'maidenName',
  'nickname',
  'streetAddress',
  'suite',
  'city',
  'state',
  'zipCode',
  'country',
  'email',
] as const satisfies ReadonlyArray<keyof PatientFormValues>;

export const PHONE_FIELDS = ['phone1', 'phone2', 'phone3'] as const;

const SELECT_FIELDS = [
  'maritalStatus',
  'employment',
  'preferredLanguageId',
  'relationshipToPrimary',
  'relationshipToSecondary',
  'accountProviderId',
  'patientProviderId',
  'officeId',
  'feeScheduleId',
] as const;

const idText = (id: number | null | undefined) => (typeof id === 'number' && id > 0 ? String(id) : '');
const phoneValues = (p: { number?: string; type?: number | null } | null | undefined): PhoneValues => ({
  number: formatPhoneInput(p?.number ?? ''),
  type: typeof p?.type === 'number' ? String(p.type) : '',
});

export const EMPTY_FORM: PatientFormValues = {
  prefix: '',
  firstName: '',
  middle: '',
  lastName: '',
  suffix: '',
  maidenName: '',
  nickname: '',
  birthdate: '',
  sex: '2',
  maritalStatus: '',
  employment: '',
  preferredLanguageId: '',
  relationshipToPrimary: '',
  relationshipToSecondary: '',
  streetAddress: '',
  suite: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
  phone1: { number: '', type: '' },
  phone2: { number: '', type: '' },
  phone3: { number: '', type: '' },
  email: '',
  accountProviderId: '',
  patientProviderId: '',
  officeId: '',
  feeScheduleId: '',
};

/** A new patient's form from GET /api/patients/default (spec part 1, section 3 'Patient defaults'). */
export function formFromDefaults(d: PatientDefaults | undefined): PatientFormValues {
  if (!d) return { ...EMPTY_FORM };
  const values: PatientFormValues = {
    ...EMPTY_FORM,
    sex: String(d.sex ?? 2),
    maritalStatus: idText(d.maritalStatus),
    employment: idText(d.employment),
    preferredLanguageId: idText(d.languageId),
    relationshipToPrimary: idText(d.relationshipToPrimary),
    relationshipToSecondary: idText(d.relationshipToSecondary),
    country: d.country ?? '',
    phone1: phoneValues(d.phone1),
    phone2: phoneValues(d.phone2),
    phone3: phoneValues(d.phone3),
    accountProviderId: idText(d.accountProviderId),
    patientProviderId: idText(d.providerId),
    officeId: idText(d.officeId),
    feeScheduleId: idText(d.feeScheduleId),
  };
  // A new member of an account lives with its holder, as a rule: their address and home phone.
  const account = d.account;
  if (!account) return values;
  return {
    ...values,
    streetAddress: account.streetAddress,
    suite: account.suite,
    city: account.city,
    state: account.state,
    zipCode: account.zipCode,
    country: account.country || values.country,
    phone1: account.homePhone ? phoneValues(account.homePhone) : values.phone1,
  };
}

/** The edit form of a stored patient. */
export function formFromPatient(p: Patient): PatientFormValues {
  return {
    prefix: p.prefix,
    firstName: p.firstName,
    middle: p.middle,
    lastName: p.lastName,
    suffix: p.suffix,
    maidenName: p.maidenName,
    nickname: p.nickname,
    birthdate: p.birthdate ?? '',
    sex: String(p.sex),
    maritalStatus: idText(p.maritalStatus),
    employment: idText(p.employment),
    preferredLanguageId: idText(p.preferredLanguageId),
    relationshipToPrimary: idText(p.relationshipToPrimary),
    relationshipToSecondary: idText(p.relationshipToSecondary),
    streetAddress: p.streetAddress,
    suite: p.suite,
    city: p.city,
    state: p.state,
    zipCode: p.zipCode,
    country: p.country,
    phone1: phoneValues(p.phone1),
    phone2: phoneValues(p.phone2),
    phone3: phoneValues(p.phone3),
    email: p.email,
    accountProviderId: idText(p.accountProvider?.userId),
    patientProviderId: idText(p.patientProvider?.userId),
    officeId: idText(p.patientOffice?.id),
    feeScheduleId: idText(p.feeSchedule?.id),
  };
}

/** Values are trimmed before checking and before saving (spec part 1, section 5). */
export function trimValues(v: PatientFormValues): PatientFormValues {
  const out = { ...v };
  for (const name of TEXT_FIELDS) out[name] = v[name].trim();
  out.birthdate = v.birthdate.trim();
  for (const name of PHONE_FIELDS) out[name] = { number: v[name].number.trim(), type: v[name].type };
  return out;
}

export type FormErrors = Partial<Record<string, string>>;

/** A text of at most `max` characters, trimmed. */
const bounded = (max: number) => z.string().trim().max(max, cannotBeLongerThan(max));
const required = (max: number) => bounded(max).min(1, MESSAGES.requiredField);

const emailSchema = bounded(PATIENT_MAX_LENGTHS.email).refine((v) => emailError(v) === undefined, MESSAGES.invalidEmail);
const phoneNumberSchema = bounded(PATIENT_MAX_LENGTHS.phone).refine((v) => phoneError(v) === undefined, MESSAGES.phoneDigits);

/** A phone: 10 digits when entered, and then a type. */
const phoneSchema = z
  .object({ number: phoneNumberSchema, type: z.string() })
  .superRefine((phone, ctx) => {
    const message = phoneTypeError(phone.number, phone.type === '' ? null : Number(phone.type));
    if (message) ctx.addIssue({ code: 'custom', path: ['type'], message });
  }) satisfies z.ZodType<PhoneValues>;

/**
 * Every rule of the patient form (spec part 1, section 5), on trimmed values: required
 * last and first name (and account provider for a new account), maximum lengths, email
 * shape, 10-digit phones and a type for each phone entered. Its output is the values
 * trimmed (what is saved).
 */
export function patientFormSchema(mode: PatientFormMode) {
  const select = z.string();
  return z.object({
    prefix: bounded(PATIENT_MAX_LENGTHS.prefix),
    firstName: required(PATIENT_MAX_LENGTHS.firstName),
    middle: bounded(PATIENT_MAX_LENGTHS.middle),
    lastName: required(PATIENT_MAX_LENGTHS.lastName),
    suffix: bounded(PATIENT_MAX_LENGTHS.suffix),
    maidenName: bounded(PATIENT_MAX_LENGTHS.maidenName),
    nickname: bounded(PATIENT_MAX_LENGTHS.nickname),
    birthdate: z.string().trim(),
    sex: select,
    maritalStatus: select,
    employment: select,
    preferredLanguageId: select,
    relationshipToPrimary: select,
    relationshipToSecondary: select,
    streetAddress: bounded(PATIENT_MAX_LENGTHS.streetAddress),
    suite: bounded(PATIENT_MAX_LENGTHS.suite),
    city: bounded(PATIENT_MAX_LENGTHS.city),
    state: bounded(PATIENT_MAX_LENGTHS.state),
    zipCode: bounded(PATIENT_MAX_LENGTHS.zipCode),
    country: bounded(PATIENT_MAX_LENGTHS.country),
    phone1: phoneSchema,
    phone2: phoneSchema,
    phone3: phoneSchema,
    email: emailSchema,
    accountProviderId: mode === 'create' ? select.refine((v) => v !== '' && v !== '0', MESSAGES.requiredField) : select,
    patientProviderId: select,
    officeId: select,
    feeScheduleId: select,
  }) satisfies z.ZodType<PatientFormValues>;
}

/** The rules of one field, as checked on blur (email, phone numbers) and on submit. */
export function emailRule(value: string): string | undefined {
  return schemaErrors(emailSchema, value)[''];
}

export function phoneNumberRule(value: string): string | undefined {
  return schemaErrors(phoneNumberSchema, value)[''];
}

/** Every rule of the patient form, as errors keyed by field path ('phone2.type'). */
export function validatePatientForm(values: PatientFormValues, mode: PatientFormMode): FormErrors {
  return schemaErrors(patientFormSchema(mode), values);
}

const choice = (value: string) => (value === '' ? 0 : Number(value));

/** A phone of the form as sent: its trimmed number and its type (null for none). */
const phoneEntry = (p: PhoneValues): PhoneEntry => ({ number: p.number, type: p.type === '' ? null : (Number(p.type) as PhoneType) });

/** The explicit clear of a phone the user emptied: no number and no type. */
export const CLEARED_PHONE: PhoneEntry = { number: '', type: null };

/**
 * One phone as sent (values trimmed). The spec drops empty phone entries before saving, so
 * a phone without a number is not sent (null), whatever type its select still shows (a new
 * account's empty phones start with the default types). On a change the server reads a
 * phone sent as null as "keep the stored one", so a phone the user emptied, which had a
 * number when the form was opened (`opened`; unknown: assume it had), is cleared explicitly
 * with `CLEARED_PHONE`, which carries no type.
 */
export function phoneInput(phone: PhoneValues, mode: PatientFormMode, opened?: PhoneValues): PhoneEntry | null {
  if (phone.number !== '') return phoneEntry(phone);
  if (mode === 'create') return null;
  return opened === undefined || opened.number.trim() !== '' ? { ...CLEARED_PHONE } : null;
}

/**
 * What the form sends: trimmed texts ('' clears on a change), selects as ids (0 is none
 * and clears), the phones with a number (empty entries are dropped, see `phoneInput`; the
 * server moves the remaining ones up). The SSN is never sent: the form does not show it,
 * so a change keeps the stored one. Provider, office and fee schedule only for a new account
 * (an existing patient's are changed on 'Provider Office & Fee Schedule'). `opened`: the
 * values the edit form was opened with (which phones had a number).
 */
export function toPatientInput(
  values: PatientFormValues,
  mode: PatientFormMode,
  version: number | null = null,
  opened?: PatientFormValues,
  accountId: number | null = null,
): PatientInput {
  const v = trimValues(values);
  const input: PatientInput = {
    // A change names the version of the record it was made on (a stale one is refused: 409); a new patient has none.
    version: mode === 'edit' ? version : null,
    // Left null: kept as stored (the SSN), or decided by the caller (allowDuplicate).
    governmentIdentifier: null,
    allowDuplicate: null,
    // A new member of this account (Create Patient from a patient's home); null: a new account.
    accountId: mode === 'create' ? accountId : null,
    accountProviderId: null,
    patientProviderId: null,
    officeId: null,
    feeScheduleId: null,
    maritalStatus: null,
    employment: null,
    preferredLanguageId: null,
    relationshipToPrimary: null,
    relationshipToSecondary: null,
    prefix: v.prefix,
    firstName: v.firstName,
    middle: v.middle,
    lastName: v.lastName,
    suffix: v.suffix,
    maidenName: v.maidenName,
    nickname: v.nickname,
    birthdate: v.birthdate,
    // The selects offer only the document's choices (its enums), so the numbers are theirs.
    sex: (v.sex === '' ? 2 : Number(v.sex)) as PatientSex,
    streetAddress: v.streetAddress,
    suite: v.suite,
    city: v.city,
    state: v.state,
    zipCode: v.zipCode,
    country: v.country,
    email: v.email,
    phone1: phoneInput(v.phone1, mode, opened?.phone1),
    phone2: phoneInput(v.phone2, mode, opened?.phone2),
    phone3: phoneInput(v.phone3, mode, opened?.phone3),
  };
  for (const name of SELECT_FIELDS) {
    if (mode === 'edit' && (name === 'accountProviderId' || name === 'patientProviderId' || name === 'officeId' || name === 'feeScheduleId')) continue; // null: kept
    input[name] = choice(v[name]);
  }
  return input;
}

/** Server field errors split into those shown on a form field and the rest (shown in the banner). */
export function splitServerErrors(fields: Record<string, string>, known: (name: string) => boolean): ServerErrors<string> {
  return splitFieldErrors(fields, (name) => (known(name) ? name : null));
}

/** Every path the form has a field for. */
export function isFormField(name: string, mode: PatientFormMode): boolean {
  if ((TEXT_FIELDS as readonly string[]).includes(name)) return true;
  if (['birthdate', 'sex', 'maritalStatus', 'employment', 'preferredLanguageId', 'relationshipToPrimary', 'relationshipToSecondary'].includes(name)) return true;
  if (/^phone[123]\.(number|type)$/.test(name)) return true;
  return mode === 'create' && ['accountProviderId', 'patientProviderId', 'officeId', 'feeScheduleId'].includes(name);
}

/** The label of each field of the form, by path (the edit-conflict alert names the fields changed). */
export const PATIENT_FIELD_LABELS: Readonly<Record<string, string>> = {
  prefix: 'Prefix',
  firstName: 'First Name',
  middle: 'Middle Name',
  lastName: 'Last Name',
  suffix: 'Suffix',
  maidenName: 'Maiden Name',
  nickname: 'Nickname',
  birthdate: 'Birth Date',
  sex: 'Sex',
  maritalStatus: 'Marital Status',
  employment: 'Employment',
  preferredLanguageId: 'Preferred Language',
  relationshipToPrimary: 'Relationship to Primary',
  relationshipToSecondary: 'Relationship to Secondary',
  streetAddress: 'Street Address',
  suite: 'Suite',
  city: 'City',
  state: 'State',
  zipCode: 'Zip Code',
  country: 'Country',
  'phone1.number': 'Phone 1',
  'phone1.type': 'Phone 1 Type',
  'phone2.number': 'Phone 2',
  'phone2.type': 'Phone 2 Type',
  'phone3.number': 'Phone 3',
  'phone3.type': 'Phone 3 Type',
  email: 'Email',
  accountProviderId: 'Account Provider',
  patientProviderId: 'Patient Provider',
  officeId: 'Office',
  feeScheduleId: 'Fee Schedule',
};

/** The paths of the fields the form shows (an edit shows neither provider, office nor fee schedule). */
export function patientFormPaths(mode: PatientFormMode): string[] {
  return Object.keys(PATIENT_FIELD_LABELS).filter((path) => isFormField(path, mode));
}

/** The id of a field's input ('patient-phone1-number'). */
export const patientFieldId = (path: string) => `patient-${path.replace('.', '-')}`;
