/**
 * Someone else saved the record while the user had it open (409 `edit_conflict`): a
 * three-way comparison of the form's values as opened (`opened`), as the user has them
 * now (`typed`) and as they would be opened from the record now saved (`saved`).
 *
 * - A field the other person changed and the user did not: the form takes the saved value
 *   (saving again must not put back what the user never touched).
 * - A field both changed: the user's value is kept; the saved one is shown beside it.
 * - A field only the user changed: kept, nothing to say.
 *
 * Every field whose saved value differs from the one opened is listed with that value, so
 * the form can say 'Now saved: …' under it. Values are compared leaf by leaf
 * (`phone1.number`), as the form holds them.
 */

/** A leaf of a form's values: what one field holds. */
export type FieldValue = string | number | boolean | null;

/** A field whose saved value changed since the form was opened. */
export interface ChangedField {
  /** The field's path in the form's values ('city', 'phone1.number'). */
  path: string;
  /** The value now saved, as the form holds it. */
  saved: FieldValue;
  /** Whether the user had changed it too (and to something else): their value is kept. */
  keptYours: boolean;
  /** Whether the form took the saved value (the user had not changed the field). */
  taken: boolean;
}

export interface ConflictMerge<V> {
  /** The values to put in the form: the user's, with the fields only the other person changed taken from `saved`. */
  values: V;
  /** The fields the other person changed, in the order of the form's values. */
  changed: ChangedField[];
}

const isLeaf = (value: unknown): value is FieldValue => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** Every leaf of a form's values by path ('phone1.number'), in the order of its keys. */
export function flattenValues(values: object, prefix = ''): Map<string, FieldValue> {
  const out = new Map<string, FieldValue>();
  for (const [key, value] of Object.entries(values)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isLeaf(value)) out.set(path, value);
    else if (value && typeof value === 'object' && !Array.isArray(value)) for (const [p, v] of flattenValues(value, path)) out.set(p, v);
  }
  return out;
}

/** A copy of `values` with the leaf at `path` replaced. */
export function withValueAt<V extends object>(values: V, path: string, value: FieldValue): V {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const record = values as Record<string, unknown>;
  if (rest.length === 0) return { ...values, [head]: value };
  const inner = record[head];
  return { ...values, [head]: withValueAt(inner && typeof inner === 'object' ? inner : {}, rest.join('.'), value) };
}

/**
 * Merges what the user typed with the record now saved (see above). `fields`, when given,
 * limits the comparison to the paths the form shows (an edit form may hold values it
 * neither shows nor sends).
 */
export function mergeEditConflict<V extends object>(opened: V, typed: V, saved: V, fields?: readonly string[]): ConflictMerge<V> {
  const before = flattenValues(opened);
  const mine = flattenValues(typed);
  const now = flattenValues(saved);
  const shown = fields ? new Set(fields) : null;
  let values = typed;
  const changed: ChangedField[] = [];
  for (const [path, savedValue] of now) {
    if (shown && !shown.has(path)) continue;
    const openedValue = before.get(path);
    if (Object.is(openedValue, savedValue)) continue;
    const typedValue = mine.has(path) ? mine.get(path) : openedValue;
    const userChanged = !Object.is(typedValue, openedValue);
    if (!userChanged) values = withValueAt(values, path, savedValue);
    changed.push({ path, saved: savedValue, keptYours: userChanged && !Object.is(typedValue, savedValue), taken: !userChanged });
  }
  return { values, changed };
}

/** 'Now saved: …' under a field: the saved value as the field shows it ('(blank)' when empty). */
export function nowSavedText(shown: string): string {
  return `Now saved: ${shown.trim() === '' ? '(blank)' : shown}`;
}
