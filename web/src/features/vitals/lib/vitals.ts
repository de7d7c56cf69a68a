import { differenceInYears, format, isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import type { components } from '@/api/schema';
import { schemaErrors, type FormFields } from '@/components/form/rules';
import { VITALS_MAX } from '@/lib/field-limits';
import { cannotBeGreaterThan, MESSAGES } from '@/lib/messages';
import { GRAMS_PER_POUND, HEAD_CIRCUMFERENCE_MAX_AGE, MM_PER_CM, MM_PER_FOOT, MM_PER_INCH } from './constants';

export type VitalsInput = components['schemas']['VitalsInput'];
export type Vitals = components['schemas']['Vitals'];

/**
 * The 'Create Vitals' form's values, as typed (spec part 1, section 3 'Vitals'): the date
 * and time measured, height in feet and inches, weight in pounds, temperature in °F,
 * SpO2 in %, head circumference in cm. Names are the API's where one exists.
 */
export interface VitalsFormValues
  extends FormFields<VitalsInput, 'date' | 'feet' | 'inches' | 'weight' | 'systolic' | 'diastolic' | 'heartRate' | 'temperature' | 'sp02' | 'respiratoryRate' | 'headCircumference'> {
  time: string;
}

export type VitalsFieldName = keyof VitalsFormValues;

/** The measurement fields (everything but the date and time), in the form's order. */
export const MEASUREMENTS = [
  'feet',
  'inches',
  'weight',
  'systolic',
  'diastolic',
  'heartRate',
  'temperature',
  'sp02',
  'respiratoryRate',
  'headCircumference',
] as const satisfies readonly VitalsFieldName[];

/** Decimals each field takes (0: whole numbers). */
export const DECIMALS: Record<(typeof MEASUREMENTS)[number], number> = {
  feet: 0,
  inches: 1,
  weight: 2,
  systolic: 0,
  diastolic: 0,
  heartRate: 0,
  temperature: 1,
  sp02: 1,
  respiratoryRate: 0,
  headCircumference: 1,
};

/** Keeps what a number field may hold as it is typed: digits, and one point with up to `decimals` digits after it. */
export function numericInput(text: string, decimals: number): string {
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  if (decimals === 0 || rest.length === 0) return whole;
  return `${whole}.${rest.join('').slice(0, decimals)}`;
}

/** A new measurement: now, in the device's time zone. */
export function newVitalsValues(now: Date): VitalsFormValues {
  return {
    date: format(now, 'yyyy-MM-dd'),
    time: format(now, 'HH:mm'),
    feet: '',
    inches: '',
    weight: '',
    systolic: '',
    diastolic: '',
    heartRate: '',
    temperature: '',
    sp02: '',
    respiratoryRate: '',
    headCircumference: '',
  };
}

/** Head circumference is offered when the birth date is unknown or the patient is 3 or younger. */
export function headCircumferenceOffered(birthdate: string | null | undefined, today: Date): boolean {
  if (!birthdate) return true;
  const born = parseISO(birthdate);
  if (!isValid(born)) return true;
  return differenceInYears(today, born) <= HEAD_CIRCUMFERENCE_MAX_AGE;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** Feet and inches as millimetres: 304.8 per foot, 25.4 per inch (to a tenth of a millimetre). */
export function feetInchesToMm(feet: number, inches: number): number {
  return round(feet * MM_PER_FOOT + inches * MM_PER_INCH, 1);
}

/** Pounds as grams: the floor of 453.592 per pound (spec part 1, section 5). */
export function poundsToGrams(pounds: number): number {
  // Rounded to a millionth first, so 125 lb (56699.0 exactly) is not floored from 56698.99999.
  return Math.floor(round(pounds * GRAMS_PER_POUND, 6));
}

/** Centimetres as millimetres (times 10). */
export function cmToMm(cm: number): number {
  return round(cm * MM_PER_CM, 1);
}

/** An instant as the API takes it: ISO 8601 UTC without fractions of a second. */
export function isoUtcWithoutFractions(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The date and time typed (device time zone) as a Date; null when either is missing or unreadable. */
export function measuredAt(date: string, time: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const value = new Date(`${date}T${time}:00`);
  return isValid(value) ? value : null;
}

const numberOf = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
};

export type VitalsErrors = Partial<Record<VitalsFieldName, string>>;

export interface VitalsCheck {
  errors: VitalsErrors;
  /** Nothing but the date and time: the 'Empty Vitals' error. */
  empty: boolean;
}

/** Allowed clock drift before a measurement counts as in the future (the server's margin). */
const FUTURE_MARGIN_MS = 5 * 60_000;

/** A measurement field: empty (not measured), or a number from 0 up to its maximum ('Cannot be greater than "{max}"'). */
function measurement(name: (typeof MEASUREMENTS)[number]) {
  const max = (VITALS_MAX as Record<string, number>)[name];
  return z.string().superRefine((text, ctx) => {
    const value = numberOf(text);
    if (value === null) return;
    if (Number.isNaN(value) || value < 0) ctx.addIssue({ code: 'custom', message: 'Enter a number' });
    else if (max !== undefined && value > max) ctx.addIssue({ code: 'custom', message: cannotBeGreaterThan(max) });
  });
}

const requiredText = z.string().refine((v) => v.trim() !== '', MESSAGES.requiredField);

/**
 * Every rule but 'Empty Vitals', on submit (spec part 1, section 5 'Vitals'): the maximums;
 * the date and time measured are required and not in the future (`now` is asked at each check).
 * Head circumference is only checked when the form offers it.
 */
export function vitalsSchema({ headCircumference, now }: { headCircumference: boolean; now: () => Date }) {
  return z
    .object({
      date: requiredText,
      time: requiredText,
      feet: measurement('feet'),
      inches: measurement('inches'),
      weight: measurement('weight'),
      systolic: measurement('systolic'),
      diastolic: measurement('diastolic'),
      heartRate: measurement('heartRate'),
      temperature: measurement('temperature'),
      sp02: measurement('sp02'),
      respiratoryRate: measurement('respiratoryRate'),
      headCircumference: headCircumference ? measurement('headCircumference') : z.string(),
    })
    .superRefine((v, ctx) => {
      if (!v.date.trim() || !v.time.trim()) return;
      const when = measuredAt(v.date, v.time);
      if (!when) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Enter a date and time' });
      else if (when.getTime() > now().getTime() + FUTURE_MARGIN_MS) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Cannot be in the future' });
    }) satisfies z.ZodType<VitalsFormValues>;
}

/** Nothing but the date and time: the 'Empty Vitals' error (nothing is sent). */
export function vitalsEmpty(values: VitalsFormValues, headCircumference: boolean): boolean {
  return MEASUREMENTS.filter((name) => name !== 'headCircumference' || headCircumference).every((name) => values[name].trim() === '');
}

/** Every rule, on submit: the schema's errors, by field, and whether nothing was measured. */
export function checkVitals(values: VitalsFormValues, { headCircumference, now }: { headCircumference: boolean; now: Date }): VitalsCheck {
  return { errors: schemaErrors(vitalsSchema({ headCircumference, now: () => now }), values) as VitalsErrors, empty: vitalsEmpty(values, headCircumference) };
}

/**
 * The payload in stored units (spec part 1, section 5): height in millimetres from feet
 * and inches, weight in grams (floor), head circumference in millimetres, the date as
 * ISO UTC without fractions. Fields left empty are sent as null (not measured).
 */
export function toVitalsInput(values: VitalsFormValues, { headCircumference }: { headCircumference: boolean }): VitalsInput {
  const n = (name: VitalsFieldName) => {
    const value = numberOf(values[name]);
    return value === null || Number.isNaN(value) ? null : value;
  };
  const feet = n('feet');
  const inches = n('inches');
  const weight = n('weight');
  const head = headCircumference ? n('headCircumference') : null;
  const when = measuredAt(values.date, values.time);
  return {
    date: when ? isoUtcWithoutFractions(when) : null,
    height: feet === null && inches === null ? null : feetInchesToMm(feet ?? 0, inches ?? 0),
    weight: weight === null ? null : poundsToGrams(weight),
    systolic: n('systolic'),
    diastolic: n('diastolic'),
    heartRate: n('heartRate'),
    temperature: n('temperature'),
    sp02: n('sp02'),
    respiratoryRate: n('respiratoryRate'),
    headCircumference: head === null ? null : cmToMm(head),
    feet: null,
    inches: null,
  };
}

/** The server names `height`; the form shows it on Feet. */
export function formFieldOf(serverField: string): VitalsFieldName | null {
  if (serverField === 'height') return 'feet';
  return (MEASUREMENTS as readonly string[]).includes(serverField) || serverField === 'date' ? (serverField as VitalsFieldName) : null;
}

// Back to the form's units, for showing a measurement.

const trimNumber = (value: number, decimals: number) => String(round(value, decimals));

/** Millimetres as feet and inches (inches to a tenth): 1778 mm is 5 ft 10 in. */
export function mmToFeetInches(mm: number): { feet: number; inches: number } {
  const totalInches = mm / MM_PER_INCH;
  let feet = Math.floor(totalInches / 12);
  let inches = round(totalInches - feet * 12, 1);
  if (inches >= 12) {
    feet += 1;
    inches = round(inches - 12, 1);
  }
  return { feet, inches };
}

export function gramsToPounds(grams: number): number {
  return round(grams / GRAMS_PER_POUND, 2);
}

/** A measurement as shown, in the form's units; '' when not measured. */
export function vitalsDisplay(v: Vitals): Record<'height' | 'weight' | 'bloodPressure' | 'heartRate' | 'temperature' | 'sp02' | 'respiratoryRate' | 'headCircumference', string> {
  const some = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);
  const height = some(v.height) ? mmToFeetInches(v.height) : null;
  return {
    height: height ? `${height.feet} ft ${trimNumber(height.inches, 1)} in` : '',
    weight: some(v.weight) ? `${trimNumber(gramsToPounds(v.weight), 2)} lbs` : '',
    bloodPressure: some(v.systolic) || some(v.diastolic) ? `${some(v.systolic) ? v.systolic : '—'}/${some(v.diastolic) ? v.diastolic : '—'} mmHg` : '',
    heartRate: some(v.heartRate) ? `${v.heartRate} bpm` : '',
    temperature: some(v.temperature) ? `${trimNumber(v.temperature, 1)} °F` : '',
    sp02: some(v.sp02) ? `${trimNumber(v.sp02, 1)} %` : '',
    respiratoryRate: some(v.respiratoryRate) ? `${v.respiratoryRate} breaths/min` : '',
    headCircumference: some(v.headCircumference) ? `${trimNumber(v.headCircumference / MM_PER_CM, 1)} cm` : '',
  };
}
