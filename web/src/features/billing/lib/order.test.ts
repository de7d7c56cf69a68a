import { describe, expect, it } from 'vitest';
import type { PatientProblem } from '../api/types';
import {
  addDiagnosis,
  chargeFee,
  chargeFieldOf,
  chargeFromFee,
  chargePointers,
  diagnosesFromProblems,
  diagnosisInUse,
  filterSurface,
  isDuplicate,
  modifierValid,
  moveItem,
  newIdempotencyKey,
  orderTotal,
  pointerAt,
  removeDiagnosis,
  shortDescription,
  surfaceNeedsTooth,
  toBillingOrderInput,
  toggleChargeDiagnosis,
  toothValid,
  unitsValid,
  withPointers,
  type Charge,
  type OrderDiagnosis,
} from './order';

const dx = (code: string, diagnosis = `Description of ${code}`): OrderDiagnosis => ({ umlsId: `ICD10CM:${code}`, code, diagnosis });
const charge = (over: Partial<Charge> = {}): Charge => ({
  ...chargeFromFee({ code: 'D2391', description: 'Resin-based composite - one surface, posterior', notes: '', fee: 15050, units: 1, calculationMethod: 1 }, 3, 'k1'),
  ...over,
});

describe('pointers', () => {
  it('are the letters A to L by place in the list', () => {
    expect(pointerAt(0)).toBe('A');
    expect(pointerAt(11)).toBe('L');
    expect(pointerAt(12)).toBe('');
    const list = withPointers([dx('E11.9'), dx('I10'), dx('K02.52')]);
    expect(list.map((d) => `${d.pointer}${d.index}`)).toEqual(['A0', 'B1', 'C2']);
  });

  it('follow the list after a move (reassigned A.. in order)', () => {
    const list = [dx('E11.9'), dx('I10'), dx('K02.52')];
    const moved = moveItem(list, 2, 0);
    expect(withPointers(moved).map((d) => `${d.pointer}:${d.code}`)).toEqual(['A:K02.52', 'B:E11.9', 'C:I10']);
    expect(moveItem(list, 0, 0)).toBe(list);
    expect(moveItem(list, 0, 99).map((d) => d.code)).toEqual(['I10', 'K02.52', 'E11.9']);
    expect(moveItem(list, 5, 0)).toBe(list);
  });

  it("a charge's pointers and ids follow the list's order, not the order they were switched on", () => {
    const list = [dx('E11.9'), dx('I10'), dx('K02.52')];
    const c = charge({ diagnosisIds: ['ICD10CM:K02.52', 'ICD10CM:E11.9'] });
    expect(chargePointers(c, list)).toBe('AC');
    expect(chargePointers(c, moveItem(list, 2, 0))).toBe('AB');
  });
});

describe('the diagnosis list', () => {
  it('refuses a duplicate by umlsId (any case)', () => {
    const list = [dx('E11.9')];
    expect(isDuplicate(list, 'icd10cm:e11.9')).toBe(true);
    expect(addDiagnosis(list, dx('E11.9', 'other words'))).toEqual({ ok: false, reason: 'duplicate' });
    const added = addDiagnosis(list, dx('I10'));
    expect(added.ok && added.diagnoses.map((d) => d.code)).toEqual(['E11.9', 'I10']);
  });

  it('holds at most 12', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => dx(`Z${String(i).padStart(2, '0')}`));
    expect(addDiagnosis(twelve, dx('I10'))).toEqual({ ok: false, reason: 'full' });
    expect(addDiagnosis(twelve.slice(0, 11), dx('I10')).ok).toBe(true);
  });

  it('removes a diagnosis only when no charge uses it', () => {
    const list = [dx('E11.9'), dx('I10')];
    const charges = [charge({ diagnosisIds: ['ICD10CM:I10'] })];
    expect(diagnosisInUse(charges, 'ICD10CM:I10')).toBe(true);
    expect(removeDiagnosis(list, charges, 'ICD10CM:I10')).toBe(list);
    expect(removeDiagnosis(list, charges, 'ICD10CM:E11.9').map((d) => d.code)).toEqual(['I10']);
  });

  it("starts from the patient's active problems, once each, at most 12", () => {
    const problem = (code: string, status: string, id = code): PatientProblem => ({ problemId: 1, problemCode: code, description: `d ${code}`, problemListUmlsId: `ICD10CM:${id}`, status, onset: null });
    const problems = [problem('E11.9', 'Active'), problem('I10', 'resolved'), problem('J45.909', 'ACTIVE'), problem('E11.9', 'active'), problem('K21.9', 'inactive')];
    expect(diagnosesFromProblems(problems).map((d) => d.code)).toEqual(['E11.9', 'J45.909']);
    const many = Array.from({ length: 15 }, (_, i) => problem(`Z${i}`, 'active'));
    expect(diagnosesFromProblems(many)).toHaveLength(12);
  });

  it('cuts descriptions at 40 characters', () => {
    expect(shortDescription('Type 2 diabetes mellitus without complications')).toBe('Type 2 diabetes mellitus without complic…');
    expect(Array.from(shortDescription('x'.repeat(41))).length).toBe(41);
    expect(shortDescription('x'.repeat(40))).toBe('x'.repeat(40));
    expect(shortDescription('Essential (primary) hypertension')).toBe('Essential (primary) hypertension');
  });
});

describe('the charge form', () => {
  it('keeps only the surface letters, each once, in capitals', () => {
    expect(filterSurface('mod')).toBe('MOD');
    expect(filterSurface('MoDm')).toBe('MOD');
    expect(filterSurface('mxo1d')).toBe('MOD');
    expect(filterSurface('bilfdom')).toBe('BILFDOM');
    expect(filterSurface('MO')).toBe('MO');
    expect(filterSurface('')).toBe('');
    expect(filterSurface('zzz')).toBe('');
  });

  it('checks modifiers, tooth and units', () => {
    expect(['', '25', 'GT', 'lt'].every(modifierValid)).toBe(true);
    expect(['2', '250', 'G-'].some(modifierValid)).toBe(false);
    expect(['', '1', '32', 'A', 't'].every(toothValid)).toBe(true);
    expect(['0', '33', 'U', '1A', '100'].some(toothValid)).toBe(false);
    expect(surfaceNeedsTooth('', 'MO')).toBe(true);
    expect(surfaceNeedsTooth('3', 'MO') || surfaceNeedsTooth('', '')).toBe(false);
    expect(['1', '12'].every(unitsValid)).toBe(true);
    expect(['0', '', '1.5', '-1'].some(unitsValid)).toBe(false);
  });

  it('lets a charge use at most 4 diagnoses', () => {
    let ids: readonly string[] = [];
    for (const code of ['A', 'B', 'C', 'D', 'E']) ids = toggleChargeDiagnosis(ids, code, true);
    expect(ids).toEqual(['A', 'B', 'C', 'D']);
    expect(toggleChargeDiagnosis(ids, 'B', false)).toEqual(['A', 'C', 'D']);
    expect(toggleChargeDiagnosis(ids, 'A', true)).toBe(ids);
  });
});

describe('money', () => {
  it('adds integer cents', () => {
    expect(chargeFee(charge({ unitFee: 1999, units: 3 }))).toBe(5997);
    // A flat fee (calculationMethod 0) is the unit fee whatever the units.
    expect(chargeFee(charge({ unitFee: 5500, units: 2, calculationMethod: 0 }))).toBe(5500);
    // 0.1 + 0.2 in dollars would not be 0.3; in cents it is exact.
    expect(orderTotal([charge({ unitFee: 10, units: 1 }), charge({ unitFee: 20, units: 1 })])).toBe(30);
    expect(orderTotal([])).toBe(0);
    expect(orderTotal([charge({ unitFee: 15050, units: 2 }), charge({ unitFee: 9999, units: 1 })])).toBe(40099);
  });
});

describe('the request body', () => {
  const diagnoses = [dx('E11.9', 'Type 2 diabetes mellitus without complications'), dx('K02.52'), dx('I10')];
  const dental = charge({ key: 'a', tooth: '3', surface: 'mod', modifier1: 'gt', diagnosisIds: ['ICD10CM:I10', 'ICD10CM:E11.9'] });
  const plain = charge({ key: 'b', procedure: 'D0120', description: 'Periodic oral evaluation', unitFee: 5500, diagnosisIds: [] });

  it('carries every charge with the order date, its diagnoses in pointer order and the whole list', () => {
    const body = toBillingOrderInput(
      { providerId: 5, procedureDate: '2026-11-24', charges: [dental, plain], diagnoses },
      { allowDx: true, allowModifiers: true, allowToothSurface: true },
    );
    expect(body.providerId).toBe(5);
    expect(body.procedureDate).toBe('2026-11-24');
    expect(body.orderNotes).toBe('');
    expect(body.charges[0]).toEqual({
      procedureDate: '2026-11-24',
      procedure: 'D2391',
      description: 'Resin-based composite - one surface, posterior',
      feeScheduleId: 3,
      modifier1: 'GT',
      modifier2: '',
      modifier3: '',
      modifier4: '',
      tooth: '3',
      surface: 'MOD',
      units: 1,
      unitFee: 15050,
      calculationMethod: 1,
      diagnosisIds: ['ICD10CM:E11.9', 'ICD10CM:I10'],
      diagnosisModels: [
        { umlsId: 'ICD10CM:E11.9', order: 0, toggledOn: true, diagnosis: 'Type 2 diabetes mellitus without complications', pointer: 'A', code: 'E11.9' },
        { umlsId: 'ICD10CM:K02.52', order: 1, toggledOn: false, diagnosis: 'Description of K02.52', pointer: 'B', code: 'K02.52' },
        { umlsId: 'ICD10CM:I10', order: 2, toggledOn: true, diagnosis: 'Description of I10', pointer: 'C', code: 'I10' },
      ],
    });
    expect(body.charges[1]?.diagnosisIds).toEqual([]);
    expect(body.charges[1]?.diagnosisModels.every((m) => !m.toggledOn)).toBe(true);
  });

  it('leaves out what the preferences hide', () => {
    const body = toBillingOrderInput({ providerId: 5, procedureDate: '2026-11-24', charges: [dental], diagnoses }, { allowDx: false, allowModifiers: false, allowToothSurface: false });
    const [c] = body.charges;
    expect(c).toMatchObject({ modifier1: '', tooth: '', surface: '', diagnosisIds: [], diagnosisModels: [] });
  });
});

describe('odds and ends', () => {
  it("reads a charge's field from a 400", () => {
    expect(chargeFieldOf('charges[2].surface')).toEqual({ index: 2, field: 'surface' });
    expect(chargeFieldOf('charges[0]')).toEqual({ index: 0, field: '' });
    expect(chargeFieldOf('providerId')).toBeNull();
  });

  it('makes a new UUID key each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
