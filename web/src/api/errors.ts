import type { components } from './schema';

export type ApiErrorBody = components['schemas']['ApiError'];

/** The code of a 409 refusing a change made on an older version of the record (`current` holds it as it now is). */
export const EDIT_CONFLICT = 'edit_conflict';

/** A non-2xx answer from the API, carrying the server's `{code, message, fields, current}`. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** On a 409 `edit_conflict`: the record as it is now (unchecked: see `editConflictOf`). */
  readonly current: unknown;

  constructor(status: number, body: unknown) {
    const parsed = parseErrorBody(body);
    super(parsed.message || `Request failed with status ${status}`);
    this.status = status;
    this.code = parsed.code;
    this.fields = parsed.fields ?? {};
    this.current = body && typeof body === 'object' ? ((body as { current?: unknown }).current ?? null) : null;
  }
}

/** A refused stale change: the server's message and the record as it now is. */
export interface EditConflict<T> {
  message: string;
  current: T;
}

/**
 * The 409 `edit_conflict` in an error, with `current` checked by `isRecord` (the record the
 * form edits: same id, a numeric `version`); null for any other error.
 */
export function editConflictOf<T extends { version: number }>(error: unknown, isRecord: (current: object) => boolean): EditConflict<T> | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409 || error.code !== EDIT_CONFLICT) return null;
  const current = error.current;
  if (!current || typeof current !== 'object' || typeof (current as { version?: unknown }).version !== 'number' || !isRecord(current)) return null;
  return { message: error.message, current: current as T };
}

export function parseErrorBody(body: unknown): ApiErrorBody {
  if (body && typeof body === 'object') {
    const b = body as Partial<ApiErrorBody>;
    const fields: Record<string, string> = {};
    if (b.fields && typeof b.fields === 'object') {
      for (const [key, value] of Object.entries(b.fields)) if (typeof value === 'string') fields[key] = value;
    }
    return { code: typeof b.code === 'string' ? b.code : 'unknown', message: typeof b.message === 'string' ? b.message : '', fields };
  }
  return { code: 'unknown', message: typeof body === 'string' ? body : '', fields: {} };
}

/** What openapi-fetch answers; turned into data or a thrown ApiRequestError. */
export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

export function unwrap<T>(result: FetchResult<T>): T {
  if (!result.response.ok || result.error !== undefined) throw new ApiRequestError(result.response.status, result.error);
  return result.data as T;
}

/** Server field errors (`fields`) keyed by form field name, for react-hook-form's setError. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? error.fields : {};
}
