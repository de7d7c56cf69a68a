import { describe, expect, it } from 'vitest';
import {
  checkVitals,
  cmToMm,
  feetInchesToMm,
  formFieldOf,
  gramsToPounds,
  headCircumferenceOffered,
  isoUtcWithoutFractions,
  measuredAt,
  mmToFeetInches,
  newVitalsValues,
  numericInput,
  poundsToGrams,
  toVitalsInput,
  vitalsDisplay,
  type VitalsFormValues,
} from './vitals';

const NOW = new Date(2026, 10, 22, 9, 30);
const blank = (): VitalsFormValues => newVitalsValues(NOW);

describe('vitals unit conversions', () => {
  it('height: 304.8 mm per foot and 25.4 per inch', () => {
    expect(feetInchesToMm(1, 0)).toBe(304.8);
    expect(feetInchesToMm(0, 1)).toBe(25.4);
    expect(feetInchesToMm(5, 10)).toBe(1778);
    expect(feetInchesToMm(2, 7.5)).toBe(800.1);
  });

  it('weight: the floor of 453.592 g per pound', () => {
    expect(poundsToGrams(1)).toBe(453);
    expect(poundsToGrams(150)).toBe(68038);
    expect(poundsToGrams(150.5)).toBe(68265);
    expect(poundsToGrams(125)).toBe(56699);
    // The largest weight still fits a 32-bit number of grams.
    expect(poundsToGrams(4734394)).toBe(2147483243);
  });

  it('head circumference: cm times 10', () => {
    expect(cmToMm(45.5)).toBe(455);
    expect(cmToMm(1.1)).toBe(11);
    expect(cmToMm(48)).toBe(480);
  });

  it('the date as ISO UTC without fractions of a second', () => {
    expect(isoUtcWithoutFractions(new Date(Date.UTC(2026, 10, 22, 14, 5, 30, 123)))).toBe('2026-11-22T14:05:30Z');
    const local = measuredAt('2026-11-22', '09:30');
    expect(local?.getTime()).toBe(NOW.getTime());
    expect(measuredAt('', '09:30')).toBeNull();
  });

  it('shows stored units back in the form units', () => {
    expect(mmToFeetInches(1778)).toEqual({ feet: 5, inches: 10 });
    expect(mmToFeetInches(305)).toEqual({ feet: 1, inches: 0 });
    expect(gramsToPounds(68038)).toBe(150);
    const shown = vitalsDisplay({ vitalsId: 1, patientId: 1, date: '2026-11-22T14:05:00Z', height: 1778, weight: 68038, systolic: 120, diastolic: 80, temperature: 98.6, sp02: 97.5, headCircumference: 455 });
    expect(shown).toMatchObject({ height: '5 ft 10 in', weight: '150 lbs', bloodPressure: '120/80 mmHg', temperature: '98.6 °F', sp02: '97.5 %', headCircumference: '45.5 cm', heartRate: '' });
  });
});

describe('the vitals form', () => {
  it('starts at the present date and time', () => {
    expect(blank()).toMatchObject({ date: '2026-11-22', time: '09:30', weight: '', headCircumference: '' });
  });

  it("'Empty Vitals' when nothing but the date and time is filled", () => {
    expect(checkVitals(blank(), { headCircumference: true, now: NOW }).empty).toBe(true);
    expect(checkVitals({ ...blank(), heartRate: '72' }, { headCircumference: false, now: NOW }).empty).toBe(false);
    // A head circumference the form does not offer does not count.
    expect(checkVitals({ ...blank(), headCircumference: '45' }, { headCircumference: false, now: NOW }).empty).toBe(true);
  });

  it('maximums: \'Cannot be greater than "{max}"\'', () => {
    const values: VitalsFormValues = {
      ...blank(),
      weight: '4734394.01',
      feet: '100000',
      inches: '11.5',
      systolic: '2147483648',
      diastolic: '2147483647',
      heartRate: '2147483648',
      respiratoryRate: '2147483648',
      temperature: '200.1',
      sp02: '100.1',
    };
    expect(checkVitals(values, { headCircumference: true, now: NOW }).errors).toEqual({
      weight: 'Cannot be greater than "4734394"',
      feet: 'Cannot be greater than "99999"',
      inches: 'Cannot be greater than "11"',
      systolic: 'Cannot be greater than "2147483647"',
      heartRate: 'Cannot be greater than "2147483647"',
      respiratoryRate: 'Cannot be greater than "2147483647"',
      temperature: 'Cannot be greater than "200"',
      sp02: 'Cannot be greater than "100"',
    });
    const atMax = { ...blank(), weight: '4734394', feet: '99999', inches: '11', temperature: '200', sp02: '100', systolic: '2147483647' };
    expect(checkVitals(atMax, { headCircumference: true, now: NOW }).errors).toEqual({});
  });

  it('the date and time are required and not in the future', () => {
    expect(checkVitals({ ...blank(), date: '', heartRate: '70' }, { headCircumference: false, now: NOW }).errors).toEqual({ date: 'Required field' });
    expect(checkVitals({ ...blank(), date: '2026-11-23', heartRate: '70' }, { headCircumference: false, now: NOW }).errors).toEqual({ date: 'Cannot be in the future' });
  });

  it('converts before sending; empty fields are not measured', () => {
    const input = toVitalsInput({ ...blank(), feet: '5', inches: '10', weight: '150', temperature: '98.6', sp02: '97.5', headCircumference: '45.5', systolic: '120' }, { headCircumference: true });
    expect(input).toEqual({
      date: isoUtcWithoutFractions(NOW),
      height: 1778,
      weight: 68038,
      systolic: 120,
      diastolic: null,
      heartRate: null,
      temperature: 98.6,
      sp02: 97.5,
      respiratoryRate: null,
      headCircumference: 455,
      feet: null,
      inches: null,
    });
    expect(toVitalsInput({ ...blank(), inches: '30' }, { headCircumference: false }).height).toBe(762);
    expect(toVitalsInput({ ...blank(), headCircumference: '45' }, { headCircumference: false }).headCircumference).toBeNull();
    expect(input.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('head circumference is offered when the birth date is unknown or the patient is 3 or younger', () => {
    const today = new Date(2026, 10, 22);
    expect(headCircumferenceOffered(null, today)).toBe(true);
    expect(headCircumferenceOffered('2023-11-22', today)).toBe(true);
    expect(headCircumferenceOffered('2022-11-23', today)).toBe(true);
    expect(headCircumferenceOffered('2022-11-22', today)).toBe(false);
    expect(headCircumferenceOffered('1980-01-01', today)).toBe(false);
  });

  it('number fields keep digits and the allowed decimals as typed', () => {
    expect(numericInput('12a3', 0)).toBe('123');
    expect(numericInput('98.65', 1)).toBe('98.6');
    expect(numericInput('98,6', 1)).toBe('98.6');
    expect(numericInput('1.2.3', 2)).toBe('1.23');
    expect(numericInput('5.', 0)).toBe('5');
  });

  it("shows the server's height error on Feet", () => {
    expect(formFieldOf('height')).toBe('feet');
    expect(formFieldOf('sp02')).toBe('sp02');
    expect(formFieldOf('date')).toBe('date');
    expect(formFieldOf('nonsense')).toBeNull();
  });
});
