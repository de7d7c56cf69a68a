import type { components } from '@/api/schema';

// The billing order's shapes, from the server's document.

export type Diagnosis = components['schemas']['Diagnosis'];
export type PatientProblem = components['schemas']['PatientProblem'];
export type FeeSchedule = components['schemas']['FeeSchedule'];
export type ProviderOfficeFee = components['schemas']['ProviderOfficeFee'];

/** GET /api/fee/?search=&feeScheduleId=: a procedure code of a fee schedule, its fee in cents (calculationMethod 0: flat, units fixed). */
export type FeeSearchResult = components['schemas']['ProcedureFee'];

/** A diagnosis of the order as a charge sends it: its place, pointer and whether this charge uses it. */
export type DiagnosisModel = components['schemas']['DiagnosisModelInput'];

/** One procedure line of a billing order as posted. */
export type ChargeInput = components['schemas']['ChargeInput'];

/** POST /api/patients/patient/{patientId}/charge (with an Idempotency-Key header). */
export type BillingOrderInput = components['schemas']['BillingOrderInput'];

/** The 201 answer: the order as posted, its lines' fees and total in cents. */
export type BillingOrderResult = components['schemas']['BillingOrder'];
