import type { components } from '@/api/schema';

// The billing order's shapes. The diagnosis, problem and fee schedule ones come from the
// server's document; the fee search and the charge post are written here from the API's
// contract until the document has them.

export type Diagnosis = components['schemas']['Diagnosis'];
export type PatientProblem = components['schemas']['PatientProblem'];
export type FeeSchedule = components['schemas']['FeeSchedule'];
export type ProviderOfficeFee = components['schemas']['ProviderOfficeFee'];

/** GET /api/fee/?search=&feeScheduleId=: a procedure code of a fee schedule, its fee in cents. */
export interface FeeSearchResult {
  code: string;
  description: string;
  notes: string;
  /** Integer cents. */
  fee: number;
  units: number;
  /** 0: the units are fixed (the form does not let them change). */
  calculationMethod: number;
}

/** A diagnosis of the order as a charge sends it: its place, pointer and whether this charge uses it. */
export interface DiagnosisModel {
  umlsId: string;
  /** The 0-based place in the order's list. */
  order: number;
  toggledOn: boolean;
  diagnosis: string;
  /** 'A'..'L': the place in the list. */
  pointer: string;
  code: string;
}

/** One procedure line of a billing order as posted. */
export interface ChargeInput {
  procedureDate: string;
  procedure: string;
  description: string;
  feeScheduleId: number;
  modifier1: string;
  modifier2: string;
  modifier3: string;
  modifier4: string;
  tooth: string;
  surface: string;
  units: number;
  /** Integer cents (the server recomputes it). */
  unitFee: number;
  calculationMethod: number;
  /** The umlsIds of the diagnoses this charge uses, in pointer order, at most 4. */
  diagnosisIds: string[];
  /** The order's whole diagnosis list as shown. */
  diagnosisModels: DiagnosisModel[];
}

/** POST /api/patients/patient/{patientId}/charge (with an Idempotency-Key header). */
export interface BillingOrderInput {
  providerId: number;
  /** yyyy-MM-dd */
  procedureDate: string;
  orderNotes: string;
  charges: ChargeInput[];
}

/** A posted charge line as the server answers it (fees in cents, pointers as 'AB'). */
export interface PostedCharge {
  line: number;
  procedureDate: string;
  procedure: string;
  description: string;
  modifier1: string;
  modifier2: string;
  modifier3: string;
  modifier4: string;
  tooth: string;
  surface: string;
  units: number;
  unitFee: number;
  fee: number;
  calculationMethod: number;
  pointers: string;
}

/** The 201 answer: the order as posted, its total in cents. */
export interface BillingOrderResult {
  status: number;
  orderId: number;
  patientId: number;
  providerId: number;
  procedureDate: string;
  orderNotes: string;
  total: number;
  charges: PostedCharge[];
  diagnoses: Array<{ code: string; diagnosis: string; umlsId: string; pointer: string; index: number }>;
}
