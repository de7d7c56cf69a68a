import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, handledByCaller } from '../client';
import { ApiRequestError, unwrap } from '../errors';
import { patientKeys, type Patient } from './keys';

/**
 * GET /api/patients/{id}. A 404 is shown by the screen ('No patient was found'), not by
 * the API Error overlay: failures fetching a patient are only logged (spec part 1, section 8).
 */
export async function getPatient(patientId: number, signal?: AbortSignal): Promise<Patient> {
  return unwrap(
    await api.GET('/api/patients/{patientId}', { params: { path: { patientId } }, headers: handledByCaller('notFound'), ...(signal ? { signal } : {}) }),
  );
}

export function patientQueryOptions(patientId: number) {
  return queryOptions({
    queryKey: patientKeys.record(patientId),
    queryFn: ({ signal }) => getPatient(patientId, signal),
    staleTime: 60_000,
  });
}

export function usePatient(patientId: number | null) {
  return useQuery({ ...patientQueryOptions(patientId ?? 0), enabled: patientId !== null && patientId > 0 });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}
