import type { BillingOrderInput, ChargeInput, DiagnosisModel, FeeSearchResult, PatientProblem } from '../api/types';
import { DESCRIPTION_MAX, MAX_CHARGE_DIAGNOSES, MAX_DIAGNOSES, POINTERS, SURFACE_LETTERS } from './constants';

// The billing order's rules, without UI (spec part 2: 'Billing order' under States,
// section 5 'Charge form', section 9).

/** A diagnosis of the order. Its place in the list is its pointer (A for the first). */
export interface OrderDiagnosis {
  umlsId: string;
  code: string;
  diagnosis: string;
}

/** A charge as the page holds it; `key` tells the charges apart while they are edited. */
export interface Charge {
  key: string;
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
  /** Integer cents. */
  unitFee: number;
  calculationMethod: number;
  /** The umlsIds of the order's diagnoses this charge uses (at most 4; sent in pointer order). */
  diagnosisIds: string[];
}

/** The pointer of the diagnosis at `index` of the list: 'A' for 0 ... 'L' for 11. */
export function pointerAt(index: number): string {
  return POINTERS[index] ?? '';
}

/** The diagnoses with their pointers and places, as the list shows them and a charge sends them. */
export function withPointers(diagnoses: readonly OrderDiagnosis[]): Array<OrderDiagnosis & { pointer: string; index: number }> {
  return diagnoses.map((d, index) => ({ ...d, pointer: pointerAt(index), index }));
}

/** Whether the list already holds this diagnosis (judged by umlsId, any case, spaces ignored). */
export function isDuplicate(diagnoses: readonly OrderDiagnosis[], umlsId: string): boolean {
  const wanted = umlsId.trim().toLowerCase();
  return diagnoses.some((d) => d.umlsId.trim().toLowerCase() === wanted);
}

export type AddDiagnosisResult = { ok: true; diagnoses: OrderDiagnosis[] } | { ok: false; reason: 'duplicate' | 'full' };

/** Adds a diagnosis at the end: refused when the list holds it already or holds 12. */
export function addDiagnosis(diagnoses: readonly OrderDiagnosis[], added: OrderDiagnosis): AddDiagnosisResult {
  if (isDuplicate(diagnoses, added.umlsId)) return { ok: false, reason: 'duplicate' };
  if (diagnoses.length >= MAX_DIAGNOSES) return { ok: false, reason: 'full' };
  return { ok: true, diagnoses: [...diagnoses, added] };
}

/** Whether a charge uses the diagnosis (then it cannot be removed). */
export function diagnosisInUse(charges: readonly Pick<Charge, 'diagnosisIds'>[], umlsId: string): boolean {
  return charges.some((c) => c.diagnosisIds.includes(umlsId));
}

/** Takes a diagnosis off the list, unless a charge uses it (the list is then answered unchanged). */
export function removeDiagnosis(diagnoses: readonly OrderDiagnosis[], charges: readonly Pick<Charge, 'diagnosisIds'>[], umlsId: string): readonly OrderDiagnosis[] {
  if (diagnosisInUse(charges, umlsId)) return diagnoses;
  return diagnoses.filter((d) => d.umlsId !== umlsId);
}

/** The list with the item at `from` moved to `to` (both kept within the list); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): readonly T[] {
  if (from < 0 || from >= list.length) return list;
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (target === from) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The description as the list shows it: cut at 40 characters (an ellipsis says it was cut). */
export function shortDescription(text: string, max = DESCRIPTION_MAX): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : chars.join('');
}

/**
 * What a surface field keeps of what was typed: the letters M, O, D, F, L, I, B (any case,
 * written in capitals), each once, in the order typed; anything else is dropped. Deleting
 * stays possible (a shorter text is kept as it is, once filtered).
 */
export function filterSurface(typed: string): string {
  let kept = '';
  for (const char of typed.toUpperCase()) {
    if (SURFACE_LETTERS.includes(char) && !kept.includes(char)) kept += char;
  }
  return kept;
}

/** A modifier: '' or 2 letters or digits (written in capitals). */
export const modifierValid = (value: string) => value === '' || /^[A-Z0-9]{2}$/i.test(value);

/** A tooth: '' or a permanent tooth 1-32 or a primary tooth A-T. */
export function toothValid(value: string): boolean {
  if (value === '') return true;
  if (/^[A-T]$/i.test(value)) return true;
  if (!/^\d{1,2}$/.test(value)) return false;
  const n = Number(value);
  return n >= 1 && n <= 32;
}

/** A surface names a tooth's faces: it needs the tooth (the server's rule). */
export const surfaceNeedsTooth = (tooth: string, surface: string) => surface !== '' && tooth === '';

/** Units: a whole number of at least 1 (as typed). */
export function unitsValid(value: string): boolean {
  return /^\d{1,4}$/.test(value) && Number(value) >= 1;
}

/** Switches a diagnosis on or off for a charge; on is refused (the same list) when 4 are on already. */
export function toggleChargeDiagnosis(ids: readonly string[], umlsId: string, on: boolean): readonly string[] {
  if (!on) return ids.filter((id) => id !== umlsId);
  if (ids.includes(umlsId) || ids.length >= MAX_CHARGE_DIAGNOSES) return ids;
  return [...ids, umlsId];
}

/**
 * A charge's fee in cents, as the server prices it: the unit fee alone when the fee is flat
 * (calculationMethod 0), else unit fee times units (integers only; no fraction is ever summed).
 */
export function chargeFee(charge: Pick<Charge, 'unitFee' | 'units' | 'calculationMethod'>): number {
  const unitFee = Math.round(charge.unitFee);
  return charge.calculationMethod === 0 ? unitFee : unitFee * Math.round(charge.units);
}

/** The order's total in cents: the sum of its charges' fees. */
export function orderTotal(charges: readonly Pick<Charge, 'unitFee' | 'units' | 'calculationMethod'>[]): number {
  return charges.reduce((sum, c) => sum + chargeFee(c), 0);
}

/** A charge's diagnoses in pointer order (those still on the list). */
export function chargeDiagnosisIds(charge: Pick<Charge, 'diagnosisIds'>, diagnoses: readonly OrderDiagnosis[]): string[] {
  return diagnoses.filter((d) => charge.diagnosisIds.includes(d.umlsId)).map((d) => d.umlsId);
}

/** The pointers a charge uses, as a claim writes them: 'AB'. */
export function chargePointers(charge: Pick<Charge, 'diagnosisIds'>, diagnoses: readonly OrderDiagnosis[]): string {
  return diagnoses
    .map((d, index) => (charge.diagnosisIds.includes(d.umlsId) ? pointerAt(index) : ''))
    .join('');
}

/** A problem's status counts as active in any case ('Active', 'active'). */
const isActive = (status: string) => status.trim().toLowerCase() === 'active';

/** The order's first diagnoses: the patient's active problems, once each, at most 12. */
export function diagnosesFromProblems(problems: readonly PatientProblem[]): OrderDiagnosis[] {
  const list: OrderDiagnosis[] = [];
  for (const p of problems) {
    if (!isActive(p.status) || !p.problemListUmlsId) continue;
    if (!isDuplicate(list, p.problemListUmlsId)) list.push({ umlsId: p.problemListUmlsId, code: p.problemCode, diagnosis: p.description });
    if (list.length >= MAX_DIAGNOSES) break;
  }
  return list;
}

/** A new charge from a fee search result (the units it comes with; no diagnoses yet). */
export function chargeFromFee(fee: FeeSearchResult, feeScheduleId: number, key: string): Charge {
  return {
    key,
    procedure: fee.code,
    description: fee.description,
    feeScheduleId,
    modifier1: '',
    modifier2: '',
    modifier3: '',
    modifier4: '',
    tooth: '',
    surface: '',
    units: fee.units > 0 ? fee.units : 1,
    unitFee: fee.fee,
    calculationMethod: fee.calculationMethod,
    diagnosisIds: [],
  };
}

/** What the preferences let a charge carry. */
export interface ChargeOptions {
  allowDx: boolean;
  allowModifiers: boolean;
  allowToothSurface: boolean;
}

/**
 * The order as posted: each charge takes the order's procedure date, carries modifiers,
 * tooth and surface only when the preferences show them, its diagnoses in pointer order and
 * the order's whole diagnosis list (none when diagnoses are off).
 */
export function toBillingOrderInput(
  order: { providerId: number; procedureDate: string; orderNotes?: string; charges: readonly Charge[]; diagnoses: readonly OrderDiagnosis[] },
  options: ChargeOptions,
): BillingOrderInput {
  const diagnoses = options.allowDx ? order.diagnoses : [];
  const charges = order.charges.map((c): ChargeInput => {
    const used = chargeDiagnosisIds(c, diagnoses);
    const models: DiagnosisModel[] = diagnoses.map((d, index) => ({
      umlsId: d.umlsId,
      order: index,
      toggledOn: used.includes(d.umlsId),
      diagnosis: d.diagnosis,
      pointer: pointerAt(index),
      code: d.code,
    }));
    return {
      procedureDate: order.procedureDate,
      procedure: c.procedure,
      description: c.description,
      feeScheduleId: c.feeScheduleId,
      modifier1: options.allowModifiers ? c.modifier1.toUpperCase() : '',
      modifier2: options.allowModifiers ? c.modifier2.toUpperCase() : '',
      modifier3: options.allowModifiers ? c.modifier3.toUpperCase() : '',
      modifier4: options.allowModifiers ? c.modifier4.toUpperCase() : '',
      tooth: options.allowToothSurface ? c.tooth.toUpperCase() : '',
      surface: options.allowToothSurface ? filterSurface(c.surface) : '',
      units: c.units,
      unitFee: c.unitFee,
      calculationMethod: c.calculationMethod,
      diagnosisIds: used.slice(0, MAX_CHARGE_DIAGNOSES),
      diagnosisModels: models,
    };
  });
  return { providerId: order.providerId, procedureDate: order.procedureDate, orderNotes: order.orderNotes ?? '', charges };
}

/** A 400's field names read back: 'providerId', 'procedureDate', or a charge's line and field ('charges[2].surface'). */
export function chargeFieldOf(name: string): { index: number; field: string } | null {
  const match = /^charges\[(\d+)\](?:\.(.+))?$/.exec(name);
  if (!match) return null;
  return { index: Number(match[1]), field: match[2] ?? '' };
}

/** A new, unguessable key for one order's post (the same key for every retry of that order). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
