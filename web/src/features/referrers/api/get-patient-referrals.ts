import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, handledByCaller } from '@/api/client';
import { unwrap } from '@/api/errors';
import { referrerKeys } from './keys';
import type { PatientReferral, PatientReferralDetail } from './types';

/** GET /api/patients/{patientId}/referrals: the patient's referrals, newest date first. */
export const patientReferralsQueryOptions = (patientId: number) =>
  queryOptions({
    queryKey: referrerKeys.patientReferrals(patientId),
    queryFn: async ({ signal }): Promise<PatientReferral[]> =>
      unwrap(await api.GET('/api/patients/{patientId}/referrals', { params: { path: { patientId } }, signal })),
    // Asked again at each visit (shown from the cache meanwhile): another desk, or an
    // appointment's page, may have referred the patient since.
    staleTime: 0,
  });

export const usePatientReferrals = (patientId: number) => useQuery(patientReferralsQueryOptions(patientId));

/** GET /api/patients/{patientId}/referrals/{patientReferralId}: the referral and its referrer; 404 'Referral not found' is the page's. */
export const patientReferralQueryOptions = (patientId: number, patientReferralId: number) =>
  queryOptions({
    queryKey: referrerKeys.patientReferral(patientId, patientReferralId),
    queryFn: async ({ signal }): Promise<PatientReferralDetail> =>
      unwrap(
        await api.GET('/api/patients/{patientId}/referrals/{patientReferralId}', { params: { path: { patientId, patientReferralId } }, headers: handledByCaller('notFound'), signal }),
      ),
  });

export const usePatientReferral = (patientId: number, patientReferralId: number | null) =>
  useQuery({ ...patientReferralQueryOptions(patientId, patientReferralId ?? 0), enabled: patientReferralId !== null });
