// The referrers' and a patient's referrals' shapes (issue 16's contract). TEMPORARY: written by
// hand until the server's OpenAPI document has them; then from `@/api/schema`.

/** 'person' (First Last, company below) or 'organisation' (its company name; first and last are ''). */
export type ReferrerType = 'person' | 'organisation';

/** in: refers patients to the practice; out: the practice refers patients to them. */
export type ReferrerDirection = 'in' | 'out' | 'both';

/** A referrer's phone; type 0 Office, 1 Mobile, 2 Fax, 3 Other; an empty `number` is no phone. */
export interface ReferrerPhone {
  type: number | null;
  number: string;
  ext: string;
}

/** GET /api/referrers/?search=: one referrer found. */
export interface ReferrerSummary {
  referralId: number;
  type: ReferrerType;
  first: string;
  last: string;
  company: string;
  specialty: string;
  npi: string;
}

/** GET /api/referrers/{referralId}. */
export interface Referrer {
  referralId: number;
  type: ReferrerType;
  direction: ReferrerDirection;
  first: string;
  last: string;
  company: string;
  specialty: string;
  npi: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  website: string;
  directAddress: string;
  email: string;
  phone1: ReferrerPhone;
  phone2: ReferrerPhone;
  phone3: ReferrerPhone;
  notes: string;
  version: number;
}

/** incoming: referred BY the referrer to the practice; outgoing: the practice referred the patient TO the referrer. */
export type ReferralDirection = 'incoming' | 'outgoing';
export type ReferralStatus = 'pending' | 'scheduled' | 'completed' | 'cancelled';

/** GET /api/patients/{patientId}/referrals: one of the patient's referrals (newest date first). */
export interface PatientReferral {
  patientReferralId: number;
  /** The referrer. */
  referralId: number;
  first: string;
  last: string;
  company: string;
  specialty: string;
  direction: ReferralDirection;
  /** yyyy-MM-dd */
  date: string;
  reason: string;
  status: ReferralStatus;
  version: number;
  createdAt: string;
}

/** GET /api/patients/{patientId}/referrals/{patientReferralId}: the referral and its referrer. */
export type PatientReferralDetail = PatientReferral & { referrer: Referrer };

/** POST /api/patients/{patientId}/referrals. */
export interface PatientReferralInput {
  referralId: number;
  direction: ReferralDirection;
  date: string;
  reason: string;
  status: ReferralStatus;
}

/** PATCH /api/patients/{patientId}/referrals/{patientReferralId}. */
export interface PatientReferralUpdate {
  status: ReferralStatus;
  reason?: string;
  version: number;
}
