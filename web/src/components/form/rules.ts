import type { z } from 'zod';

/**
 * A form's values, named as the API's input so a server field error (`fields.lastName`)
 * lands on the field of the same name; held as text ('' is none for a select).
 */
export type FormFields<Input, Keys extends keyof Input> = { [K in Keys]-?: string };

/**
 * What a date field holds while its input shows a day that does not exist (02/30/2026) or is
 * not finished: the browser reports such an input as '' (`validity.badInput`), which would
 * read as no date. The field shows '' and the form's rule says `INVALID_DATE_TEXT`.
 */
export const BAD_DATE = '\u0000bad-date';
export const INVALID_DATE_TEXT = 'Not a valid date';

/** The value a date input stands for: its day, '' when empty, `BAD_DATE` when what it shows is no day. */
export function dateInputValue(input: { value: string; validity?: { badInput?: boolean } | undefined }): string {
  return input.value === '' && input.validity?.badInput ? BAD_DATE : input.value;
}

/** One message per field path ('phone1.number'): the first problem zod found there. */
export function firstIssues(error: z.ZodError | undefined): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    if (errors[path] === undefined) errors[path] = issue.message;
  }
  return errors;
}

/** The messages a schema finds in some values, by field path; empty when they are valid. */
export function schemaErrors<T>(schema: z.ZodType<unknown, T>, values: T): Partial<Record<string, string>> {
  const result = schema.safeParse(values);
  return result.success ? {} : firstIssues(result.error);
}

export interface ServerErrors<Name extends string> {
  /** Messages shown on a field of the form, by the form's field name (in the server's order). */
  onFields: Partial<Record<Name, string>>;
  /** Messages the form has no field for (shown in the 'Errors were found...' banner). */
  others: string[];
}

/**
 * A 400's `fields` ({name: message}) split into those shown on a field (`fieldOf` maps
 * the server's name to the form's, or null) and the rest, as `otherText` words them.
 */
export function splitFieldErrors<Name extends string>(
  fields: Record<string, string>,
  fieldOf: (name: string) => Name | null,
  otherText: (name: string, message: string) => string = (name, message) => `${name}: ${message}`,
): ServerErrors<Name> {
  const onFields: Partial<Record<Name, string>> = {};
  const others: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    const field = fieldOf(name);
    if (field !== null) onFields[field] = message;
    else others.push(otherText(name, message));
  }
  return { onFields, others };
}

/** Puts server field errors on their fields (the first one is focused); answers the rest. */
export function showFieldErrors<Name extends string>(
  setError: (name: Name, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void,
  errors: ServerErrors<Name>,
): string[] {
  let first = true;
  for (const [name, message] of Object.entries(errors.onFields) as Array<[Name, string | undefined]>) {
    if (message === undefined) continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return errors.others;
}
