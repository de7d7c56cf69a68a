import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, handledByCaller, type ApiClient } from '@/api/client';
import { unwrap } from '@/api/errors';
import { xhrFetch, type UploadProgress, type XhrFetchOptions } from '@/api/xhr-fetch';
import type { AttachmentQuery } from '../lib/attachment-form';
import type { AttachmentMediaType } from '../lib/attachment-text';
import type { ClinicalEntry } from '../lib/sections';
import { refreshAfterSave } from './charting';

export interface AttachmentUpload {
  patientId: number;
  file: Blob;
  /** The file's media type (`mediaTypeOf`), sent as the body's Content-Type. */
  mediaType: AttachmentMediaType;
  query: AttachmentQuery;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST .../clinical/attachments?title=&category=&date=&description= with the file itself as
 * the body (201 with the entry). Sent by the app's client, so the session's token and its
 * answers are handled as for every call; XMLHttpRequest underneath reports the progress.
 * A 400 naming fields is shown by the form; 413 and 415 are the file's (see `uploadFailure`).
 */
export async function uploadAttachment(
  { patientId, file, mediaType, query, onProgress, signal }: AttachmentUpload,
  client: ApiClient = api,
  createXhr?: XhrFetchOptions['createXhr'],
): Promise<ClinicalEntry> {
  return unwrap(
    await client.POST('/api/patients/patient/{patientId}/clinical/{section}', {
      params: { path: { patientId: String(patientId), section: 'attachments' }, query },
      // The body is the file as it is: no JSON, no copy (the typed body of this call is JSON or bytes).
      body: file as unknown as number[],
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'Content-Type': mediaType, ...handledByCaller('fieldErrors') },
      fetch: xhrFetch({ body: file, ...(onProgress ? { onUploadProgress: onProgress } : {}), ...(createXhr ? { createXhr } : {}) }),
      ...(signal ? { signal } : {}),
    }),
  );
}

/** The upload, then the section's list, the new entry and the board's counts refreshed (in the background). */
export function useUploadAttachment(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: Omit<AttachmentUpload, 'patientId'>) => uploadAttachment({ ...upload, patientId }),
    onSuccess: (entry) => void refreshAfterSave(queryClient, patientId, 'attachments', entry),
  });
}
