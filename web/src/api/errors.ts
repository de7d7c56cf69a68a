import type { components } from './schema';

export type ApiErrorBody = components['schemas']['ApiError'];

/** A non-2xx answer from the API, carrying the server's `{code, message, fields}`. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, body: unknown) {
    const parsed = parseErrorBody(body);
    super(parsed.message || `Request failed with status ${status}`);
    this.status = status;
    this.code = parsed.code;
    this.fields = parsed.fields ?? {};
  }
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
