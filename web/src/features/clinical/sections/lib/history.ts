import { displayDate, displayDateTime } from '@/lib/dates';
import { allergyCategory, codeWords } from './format';
import { fieldLabel } from './form-text';

/** One field a version changed: its label and the value before and after (as text). */
export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** Fields a version carries that are not the entry's content (its tag, derived or bookkeeping fields). */
const SKIPPED = new Set(['section', 'recorded', 'textTruncated', 'umlsId']);

/** Coded fields shown in words, as the entry shows them ('entered-in-error' -> 'Entered in error'). */
const CODED = new Set(['clinicalStatus', 'verificationStatus', 'status', 'severity']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Booleans said as the entry says them. */
const BOOLEAN_WORDS: Record<string, readonly [string, string]> = {
  primarySource: ['Given here', 'Reported by the patient or another provider'],
  signed: ['Signed', 'Unsigned'],
};

const asText = (field: string, value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') {
    const words = BOOLEAN_WORDS[field];
    return words ? (value ? words[0] : words[1]) : value ? 'Yes' : 'No';
  }
  if (field === 'amends' && typeof value === 'number') return `Note ${value}`;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (field === 'category') return allergyCategory(text);
  if (CODED.has(field)) return codeWords(text);
  if (DAY.test(text)) return displayDate(text);
  if (INSTANT.test(text)) return displayDateTime(text) || text;
  return text;
};

/**
 * What changed from `older` to `newer` (two versions' resources), field by field in the
 * newer one's order; a field absent from one side counts as empty. Nothing for the first version.
 */
export function changesBetween(newer: object, older: object | null): FieldChange[] {
  if (older === null) return [];
  const a = older as Record<string, unknown>;
  const b = newer as Record<string, unknown>;
  const section = typeof b.section === 'string' ? b.section : undefined;
  const keys = [...Object.keys(b), ...Object.keys(a).filter((k) => !(k in b))];
  const changes: FieldChange[] = [];
  for (const key of keys) {
    if (SKIPPED.has(key)) continue;
    const before = asText(key, a[key]);
    const after = asText(key, b[key]);
    if (before !== after) changes.push({ field: key, label: fieldLabel(section, key), before, after });
  }
  return changes;
}

/** Each version (newest first) with what it changed from the one before it. */
export function historyRows<V extends { resource: object }>(versions: readonly V[]): Array<V & { changes: FieldChange[]; first: boolean }> {
  return versions.map((v, i) => {
    const older = versions[i + 1];
    return { ...v, changes: changesBetween(v.resource, older ? older.resource : null), first: older === undefined };
  });
}
