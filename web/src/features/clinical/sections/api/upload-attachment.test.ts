import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/api/client';
import { ApiRequestError } from '@/api/errors';
import type { ApiEvents } from '@/api/session-middleware';
import type { XhrLike } from '@/api/xhr-fetch';
import { memoryTokenStore } from '@/lib/token';
import { fakeJwt } from '@/test/jwt';
import { uploadAttachment } from './upload-attachment';

interface Answer {
  status: number;
  body?: unknown;
  jwt?: string;
}

/** A fake XMLHttpRequest: records what is sent, reports progress, answers as scripted. */
function fakeXhr(answer: Answer | 'network-error' | 'never') {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  const create = (): XhrLike => {
    const headers: Record<string, string> = {};
    let method = '';
    let url = '';
    const xhr: XhrLike & { status: number; statusText: string; response: unknown } = {
      open: (m, u) => {
        method = m;
        url = u;
      },
      setRequestHeader: (name, value) => {
        headers[name.toLowerCase()] = value;
      },
      getAllResponseHeaders: () => (answer !== 'network-error' && answer !== 'never' ? `content-type: application/json\r\n${answer.jwt ? `jwt: ${answer.jwt}\r\n` : ''}` : ''),
      send: (body) => {
        sent.push({ method, url, headers, body });
        if (answer === 'never') return;
        queueMicrotask(() => {
          if (answer === 'network-error') return xhr.onerror?.();
          xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
          xhr.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true });
          xhr.status = answer.status;
          xhr.statusText = '';
          xhr.response = new Blob([JSON.stringify(answer.body ?? {})], { type: 'application/json' });
          xhr.onload?.();
        });
      },
      abort: () => queueMicrotask(() => xhr.onabort?.()),
      responseType: '',
      withCredentials: false,
      status: 0,
      statusText: '',
      response: null,
      upload: { onprogress: null },
      onload: null,
      onerror: null,
      onabort: null,
      ontimeout: null,
    };
    return xhr;
  };
  return { create, sent };
}

const t1 = fakeJwt({ userId: 5, iat: 100 });
const t2 = fakeJwt({ userId: 5, iat: 101 });
const ENTRY = { entryId: 77, version: 1, resource: { section: 'attachments', title: 'Rash' } };

function setup(answer: Answer | 'network-error' | 'never') {
  const tokens = memoryTokenStore(t1);
  const events: ApiEvents = { unauthorized: vi.fn(), apiError: vi.fn(), missingJwt: vi.fn(), otherError: vi.fn() };
  const client = createApiClient({ baseUrl: 'http://clinic.test', tokens, generation: () => 1, events });
  const xhr = fakeXhr(answer);
  return { client, tokens, events, xhr };
}

const file = new File([new Uint8Array(10)], 'rash.png', { type: 'image/png' });

describe('uploading an attachment', () => {
  it("sends the file itself with its type, the fields in the query and the session's token; reports progress; keeps the new token", async () => {
    const { client, tokens, events, xhr } = setup({ status: 201, body: ENTRY, jwt: t2 });
    const progress: unknown[] = [];
    const entry = await uploadAttachment(
      { patientId: 551, file, mediaType: 'image/png', query: { title: 'Rash, left arm', category: 'Photo', date: '2026-05-01' }, onProgress: (p) => progress.push(p) },
      client,
      xhr.create,
    );
    expect(entry).toEqual(ENTRY);
    expect(xhr.sent).toHaveLength(1);
    const sent = xhr.sent[0]!;
    expect(sent.method).toBe('POST');
    const url = new URL(sent.url);
    expect(url.pathname).toBe('/api/patients/patient/551/clinical/attachments');
    expect(Object.fromEntries(url.searchParams)).toEqual({ title: 'Rash, left arm', category: 'Photo', date: '2026-05-01' });
    expect(sent.headers['content-type']).toBe('image/png');
    expect(sent.headers.jwt).toBe(t1);
    expect(sent.headers['x-pocketchart-handled-by-caller']).toBeUndefined();
    expect(sent.body).toBe(file);
    expect(progress).toEqual([
      { loaded: 5, total: 10 },
      { loaded: 10, total: 10 },
    ]);
    expect(tokens.get()).toBe(t2);
    expect(events.missingJwt).not.toHaveBeenCalled();
  });

  it('rejects with the server error: a 400 with fields stays off the overlay, a 413 is not an overlay either', async () => {
    const bad = setup({ status: 400, body: { code: 'invalid', message: 'Invalid', fields: { title: 'Required field' } } });
    const error = await uploadAttachment({ patientId: 551, file, mediaType: 'image/png', query: { title: '' } }, bad.client, bad.xhr.create).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).fields).toEqual({ title: 'Required field' });
    expect(bad.events.apiError).not.toHaveBeenCalled();

    const large = setup({ status: 413, body: { code: 'payload_too_large', message: 'The request is too large' } });
    const tooLarge = await uploadAttachment({ patientId: 551, file, mediaType: 'image/png', query: { title: 'x' } }, large.client, large.xhr.create).catch((e: unknown) => e);
    expect((tooLarge as ApiRequestError).status).toBe(413);
    expect(large.events.apiError).not.toHaveBeenCalled();
  });

  it('logs out on a 401 like every call', async () => {
    const { client, events, xhr } = setup({ status: 401, body: { code: 'unauthorized', message: 'Session expired' } });
    const error = await uploadAttachment({ patientId: 551, file, mediaType: 'image/png', query: { title: 'x' } }, client, xhr.create).catch((e: unknown) => e);
    expect((error as ApiRequestError).status).toBe(401);
    expect(events.unauthorized).toHaveBeenCalledTimes(1);
  });

  it('aborts when cancelled and fails like fetch on a network error', async () => {
    const slow = setup('never');
    const controller = new AbortController();
    const pending = uploadAttachment({ patientId: 551, file, mediaType: 'image/png', query: { title: 'x' }, signal: controller.signal }, slow.client, slow.xhr.create);
    await vi.waitFor(() => expect(slow.xhr.sent).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    const down = setup('network-error');
    await expect(uploadAttachment({ patientId: 551, file, mediaType: 'image/png', query: { title: 'x' } }, down.client, down.xhr.create)).rejects.toBeInstanceOf(TypeError);
  });
});
