import type { components } from '@/api/schema';
import { displayDate, displayDateTime } from '@/lib/dates';
import { dollars } from '@/lib/format';

type Schemas = components['schemas'];

/**
 * The chart's values as a person reads them. Plain dates (yyyy-MM-dd) are calendar days,
 * never shifted by time zone; instants are shown in the device's time zone; money stays in
 * integer cents until the last formatting step.
 */
export const showDate = (value: string | null | undefined): string => displayDate(value);
export const showDateTime = (value: string | null | undefined): string => displayDateTime(value);
export const money = (cents: number | null | undefined): string => dollars(cents);

/** A number with at most `decimals` decimals, without trailing zeros: 5.20 -> '5.2'. */
export function trimNumber(value: number, decimals: number): string {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return String(rounded);
}

/** A FHIR code as words: 'in-progress' -> 'In progress', 'entered-in-error' -> 'Entered in error'. */
export function codeWords(code: string | null | undefined): string {
  const text = (code ?? '').trim().replace(/[-_]+/g, ' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '';
}

export const yesNo = (value: boolean | null | undefined): string => (value === true ? 'Yes' : value === false ? 'No' : '');

/** A power in dioptres as written with its sign and two decimals: '-2.25' -> '-2.25 D', '1.5' -> '+1.50 D'; '' when none or unreadable. */
export function dioptres(power: string | null | undefined): string {
  const text = (power ?? '').trim();
  if (!text) return '';
  const value = Number(text);
  if (!Number.isFinite(value)) return '';
  if (value === 0) return 'Plano';
  const sign = value > 0 ? '+' : '-';
  return `${sign}${Math.abs(value).toFixed(2)} D`;
}

/** One lens on a line: 'SPH -5.00 D, CYL -0.25 D × 122°, ADD +2.00 D'. */
export function lensSummary(lens: Schemas['Lens']): string {
  const parts: string[] = [];
  const sphere = dioptres(lens.sphere);
  if (sphere) parts.push(`SPH ${sphere}`);
  const cylinder = dioptres(lens.cylinder);
  if (cylinder) parts.push(`CYL ${cylinder}${typeof lens.axis === 'number' ? `\u00a0×\u00a0${lens.axis}°` : ''}`);
  const add = dioptres(lens.add);
  if (add) parts.push(`ADD ${add}`);
  const prism = (lens.prism ?? '').trim();
  if (prism) parts.push(`Prism ${prism} Δ${lens.base ? ` base ${lens.base}` : ''}`);
  return parts.join(', ');
}

export type LabFlag = { code: 'H' | 'L' | 'A' | 'N'; word: string; outOfRange: boolean };

/** A lab result's interpretation: H high, L low, A abnormal (out of range), N normal; null when not interpreted. */
export function labFlag(interpretation: string | null | undefined): LabFlag | null {
  switch ((interpretation ?? '').trim().toUpperCase()) {
    case 'H':
      return { code: 'H', word: 'High', outOfRange: true };
    case 'L':
      return { code: 'L', word: 'Low', outOfRange: true };
    case 'A':
      return { code: 'A', word: 'Abnormal', outOfRange: true };
    case 'N':
      return { code: 'N', word: 'Normal', outOfRange: false };
    default:
      return null;
  }
}

/** A lab value with its unit: '4.48 mIU/L', 'Negative'. */
export function labValue(value: string, unit: string): string {
  return [value.trim(), unit.trim()].filter(Boolean).join(' ');
}

/** A file size in KB (1 KB = 1024 bytes), one decimal: 20876 -> '20.4 KB'. */
export function sizeKb(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  const kb = bytes / 1024;
  const shown = bytes > 0 && kb < 0.1 ? 0.1 : Math.round(kb * 10) / 10;
  return `${shown.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KB`;
}

/** A media type as its short name: 'image/png' -> 'PNG', 'application/pdf' -> 'PDF'. */
export function fileType(contentType: string | null | undefined): string {
  const sub = (contentType ?? '').split(';')[0]?.split('/')[1]?.trim() ?? '';
  if (!sub) return '';
  if (sub === 'jpeg') return 'JPEG';
  if (sub === 'octet-stream') return 'File';
  return sub.toUpperCase();
}

export const isImage = (contentType: string | null | undefined): boolean => /^image\/(png|jpeg|webp|gif)$/i.test((contentType ?? '').trim());

/** BMI with its unit and category: '31.8 kg/m² (Obese)'; '' when not measured. */
export function bmiDisplay(bmi: number | null | undefined): string {
  if (typeof bmi !== 'number' || !Number.isFinite(bmi) || bmi <= 0) return '';
  const category = bmi < 18.5 ? 'Underweight' : bmi < 25 ? 'Normal' : bmi < 30 ? 'Overweight' : 'Obese';
  return `${bmi.toFixed(1)} kg/m² (${category})`;
}

const MM_PER_INCH = 25.4;
const GRAMS_PER_POUND = 453.59237;

/** Height from millimetres: 1581 -> '5 ft 2.2 in'. */
export function heightDisplay(mm: number | null | undefined): string {
  if (typeof mm !== 'number' || !Number.isFinite(mm) || mm <= 0) return '';
  const inches = Math.round((mm / MM_PER_INCH) * 10) / 10;
  const feet = Math.floor(inches / 12);
  return `${feet} ft ${trimNumber(inches - feet * 12, 1)} in`;
}

/** Weight from grams: 79521 -> '175.3 lbs'. */
export function weightDisplay(grams: number | null | undefined): string {
  if (typeof grams !== 'number' || !Number.isFinite(grams) || grams <= 0) return '';
  return `${trimNumber(grams / GRAMS_PER_POUND, 1)} lbs`;
}

const some = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/** One set of vitals as shown: blood pressure, pulse, temperature, SpO2, height, weight, BMI. */
export function vitalsDisplay(v: Schemas['VitalSigns']) {
  return {
    bloodPressure: some(v.systolic) || some(v.diastolic) ? `${some(v.systolic) ? v.systolic : '—'}/${some(v.diastolic) ? v.diastolic : '—'} mmHg` : '',
    pulse: some(v.heartRate) ? `${v.heartRate} bpm` : '',
    temperature: some(v.temperature) ? `${trimNumber(v.temperature, 1)} °F` : '',
    sp02: some(v.sp02) ? `${trimNumber(v.sp02, 1)}%` : '',
    respiratoryRate: some(v.respiratoryRate) ? `${v.respiratoryRate} breaths/min` : '',
    height: heightDisplay(v.height),
    weight: weightDisplay(v.weight),
    bmi: bmiDisplay(v.bmi),
  };
}

/** The six sites of a tooth, in the chart's order. */
export const PERIO_SITES = [
  { short: 'DB', name: 'Distobuccal' },
  { short: 'B', name: 'Buccal' },
  { short: 'MB', name: 'Mesiobuccal' },
  { short: 'DL', name: 'Distolingual' },
  { short: 'L', name: 'Lingual' },
  { short: 'ML', name: 'Mesiolingual' },
] as const;

/** A site is deep from this many millimetres of probing depth. */
export const DEEP_SITE_MM = 5;

/** The summary figures of a perio chart, from its sites (as the server counts them). */
export function perioSummary(teeth: readonly Schemas['PerioTooth'][]): { teethCharted: number; deepSites: number; bleedingSites: number } {
  let deepSites = 0;
  let bleedingSites = 0;
  for (const tooth of teeth) {
    deepSites += tooth.probingDepth.filter((depth) => depth >= DEEP_SITE_MM).length;
    bleedingSites += tooth.bleeding.filter(Boolean).length;
  }
  return { teethCharted: teeth.length, deepSites, bleedingSites };
}

/** The summary on one line: '26 teeth, 66 deep sites (5 mm+), 43 bleeding sites'. */
export function perioSummaryText(exam: { teethCharted: number; deepSites: number; bleedingSites: number }): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return `${n(exam.teethCharted, 'tooth', 'teeth')}, ${n(exam.deepSites, 'deep site', 'deep sites')} (${DEEP_SITE_MM} mm+), ${n(exam.bleedingSites, 'bleeding site', 'bleeding sites')}`;
}

/**
 * Whether a preventive care item is overdue: the server says so (due before the practice's
 * today); without its word, a due date before `today` (both yyyy-MM-dd, compared as days).
 */
export function isOverdue(item: { dueDate: string; overdue?: boolean }, today?: string): boolean {
  if (typeof item.overdue === 'boolean') return item.overdue;
  return !!today && /^\d{4}-\d{2}-\d{2}$/.test(item.dueDate) && item.dueDate < today;
}

/** Allergy severity in words and its rank (severe first). */
export function severityWord(severity: string | null | undefined): string {
  const s = (severity ?? '').trim().toLowerCase();
  return s === 'severe' ? 'Severe' : s === 'moderate' ? 'Moderate' : s === 'mild' ? 'Mild' : 'Severity not recorded';
}

export function severityRank(severity: string | null | undefined): number {
  const s = (severity ?? '').trim().toLowerCase();
  return s === 'severe' ? 0 : s === 'moderate' ? 1 : s === 'mild' ? 2 : 3;
}

/** Entries of allergies, severe first, keeping the server's order otherwise (a stable sort). */
export function bySeverity<T extends { resource: object }>(entries: readonly T[]): T[] {
  const severityOf = (entry: T) => {
    const severity = (entry.resource as { severity?: unknown }).severity;
    return severityRank(typeof severity === 'string' ? severity : '');
  };
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => severityOf(a.entry) - severityOf(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** The allergy categories as the form offers them, in the words the list uses. */
export const ALLERGY_CATEGORY_CODES = ['medication', 'food', 'environment', 'biologic'] as const;

/** An allergy's category as the chart says it: medication -> 'Drug'. */
export function allergyCategory(category: string | null | undefined): string {
  const c = (category ?? '').trim().toLowerCase();
  return c === 'medication' ? 'Drug' : c === 'environment' ? 'Environmental' : codeWords(c);
}

/** DICOM modality as words, with its code. */
export function modalityWords(modality: string | null | undefined): string {
  const code = (modality ?? '').trim().toUpperCase();
  const words: Record<string, string> = {
    IO: 'Intra-oral radiograph',
    PX: 'Panoramic radiograph',
    DX: 'Radiograph',
    CT: 'CT scan',
    MR: 'MRI',
    US: 'Ultrasound',
    XC: 'Photograph',
  };
  const word = words[code];
  return word ? `${word} (${code})` : code;
}

/** A referral's direction in words. */
export function directionWords(direction: string | null | undefined): string {
  const d = (direction ?? '').trim().toLowerCase();
  return d === 'incoming' ? 'Incoming (to the practice)' : d === 'outgoing' ? 'Outgoing (from the practice)' : codeWords(d);
}

/** An age in years at onset. */
export const ageYears = (age: number | null | undefined): string => (typeof age === 'number' ? `${age} years` : '');

/** A score out of its maximum: '14 / 27'. */
export function scoreText(score: number | null | undefined, max?: number | null): string {
  if (typeof score !== 'number') return '';
  return typeof max === 'number' ? `${score} / ${max}` : String(score);
}

/** Words joined with a middle dot, the empty ones left out. */
export function dotted(...parts: Array<string | null | undefined | false>): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(' · ');
}

/** A span of days: '03/01/2024 – 06/30/2025', 'Since 03/01/2024', 'Until ...'. */
export function dateSpan(from: string | null | undefined, to: string | null | undefined): string {
  const a = showDate(from);
  const b = showDate(to);
  if (a && b) return `${a} – ${b}`;
  if (a) return `Since ${a}`;
  if (b) return `Until ${b}`;
  return '';
}

/**
 * A medication's days as its row says them: an active (or held) one as a span ('Since
 * 03/01/2024'); one that ended without an end date says how it ended instead of reading as
 * still taken ('Started 03/01/2024 · Stopped'; 'Stopped' alone without a start).
 */
export function medicationSpan(start: string | null | undefined, end: string | null | undefined, status: string | null | undefined): string {
  const ongoing = !status || status === 'active' || status === 'on-hold';
  if (ongoing || showDate(end)) return dateSpan(start, end);
  const ended = status === 'entered-in-error' ? '' : codeWords(status);
  return dotted(showDate(start) ? `Started ${showDate(start)}` : '', ended);
}

/**
 * A web address cut after each '/', '.' and '-' (where a phone may wrap it, as it wraps an
 * e-mail address), never inside a word: 'https://medlineplus.gov/' / 'highbloodpressure.' / 'html'.
 */
export function urlParts(url: string): string[] {
  return url.split(/(?<=[/.-])(?![/.-])/).filter((part) => part !== '');
}

/**
 * A UDI's human-readable form cut before each GS1 application identifier ('(01)…(17)…'),
 * so a phone wraps it between its parts rather than inside a number.
 */
export function udiParts(udi: string): string[] {
  return udi.split(/(?=\()/).filter((part) => part !== '');
}

/**
 * A note's first lines as a list shows them: at most three lines, joined; an ellipsis when
 * something was left out (the server's cut already ends with one).
 */
export function firstLines(text: string, truncated?: boolean, maxLines = 3): string {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const shown = lines.slice(0, maxLines).join(' ');
  const cut = truncated || lines.length > maxLines;
  return cut && !shown.endsWith('…') ? `${shown}…` : shown;
}

/** Preventive care with the overdue items first, keeping the server's order otherwise (a stable sort). */
export function overdueFirst<T extends { resource: object }>(entries: readonly T[]): T[] {
  const late = (entry: T) => ((entry.resource as { overdue?: unknown }).overdue === true ? 0 : 1);
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => late(a.entry) - late(b.entry) || a.index - b.index)
    .map(({ entry }) => entry);
}
