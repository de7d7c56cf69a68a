import type { components } from '@/api/schema';

// The referrers' and a patient's referrals' shapes, from the server's document.

type Schemas = components['schemas'];

/** GET /api/referrers/?search=: one referrer found ('person': First Last, company below; 'organisation': its company). */
export type ReferrerSummary = Schemas['ReferrerSummary'];

/** GET /api/referrers/{referralId}. */
export type Referrer = Schemas['Referrer'];

/** A referrer's phone: type 0 Office, 1 Mobile, 2 Fax, 3 Other; an empty `number` is no phone. */
export type ReferrerPhone = Schemas['ReferrerPhone'];

/** GET /api/patients/{patientId}/referrals: one of the patient's referrals (newest date first). */
export type PatientReferral = Schemas['PatientReferral'];

/** GET /api/patients/{patientId}/referrals/{patientReferralId}: the referral and its referrer. */
export type PatientReferralDetail = Schemas['PatientReferralDetail'];

/** POST /api/patients/{patientId}/referrals. */
export type PatientReferralInput = Schemas['ReferralInput'];

/** PATCH /api/patients/{patientId}/referrals/{patientReferralId} (`reason` null: unchanged). */
export type PatientReferralUpdate = Schemas['ReferralChange'];

/** incoming: referred BY the referrer to the practice; outgoing: the practice referred the patient TO the referrer. */
export type ReferralDirection = NonNullable<PatientReferralInput['direction']>;

export type ReferralStatus = Exclude<NonNullable<PatientReferralUpdate['status']>, ''>;
