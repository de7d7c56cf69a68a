import { ApiRequestError } from '@/api/errors';

/**
 * Query keys: referrers (not patient data) under `['referrers']`; a patient's referrals under
 * `['patients', id, 'referrals']`, so refreshing the patient refreshes them too.
 */
export const referrerKeys = {
  search: (text: string) => ['referrers', 'search', text] as const,
  referrer: (referralId: number) => ['referrers', referralId] as const,
  patientReferrals: (patientId: number) => ['patients', patientId, 'referrals'] as const,
  patientReferral: (patientId: number, patientReferralId: number) => ['patients', patientId, 'referrals', patientReferralId] as const,
};

/** 'Referral not found': a 404 (or an id the server refuses as no number). */
export function isReferralNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}
