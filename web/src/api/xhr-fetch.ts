/**
 * A `fetch` over XMLHttpRequest, for the one thing fetch cannot do: report how much of a
 * request's body has been sent (an upload's progress). It is given to the app's client per
 * call (openapi-fetch's `fetch` option), so the request still passes the session
 * middleware: the token is added, a fresh one kept, a 401 logs out, as for every call.
 */

/** What an upload has sent: `total` is null when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

/** The part of XMLHttpRequest used here (a test gives its own). */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  getAllResponseHeaders(): string;
  send(body?: XMLHttpRequestBodyInit | null): void;
  abort(): void;
  responseType: XMLHttpRequestResponseType;
  withCredentials: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly response: unknown;
  readonly upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  ontimeout: (() => void) | null;
}

export interface XhrFetchOptions {
  /** The body to send (the request's own body is not read again: a file is sent as it is). */
  body: XMLHttpRequestBodyInit;
  onUploadProgress?: (progress: UploadProgress) => void;
  /** For tests: makes the request object. */
  createXhr?: () => XhrLike;
}

/** The answer's headers, from `getAllResponseHeaders()` ('name: value' lines). */
export function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    try {
      headers.append(name, value);
    } catch {
      // A header the Headers class refuses is of no use to the app.
    }
  }
  return headers;
}

/** Statuses whose answer has no body (Response refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

/**
 * A fetch for one request, sending `body` with XMLHttpRequest and reporting its progress.
 * Rejects as fetch does: a TypeError when the network fails, an AbortError when the
 * request's signal aborts.
 */
export function xhrFetch({ body, onUploadProgress, createXhr = () => new XMLHttpRequest() as unknown as XhrLike }: XhrFetchOptions): (request: Request) => Promise<Response> {
  return (request) =>
    new Promise<Response>((resolve, reject) => {
      const signal = request.signal;
      if (signal.aborted) {
        reject(abortError());
        return;
      }
      const xhr = createXhr();
      const onAbort = () => xhr.abort();
      const done = () => signal.removeEventListener('abort', onAbort);
      xhr.open(request.method, request.url);
      xhr.withCredentials = request.credentials === 'include';
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => onUploadProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
      xhr.onload = () => {
        done();
        const status = xhr.status;
        const headers = parseResponseHeaders(xhr.getAllResponseHeaders());
        const payload = NULL_BODY.has(status) ? null : ((xhr.response as Blob | null) ?? null);
        try {
          resolve(new Response(payload, { status, statusText: xhr.statusText, headers }));
        } catch {
          reject(new TypeError('Network request failed'));
        }
      };
      xhr.onerror = () => {
        done();
        reject(new TypeError('Network request failed'));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        done();
        reject(abortError());
      };
      signal.addEventListener('abort', onAbort);
      xhr.send(body);
    });
}
