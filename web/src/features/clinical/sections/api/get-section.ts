import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, handledByCaller } from '@/api/client';
import { ApiRequestError, unwrap } from '@/api/errors';
import type { ClinicalEntry, ClinicalSection, SectionKey } from '../lib/sections';

export const sectionKeys = {
  all: (patientId: number) => ['clinical', 'section', patientId] as const,
  list: (patientId: number, section: SectionKey) => ['clinical', 'section', patientId, section] as const,
  entry: (patientId: number, section: SectionKey, entryId: number) => ['clinical', 'section', patientId, section, entryId] as const,
};

/** GET /api/patients/patient/{id}/clinical/{section}: the section's entries (a 404 is shown by the page). */
export function sectionQueryOptions(patientId: number, section: SectionKey) {
  return queryOptions({
    queryKey: sectionKeys.list(patientId, section),
    queryFn: async ({ signal }): Promise<ClinicalSection> =>
      unwrap(
        await api.GET('/api/patients/patient/{patientId}/clinical/{section}', {
          params: { path: { patientId: String(patientId), section } },
          headers: handledByCaller('notFound'),
          signal,
        }),
      ),
    staleTime: 60_000,
  });
}

export function useSection(patientId: number, section: SectionKey) {
  return useQuery(sectionQueryOptions(patientId, section));
}

/**
 * GET .../clinical/{section}/{entryId}: one entry with every field. The list's copy shows
 * at once when it is complete (not a list's shortened form: a note's first lines, a perio
 * exam without its sites); the entry's own answer replaces it.
 */
export function useSectionEntry(patientId: number, section: SectionKey, entryId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: sectionKeys.entry(patientId, section, entryId ?? 0),
    queryFn: async ({ signal }): Promise<ClinicalEntry> =>
      unwrap(
        await api.GET('/api/patients/patient/{patientId}/clinical/{section}/{entryId}', {
          params: { path: { patientId: String(patientId), section, entryId: String(entryId) } },
          headers: handledByCaller('notFound'),
          signal,
        }),
      ),
    enabled: entryId !== null,
    staleTime: 60_000,
    initialData: () => {
      const list = queryClient.getQueryData<ClinicalSection>(sectionKeys.list(patientId, section));
      const cached = list?.entries.find((e) => e.entryId === entryId);
      return cached && isComplete(cached) ? cached : undefined;
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(sectionKeys.list(patientId, section))?.dataUpdatedAt,
  });
}

/** Whether a list's copy of an entry holds every field (notes cut to their first lines and perio exams without sites do not). */
export function isComplete(entry: ClinicalEntry): boolean {
  const r = entry.resource;
  if (r.section === 'clinicalNotes' || r.section === 'patientNotes') return !r.textTruncated;
  if (r.section === 'perioVisits') return (r.teeth?.length ?? 0) > 0 || r.teethCharted === 0;
  return true;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}

/**
 * An attachment's file (GET .../clinical/attachments/{entryId}/content) through the app's
 * client, so it carries the session's token, as an object URL for an <img> or a download;
 * the URL is let go when the page leaves.
 */
export function useAttachmentFile(patientId: number, entryId: number, enabled: boolean) {
  const query = useQuery({
    queryKey: ['clinical', 'attachment', patientId, entryId] as const,
    queryFn: async ({ signal }): Promise<Blob> => {
      const { data, error, response } = await api.GET('/api/patients/patient/{patientId}/clinical/attachments/{entryId}/content', {
        params: { path: { patientId: String(patientId), entryId: String(entryId) } },
        parseAs: 'blob',
        signal,
      });
      if (error !== undefined || !(data instanceof Blob)) throw new ApiRequestError(response.status, { code: 'error', message: 'The file could not be loaded' });
      return data;
    },
    enabled,
    staleTime: 5 * 60_000,
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const made = URL.createObjectURL(query.data);
    // The object URL is an outside resource made and let go with the blob (StrictMode-safe here, not in a memo).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- on purpose: the URL exists only between this effect and its cleanup
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [query.data]);
  return { ...query, url };
}
