import { describe, expect, it } from 'vitest';
import { limits } from '@/api/limits';
import { BAD_DATE, schemaErrors } from '@/components/form/rules';
import {
  allergySchema,
  allergyValues,
  formFieldOf,
  immunizationSchema,
  immunizationValues,
  isFutureDay,
  medicationSchema,
  medicationValues,
  noteSchema,
  noteValues,
  patientNoteSchema,
  patientNoteValues,
  problemSchema,
  problemValues,
  diagnosisText,
  smokingSchema,
  smokingValues,
  toEntryInput,
} from './entry-forms';

const TODAY = '2026-05-10';

describe('chart forms: rules', () => {
  it("asks for each form's required fields with 'Required field'", () => {
    expect(schemaErrors(allergySchema(TODAY), allergyValues())).toEqual({ substance: 'Required field' });
    expect(schemaErrors(problemSchema(TODAY), problemValues())).toEqual({ code: 'Required field' });
    expect(schemaErrors(medicationSchema(TODAY), medicationValues())).toEqual({ medication: 'Required field' });
    expect(schemaErrors(immunizationSchema(TODAY), immunizationValues(undefined, TODAY))).toEqual({ cvx: 'Required field' });
    expect(schemaErrors(noteSchema, noteValues())).toEqual({ noteType: 'Required field', text: 'Required field' });
    expect(schemaErrors(patientNoteSchema, patientNoteValues())).toEqual({ title: 'Required field', text: 'Required field' });
    expect(schemaErrors(smokingSchema(TODAY), smokingValues(undefined, TODAY))).toEqual({ code: 'Required field' });
  });

  it('holds the text to the API limits', () => {
    const long = 'x'.repeat(limits.AllergyInput.substance.maxLength + 1);
    expect(schemaErrors(allergySchema(TODAY), { ...allergyValues(), substance: long }).substance).toMatch(/At most/);
    expect(schemaErrors(allergySchema(TODAY), { ...allergyValues(), substance: '  ' }).substance).toBe('Required field');
  });

  it('a resolved problem needs its resolved date', () => {
    const v = { ...problemValues(), code: 'E11.9', clinicalStatus: 'resolved' };
    expect(schemaErrors(problemSchema(TODAY), v)).toEqual({ resolved: 'Required field' });
    expect(schemaErrors(problemSchema(TODAY), { ...v, resolved: '2026-01-01' })).toEqual({});
  });

  it("a vaccine not given needs a reason; its date is not in the future; the dose is 1 to 20", () => {
    const base = { ...immunizationValues(undefined, TODAY), cvx: '03' };
    expect(schemaErrors(immunizationSchema(TODAY), { ...base, notGiven: true })).toEqual({ statusReason: 'Required field' });
    expect(schemaErrors(immunizationSchema(TODAY), { ...base, occurrence: '2026-05-11' }).occurrence).toBe('Cannot be in the future');
    expect(schemaErrors(immunizationSchema(TODAY), { ...base, doseNumber: '21' }).doseNumber).toBe('A number from 1 to 20');
    expect(schemaErrors(immunizationSchema(TODAY), { ...base, doseNumber: '20' })).toEqual({});
    expect(isFutureDay('', TODAY)).toBe(false);
    expect(isFutureDay(TODAY, TODAY)).toBe(false);
  });
});

describe('chart forms: dates', () => {
  it("a day the input shows but that does not exist (02/30/2026) is 'Not a valid date', on every date of every form", () => {
    expect(schemaErrors(allergySchema(TODAY), { ...allergyValues(), substance: 'Peanut', onset: BAD_DATE })).toEqual({ onset: 'Not a valid date' });
    expect(schemaErrors(problemSchema(TODAY), { ...problemValues(), code: 'I10', onset: BAD_DATE, clinicalStatus: 'resolved', resolved: BAD_DATE })).toEqual({ onset: 'Not a valid date', resolved: 'Not a valid date' });
    expect(schemaErrors(medicationSchema(TODAY), { ...medicationValues(), medication: 'Aspirin', start: BAD_DATE, end: BAD_DATE })).toEqual({ start: 'Not a valid date', end: 'Not a valid date' });
    expect(schemaErrors(immunizationSchema(TODAY), { ...immunizationValues(undefined, TODAY), cvx: '03', occurrence: BAD_DATE })).toEqual({ occurrence: 'Not a valid date' });
    expect(schemaErrors(smokingSchema(TODAY), { code: '266919005', effective: BAD_DATE })).toEqual({ effective: 'Not a valid date' });
  });

  it("no date of the chart is in the future, in the server's words", () => {
    const future = '2026-05-11';
    expect(schemaErrors(allergySchema(TODAY), { ...allergyValues(), substance: 'Peanut', onset: future })).toEqual({ onset: 'Cannot be in the future' });
    expect(schemaErrors(problemSchema(TODAY), { ...problemValues(), code: 'I10', onset: future })).toEqual({ onset: 'Cannot be in the future' });
    expect(schemaErrors(medicationSchema(TODAY), { ...medicationValues(), medication: 'Aspirin', start: future, end: future })).toEqual({ start: 'Cannot be in the future', end: 'Cannot be in the future' });
    expect(schemaErrors(smokingSchema(TODAY), { code: '266919005', effective: future })).toEqual({ effective: 'Cannot be in the future' });
  });

  it('an end before its start and a resolution before its onset are refused as the server words them', () => {
    expect(schemaErrors(medicationSchema(TODAY), { ...medicationValues(), medication: 'Aspirin', start: '2026-02-01', end: '2026-01-31' })).toEqual({ end: 'Cannot be before the start date' });
    expect(schemaErrors(problemSchema(TODAY), { ...problemValues(), code: 'I10', clinicalStatus: 'resolved', onset: '2026-02-01', resolved: '2026-01-31' })).toEqual({ resolved: 'Cannot be before the onset date' });
  });
});

describe('chart forms: the ICD-10-CM field', () => {
  it("a code typed but not picked from the list stays and says 'Choose a value from the list'", () => {
    expect(schemaErrors(problemSchema(TODAY), { ...problemValues(), search: 'E11.9' })).toEqual({ code: 'Choose a value from the list' });
    expect(schemaErrors(problemSchema(TODAY), { ...problemValues(), search: '  ' })).toEqual({ code: 'Required field' });
  });
  it('an edited problem opens with its code and description in the field', () => {
    expect(problemValues({ section: 'problemList', code: 'I10', description: 'Essential (primary) hypertension', umlsId: 'I10', clinicalStatus: 'active', recorded: '' }).search).toBe('I10 Essential (primary) hypertension');
    expect(diagnosisText('', '')).toBe('');
  });
});

describe('chart forms: payloads', () => {
  it('tags the input with its section and trims text', () => {
    expect(toEntryInput('allergies', { ...allergyValues(), substance: ' Peanut ', severity: 'severe' })).toEqual({
      section: 'allergies',
      substance: 'Peanut',
      category: '',
      severity: 'severe',
      reaction: '',
      clinicalStatus: 'active',
      verificationStatus: 'confirmed',
      onset: '',
      note: '',
    });
  });

  it("sends a vaccine not given as 'not-done' with its reason, and a given one without", () => {
    const base = { ...immunizationValues(undefined, TODAY), cvx: '03', statusReason: 'Refused' };
    expect(toEntryInput('immunizations', { ...base, notGiven: true })).toMatchObject({ status: 'not-done', statusReason: 'Refused', primarySource: true });
    expect(toEntryInput('immunizations', { ...base, doseNumber: '2', primarySource: 'false' })).toMatchObject({ status: 'completed', statusReason: '', doseNumber: 2, primarySource: false });
  });

  it('a problem sends its code only (the description is shown), the resolved date only when resolved', () => {
    expect(toEntryInput('problemList', { code: 'E11.9', description: 'Type 2 diabetes', search: 'E11.9 Type 2 diabetes', clinicalStatus: 'active', onset: '', resolved: '2026-01-01' })).toEqual({
      section: 'problemList',
      code: 'E11.9',
      clinicalStatus: 'active',
      onset: '',
      resolved: '',
    });
  });

  it('a note names the note it amends', () => {
    expect(toEntryInput('clinicalNotes', { noteType: 'Progress note', text: 'Text', sign: true }, { amends: 7 })).toEqual({ section: 'clinicalNotes', noteType: 'Progress note', text: 'Text', sign: true, amends: 7 });
  });

  it("puts the server's field errors on the form's fields", () => {
    expect(formFieldOf('immunizations', 'status', ['cvx', 'notGiven'])).toBe('notGiven');
    expect(formFieldOf('allergies', 'onset', ['onset'])).toBe('onset');
    expect(formFieldOf('allergies', 'patientId', ['onset'])).toBeNull();
  });
});
