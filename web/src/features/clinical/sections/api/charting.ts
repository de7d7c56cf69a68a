import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { editConflictOf, unwrap, type EditConflict } from '@/api/errors';
import { patientKeys } from '@/api/patients/keys';
import type { components } from '@/api/schema';
import { clinicalKeys } from '../../api/get-clinical-counts';
import type { ClinicalEntry, SectionKey } from '../lib/sections';
import { sectionKeys } from './get-section';

export type ClinicalEntryInput = components['schemas']['ClinicalEntryInput'];
export type EntryHistory = components['schemas']['EntryHistory'];
export type Vaccine = components['schemas']['Vaccine'];
export type ClinicalCodes = components['schemas']['ClinicalCodes'];
export type Diagnosis = components['schemas']['Diagnosis'];

/** The sections the chart adds to and changes (issue 14). */
export const CHARTED_SECTIONS = ['allergies', 'problemList', 'medications', 'immunizations', 'clinicalNotes', 'patientNotes', 'smokingStatus'] as const satisfies readonly SectionKey[];
export type ChartedSection = (typeof CHARTED_SECTIONS)[number];

export function isChartedSection(section: SectionKey): section is ChartedSection {
  return (CHARTED_SECTIONS as readonly string[]).includes(section);
}

/**
 * After a save: the section's list, the entry and its history, the board's counts and, for
 * allergies, the patient's allergy alerts (the header's banner).
 */
export async function refreshAfterSave(queryClient: QueryClient, patientId: number, section: SectionKey, entry?: ClinicalEntry): Promise<void> {
  if (entry) queryClient.setQueryData(sectionKeys.entry(patientId, section, entry.entryId), entry);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sectionKeys.list(patientId, section) }),
    entry ? queryClient.invalidateQueries({ queryKey: historyKey(patientId, section, entry.entryId) }) : Promise.resolve(),
    queryClient.invalidateQueries({ queryKey: clinicalKeys.counts(patientId) }),
    section === 'allergies' ? queryClient.invalidateQueries({ queryKey: patientKeys.alertGroup(patientId, 'allergy') }) : Promise.resolve(),
  ]);
}

const path = (patientId: number, section: SectionKey) => ({ patientId: String(patientId), section });

/** POST .../clinical/{section}: a new entry (201). A 400 names the fields. */
export async function addEntry({ patientId, input }: { patientId: number; input: ClinicalEntryInput }): Promise<ClinicalEntry> {
  return unwrap(
    await api.POST('/api/patients/patient/{patientId}/clinical/{section}', {
      params: { path: path(patientId, input.section) },
      body: input,
      headers: handledByCaller('fieldErrors'),
    }),
  );
}

/** PATCH .../clinical/{section}/{entryId} on `version`; 409 `edit_conflict` with the entry as now saved. */
export async function changeEntry({ patientId, entryId, version, input }: { patientId: number; entryId: number; version: number; input: ClinicalEntryInput }): Promise<ClinicalEntry> {
  return unwrap(
    await api.PATCH('/api/patients/patient/{patientId}/clinical/{section}/{entryId}', {
      params: { path: { ...path(patientId, input.section), entryId: String(entryId) } },
      body: { version, entry: input },
      headers: handledByCaller('fieldErrors'),
    }),
  );
}

/** A 409 `edit_conflict` of this entry: the message and the entry as now saved. */
export function entryEditConflict(error: unknown, entryId: number): EditConflict<ClinicalEntry> | null {
  return editConflictOf<ClinicalEntry>(error, (current) => (current as Partial<ClinicalEntry>).entryId === entryId);
}

export function useSaveEntry(patientId: number, section: SectionKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { entryId: number | null; version: number; input: ClinicalEntryInput }) =>
      request.entryId === null ? addEntry({ patientId, input: request.input }) : changeEntry({ patientId, entryId: request.entryId, version: request.version, input: request.input }),
    // Refreshed in the background: the dialog closes at once.
    onSuccess: (entry) => void refreshAfterSave(queryClient, patientId, section, entry),
    // Refused as stale: the entry as now saved is shown under the form.
    onError: (error, request) => {
      const stale = request.entryId === null ? null : entryEditConflict(error, request.entryId);
      if (stale) void refreshAfterSave(queryClient, patientId, section, stale.current);
    },
  });
}

/** POST .../clinical/clinicalNotes/{entryId}/sign: the author signs an unsigned note. */
export function useSignNote(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ entryId, version }: { entryId: number; version: number }): Promise<ClinicalEntry> =>
      unwrap(
        await api.POST('/api/patients/patient/{patientId}/clinical/{section}/{entryId}/sign', {
          params: { path: { ...path(patientId, 'clinicalNotes'), entryId: String(entryId) } },
          body: { version },
        }),
      ),
    onSuccess: (entry) => void refreshAfterSave(queryClient, patientId, 'clinicalNotes', entry),
  });
}

/** PUT .../clinical/{section}/review: 'No Known Allergies' (true) or the mark taken back (false). */
export function useReviewSection(patientId: number, section: SectionKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (noneKnown: boolean) =>
      unwrap(
        await api.PUT('/api/patients/patient/{patientId}/clinical/{section}/review', {
          params: { path: path(patientId, section) },
          body: { noneKnown },
          headers: handledByCaller('fieldErrors'),
        }),
      ),
    onSuccess: () => refreshAfterSave(queryClient, patientId, section),
  });
}

export const historyKey = (patientId: number, section: SectionKey, entryId: number) => [...sectionKeys.entry(patientId, section, entryId), 'history'] as const;

/** GET .../clinical/{section}/{entryId}/history: the versions, newest first. */
export function useEntryHistory(patientId: number, section: SectionKey, entryId: number) {
  return useQuery({
    queryKey: historyKey(patientId, section, entryId),
    queryFn: async ({ signal }): Promise<EntryHistory> =>
      unwrap(
        await api.GET('/api/patients/patient/{patientId}/clinical/{section}/{entryId}/history', {
          params: { path: { ...path(patientId, section), entryId: String(entryId) } },
          signal,
        }),
      ),
    staleTime: 60_000,
  });
}

/** GET /api/vaccines: the vaccines the immunization form offers. */
export const vaccinesQueryOptions = queryOptions({
  queryKey: ['clinical', 'vaccines'] as const,
  queryFn: async ({ signal }): Promise<Vaccine[]> => unwrap(await api.GET('/api/vaccines', { signal })),
  staleTime: 10 * 60_000,
});

/** GET /api/clinical/codes: the smoking statuses (and vital signs). */
export const clinicalCodesQueryOptions = queryOptions({
  queryKey: ['clinical', 'codes'] as const,
  queryFn: async ({ signal }): Promise<ClinicalCodes> => unwrap(await api.GET('/api/clinical/codes', { signal })),
  staleTime: 60 * 60_000,
});

/** GET /api/diagnosis/?search=: ICD-10-CM codes as the server ranks them (billable first); nothing under 2 characters. */
export function useDiagnosisSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: ['clinical', 'diagnosis', text.toLowerCase()] as const,
    queryFn: async ({ signal }): Promise<Diagnosis[]> => unwrap(await api.GET('/api/diagnosis/', { params: { query: { search: text } }, signal })),
    enabled: text.length >= 2,
    staleTime: 5 * 60_000,
  });
}
