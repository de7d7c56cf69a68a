import { z } from 'zod';
import { ApiRequestError } from '@/api/errors';
import { parameterLimits } from '@/api/limits';
import { BAD_DATE, INVALID_DATE_TEXT } from '@/components/form/rules';
import type { operations } from '@/api/schema';
import { MESSAGES } from '@/lib/messages';
import { requiredError } from '@/lib/validation';
import { FORM_TEXT } from './form-text';
import { withoutHiddenCharacters } from './hidden-characters';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TEXT, ATTACHMENT_TYPES, type AttachmentMediaType } from './attachment-text';

/** The upload's query: title, category, date (yyyy-MM-dd) and description. */
export type AttachmentQuery = NonNullable<operations['add_entry']['parameters']['query']>;

/** What a file is to the rules (a File, or its likeness in a test). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

/** The attachment form's values: the file chosen, and the query's fields as text. */
export interface AttachmentValues {
  file: File | null;
  title: string;
  category: string;
  date: string;
  description: string;
}

export type AttachmentField = keyof AttachmentValues;

const LIMITS = parameterLimits['/api/patients/patient/{patientId}/clinical/{section}'].post;

const EXTENSIONS: Record<string, AttachmentMediaType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/**
 * The media type the file is sent as: the one the browser gives, or, when it gives none
 * (some file pickers), the one its name's extension says; null for a kind not taken.
 */
export function mediaTypeOf(file: Pick<ChosenFile, 'name' | 'type'>): AttachmentMediaType | null {
  const given = file.type.split(';')[0]!.trim().toLowerCase();
  const type = given === 'image/jpg' ? 'image/jpeg' : given;
  if (type !== '') return (ATTACHMENT_TYPES as readonly string[]).includes(type) ? (type as AttachmentMediaType) : null;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EXTENSIONS[extension] ?? null;
}

/** What is wrong with a chosen file, in the words the field shows; undefined when it can be sent. */
export function fileProblem(file: ChosenFile | null): string | undefined {
  if (!file) return MESSAGES.requiredField;
  if (mediaTypeOf(file) === null) return ATTACHMENT_TEXT.typeNotTaken;
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_TEXT.tooLarge;
  if (file.size === 0) return ATTACHMENT_TEXT.empty;
  return undefined;
}

/** Whether the file can be shown as a picture before it is sent. */
export const isPreviewable = (file: ChosenFile | null): boolean => !!file && fileProblem(file) === undefined && mediaTypeOf(file)?.startsWith('image/') === true;

const required = z.string().refine((v) => requiredError(v) === undefined, MESSAGES.requiredField);
const max = (n: number) => z.string().refine((v) => v.trim().length <= n, `At most ${n} characters`);

/** Whether a yyyy-MM-dd day is after `today` (yyyy-MM-dd). */
const isFutureDay = (day: string, today: string) => day !== '' && day > today;

export function attachmentSchema(today: string) {
  return z
    .object({
      file: z.custom<File | null>((v) => v === null || (typeof Blob !== 'undefined' && v instanceof Blob)),
      title: required.pipe(max(LIMITS.title.maxLength)),
      category: max(LIMITS.category.maxLength),
      date: z.string(),
      description: max(LIMITS.description.maxLength),
    })
    .superRefine((v, ctx) => {
      const problem = fileProblem(v.file);
      if (problem) ctx.addIssue({ code: 'custom', path: ['file'], message: problem });
      if (v.date === BAD_DATE) ctx.addIssue({ code: 'custom', path: ['date'], message: INVALID_DATE_TEXT });
      else if (isFutureDay(v.date, today)) ctx.addIssue({ code: 'custom', path: ['date'], message: FORM_TEXT.notFuture });
    }) satisfies z.ZodType<AttachmentValues>;
}

/** A new attachment's values: no file, dated today (the server's default too). */
export function attachmentValues(today: string): AttachmentValues {
  return { file: null, title: '', category: '', date: today, description: '' };
}

/**
 * The upload's query from the form: trimmed, without the hidden characters the server
 * refuses (a pasted title can carry them), and what was left blank not sent.
 */
export function attachmentQuery(values: Omit<AttachmentValues, 'file'>): AttachmentQuery {
  const query: AttachmentQuery = { title: withoutHiddenCharacters(values.title).trim() };
  const category = withoutHiddenCharacters(values.category).trim();
  const date = values.date.trim();
  const description = withoutHiddenCharacters(values.description, true).trim();
  if (category) query.category = category;
  if (date) query.date = date;
  if (description) query.description = description;
  return query;
}

const FIELDS: readonly AttachmentField[] = ['file', 'title', 'category', 'date', 'description'];

/** What a failed upload shows: messages on the form's fields and the rest in the banner, or that it was cancelled. */
export type UploadFailure = { cancelled: true } | { cancelled: false; fields: Partial<Record<AttachmentField, string>>; others: string[] };

export const isAbort = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/**
 * A refused upload in the form's words: a 400 names its fields (a field the form does not
 * have goes to the banner), a 413 is the file's size, a 415 its kind (both on the file);
 * anything else keeps what was typed and says so.
 */
export function uploadFailure(error: unknown): UploadFailure {
  if (isAbort(error)) return { cancelled: true };
  if (error instanceof ApiRequestError) {
    if (error.status === 413) return { cancelled: false, fields: { file: ATTACHMENT_TEXT.tooLarge }, others: [] };
    if (error.status === 415) return { cancelled: false, fields: { file: error.fields.file || ATTACHMENT_TEXT.typeNotTaken }, others: [] };
    if (error.status === 400 && Object.keys(error.fields).length > 0) {
      const fields: Partial<Record<AttachmentField, string>> = {};
      const others: string[] = [];
      for (const [name, message] of Object.entries(error.fields)) {
        if ((FIELDS as readonly string[]).includes(name)) fields[name as AttachmentField] = message;
        else others.push(`${name}: ${message}`);
      }
      return { cancelled: false, fields, others };
    }
    return { cancelled: false, fields: {}, others: [error.message || ATTACHMENT_TEXT.notUploaded] };
  }
  return { cancelled: false, fields: {}, others: [ATTACHMENT_TEXT.notUploaded] };
}
