import { z } from 'zod';
import { limits } from '@/api/limits';
import type { components } from '@/api/schema';
import { BAD_DATE, INVALID_DATE_TEXT, type FormFields } from '@/components/form/rules';
import { MESSAGES } from '@/lib/messages';
import { requiredError } from '@/lib/validation';
import type { ClinicalEntryInput, ChartedSection } from '../api/charting';
import { FORM_TEXT } from './form-text';
import { withoutHiddenCharacters } from './hidden-characters';
import type { ResourceOf } from './sections';

export { FIELD_LABELS, FORM_TEXT } from './form-text';

type S = components['schemas'];

const required = z.string().refine((v) => requiredError(v) === undefined, MESSAGES.requiredField);
const max = (n: number | undefined) => (n === undefined ? z.string() : z.string().max(n, `At most ${n} characters`));
const requiredMax = (n: number | undefined) => required.pipe(max(n));

/** Whether a yyyy-MM-dd day is after `today` (yyyy-MM-dd). */
export const isFutureDay = (day: string, today: string) => day !== '' && day !== BAD_DATE && day > today;

/**
 * A date of the chart (every one is a day of the patient's life so far, as the server checks):
 * a day the input shows but that does not exist is 'Not a valid date'; after `today` it is
 * the server's 'Cannot be in the future'.
 */
function day(today: string, isRequired = false) {
  return z.string().superRefine((v, ctx) => {
    if (v === BAD_DATE) ctx.addIssue({ code: 'custom', message: INVALID_DATE_TEXT });
    else if (isRequired && v.trim() === '') ctx.addIssue({ code: 'custom', message: MESSAGES.requiredField });
    else if (isFutureDay(v, today)) ctx.addIssue({ code: 'custom', message: FORM_TEXT.notFuture });
  });
}
/** Both days set and real: whether `later` is before `earlier`. */
const before = (later: string, earlier: string) => later !== '' && earlier !== '' && later !== BAD_DATE && earlier !== BAD_DATE && later < earlier;

// ---- Allergies
export type AllergyValues = FormFields<S['AllergyInput'], 'substance' | 'category' | 'severity' | 'reaction' | 'clinicalStatus' | 'verificationStatus' | 'onset' | 'note'>;
const AL = limits.AllergyInput;
export function allergySchema(today: string) {
  return z.object({
    substance: requiredMax(AL.substance.maxLength),
    category: z.string(),
    severity: z.string(),
    reaction: max(AL.reaction.maxLength),
    clinicalStatus: z.string(),
    verificationStatus: z.string(),
    onset: day(today),
    note: max(AL.note.maxLength),
  }) satisfies z.ZodType<AllergyValues>;
}

export function allergyValues(r?: ResourceOf<'allergies'>): AllergyValues {
  return {
    substance: r?.substance ?? '',
    category: r?.category ?? '',
    severity: r?.severity ?? '',
    reaction: r?.reaction ?? '',
    clinicalStatus: r?.clinicalStatus || 'active',
    verificationStatus: r?.verificationStatus || 'confirmed',
    onset: r?.onset ?? '',
    note: r?.note ?? '',
  };
}

// ---- Problem list
export interface ProblemValues extends FormFields<S['ConditionInput'], 'code' | 'clinicalStatus' | 'onset' | 'resolved'> {
  /** The chosen code's description (shown, not sent). */
  description: string;
  /** What the ICD-10-CM combobox shows: the chosen code and description, or what was typed (not sent). */
  search: string;
}
/** The combobox's text for a chosen code. */
export const diagnosisText = (code: string, description: string) => (code ? `${code} ${description}`.trim() : '');

export function problemSchema(today: string) {
  return z
    .object({ code: z.string(), description: z.string(), search: z.string(), clinicalStatus: z.string(), onset: day(today), resolved: day(today) })
    .superRefine((v, ctx) => {
      // Typed but not picked: the text stays and the field says to pick from the list.
      if (v.code === '') ctx.addIssue({ code: 'custom', path: ['code'], message: v.search.trim() === '' ? MESSAGES.requiredField : FORM_TEXT.notInList });
      if (v.clinicalStatus === 'resolved' && v.resolved.trim() === '') ctx.addIssue({ code: 'custom', path: ['resolved'], message: MESSAGES.requiredField });
      if (v.clinicalStatus === 'resolved' && before(v.resolved, v.onset)) ctx.addIssue({ code: 'custom', path: ['resolved'], message: FORM_TEXT.resolvedBeforeOnset });
    }) satisfies z.ZodType<ProblemValues>;
}

export function problemValues(r?: ResourceOf<'problemList'>): ProblemValues {
  const code = r?.code ?? '';
  const description = r?.description ?? '';
  return { code, description, search: diagnosisText(code, description), clinicalStatus: r?.clinicalStatus || 'active', onset: r?.onset ?? '', resolved: r?.resolved ?? '' };
}

// ---- Medications
export type MedicationValues = FormFields<S['MedicationInput'], 'medication' | 'dosage' | 'reason' | 'start' | 'end' | 'status' | 'prescriber'>;
const ME = limits.MedicationInput;
export function medicationSchema(today: string) {
  return z
    .object({
      medication: requiredMax(ME.medication.maxLength),
      dosage: max(ME.dosage.maxLength),
      reason: max(ME.reason.maxLength),
      start: day(today),
      end: day(today),
      status: z.string(),
      prescriber: max(ME.prescriber.maxLength),
    })
    .superRefine((v, ctx) => {
      if (before(v.end, v.start)) ctx.addIssue({ code: 'custom', path: ['end'], message: FORM_TEXT.endBeforeStart });
    }) satisfies z.ZodType<MedicationValues>;
}

export function medicationValues(r?: ResourceOf<'medications'>): MedicationValues {
  return {
    medication: r?.medication ?? '',
    dosage: r?.dosage ?? '',
    reason: r?.reason ?? '',
    start: r?.start ?? '',
    end: r?.end ?? '',
    status: r?.status || 'active',
    prescriber: r?.prescriber ?? '',
  };
}

// ---- Immunizations
export interface ImmunizationValues extends FormFields<S['ImmunizationInput'], 'cvx' | 'occurrence' | 'statusReason' | 'doseNumber' | 'lotNumber' | 'manufacturer' | 'site'> {
  /** 'completed' or 'entered-in-error'; a vaccine not given is `notGiven`. */
  status: string;
  notGiven: boolean;
  /** 'true': given here; 'false': reported by the patient or another provider. */
  primarySource: string;
}
const IM = limits.ImmunizationInput;

export function immunizationSchema(today: string) {
  return z
    .object({
      cvx: required,
      occurrence: day(today, true),
      status: z.string(),
      notGiven: z.boolean(),
      statusReason: max(IM.statusReason.maxLength),
      doseNumber: z.string().refine((v) => v.trim() === '' || (/^\d+$/.test(v.trim()) && Number(v) >= IM.doseNumber.minimum && Number(v) <= IM.doseNumber.maximum), `A number from ${IM.doseNumber.minimum} to ${IM.doseNumber.maximum}`),
      lotNumber: max(IM.lotNumber.maxLength),
      manufacturer: max(IM.manufacturer.maxLength),
      site: max(IM.site.maxLength),
      primarySource: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.notGiven && v.statusReason.trim() === '') ctx.addIssue({ code: 'custom', path: ['statusReason'], message: MESSAGES.requiredField });
    }) satisfies z.ZodType<ImmunizationValues>;
}

export function immunizationValues(r: ResourceOf<'immunizations'> | undefined, today: string): ImmunizationValues {
  return {
    cvx: r?.cvx ?? '',
    occurrence: r?.occurrence ?? today,
    status: r?.status === 'entered-in-error' ? 'entered-in-error' : 'completed',
    notGiven: r?.status === 'not-done',
    statusReason: r?.statusReason ?? '',
    doseNumber: typeof r?.doseNumber === 'number' ? String(r.doseNumber) : '',
    lotNumber: r?.lotNumber ?? '',
    manufacturer: r?.manufacturer ?? '',
    site: r?.site ?? '',
    primarySource: r ? String(r.primarySource) : 'true',
  };
}

// ---- Clinical notes (new only: notes are never changed)
export interface NoteValues extends FormFields<S['ClinicalNoteInput'], 'noteType' | 'text'> {
  sign: boolean;
}
const CN = limits.ClinicalNoteInput;
export const noteSchema = z.object({ noteType: requiredMax(CN.noteType.maxLength), text: requiredMax(CN.text.maxLength), sign: z.boolean() }) satisfies z.ZodType<NoteValues>;
export const noteValues = (amended?: ResourceOf<'clinicalNotes'>): NoteValues => ({ noteType: amended?.noteType ?? '', text: amended?.text ?? '', sign: false });
/** The note types the form offers (the server takes any text: an amended note keeps its own). */
export const NOTE_TYPES = ['Progress note', 'Phone call', 'Procedure note', 'Consult'] as const;

// ---- Patient notes
export type PatientNoteValues = FormFields<S['PatientNoteInput'], 'title' | 'text'>;
const PN = limits.PatientNoteInput;
export const patientNoteSchema = z.object({ title: requiredMax(PN.title.maxLength), text: requiredMax(PN.text.maxLength) }) satisfies z.ZodType<PatientNoteValues>;
export const patientNoteValues = (r?: ResourceOf<'patientNotes'>): PatientNoteValues => ({ title: r?.title ?? '', text: r?.text ?? '' });

// ---- Smoking status
export type SmokingValues = { code: string; effective: string };
export function smokingSchema(today: string) {
  return z.object({ code: required, effective: day(today, true) }) satisfies z.ZodType<SmokingValues>;
}
export const smokingValues = (r: ResourceOf<'smokingStatus'> | undefined, today: string): SmokingValues => ({ code: r?.code ?? '', effective: r?.effective ?? today });

/** The values of each section's form. */
export interface ValuesOf {
  allergies: AllergyValues;
  problemList: ProblemValues;
  medications: MedicationValues;
  immunizations: ImmunizationValues;
  clinicalNotes: NoteValues;
  patientNotes: PatientNoteValues;
  smokingStatus: SmokingValues;
}

/** The texts that may break lines (the server's `Lines::Many`); the others are one line. */
const MULTI_LINE = new Set(['note', 'dosage', 'text']);

/** Each text without the hidden characters the server refuses, then trimmed. */
const trimmed = <T extends object>(values: T): T =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? withoutHiddenCharacters(v, MULTI_LINE.has(k)).trim() : v])) as T;
/** A long text: hidden characters out, its line breaks and spacing kept. */
const longText = (text: string) => withoutHiddenCharacters(text, true);

type AllergyCategory = S['AllergyInput']['category'];

/** The API's input from a form's values (text trimmed; the shown-only fields left out). */
export function toEntryInput<K extends ChartedSection>(section: K, values: ValuesOf[K], extra: { amends?: number | null } = {}): ClinicalEntryInput {
  switch (section) {
    case 'allergies': {
      const v = trimmed(values as AllergyValues);
      return {
        section,
        ...v,
        category: v.category as AllergyCategory,
        severity: v.severity as S['AllergyInput']['severity'],
        clinicalStatus: v.clinicalStatus as S['AllergyInput']['clinicalStatus'],
        verificationStatus: v.verificationStatus as S['AllergyInput']['verificationStatus'],
      };
    }
    case 'problemList': {
      const v = trimmed(values as ProblemValues);
      return { section, code: v.code, clinicalStatus: v.clinicalStatus as S['ConditionInput']['clinicalStatus'], onset: v.onset, resolved: v.clinicalStatus === 'resolved' ? v.resolved : '' };
    }
    case 'medications': {
      const v = trimmed(values as MedicationValues);
      return { section, ...v, status: v.status as S['MedicationInput']['status'] };
    }
    case 'immunizations': {
      const v = trimmed(values as ImmunizationValues);
      return {
        section,
        cvx: v.cvx,
        occurrence: v.occurrence,
        status: (v.notGiven ? 'not-done' : v.status) as S['ImmunizationInput']['status'],
        statusReason: v.notGiven ? v.statusReason : '',
        doseNumber: v.doseNumber === '' ? null : Number(v.doseNumber),
        lotNumber: v.lotNumber,
        manufacturer: v.manufacturer,
        site: v.site,
        primarySource: v.primarySource !== 'false',
      };
    }
    case 'clinicalNotes': {
      const v = values as NoteValues;
      return { section, noteType: withoutHiddenCharacters(v.noteType).trim(), text: longText(v.text), sign: v.sign, amends: extra.amends ?? null };
    }
    case 'patientNotes': {
      const v = values as PatientNoteValues;
      return { section, title: withoutHiddenCharacters(v.title).trim(), text: longText(v.text) };
    }
    case 'smokingStatus': {
      const v = values as SmokingValues;
      return { section, code: v.code as S['SmokingStatusInput']['code'], effective: v.effective };
    }
  }
  throw new Error(`not a charted section: ${String(section)}`);
}

/** A server field name on the form: `notGiven` carries the status's message (its checkbox is the status). */
export function formFieldOf(section: ChartedSection, name: string, fields: readonly string[]): string | null {
  if (section === 'immunizations' && name === 'status') return 'notGiven';
  return fields.includes(name) ? name : null;
}
