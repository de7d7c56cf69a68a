import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { collect, renderLimits } from '../../scripts/gen-limits.mjs';
import { ORDERS_PAGE_LIMIT } from '@/features/orders/lib/constants';
import { GRAMS_PER_POUND, MM_PER_FOOT, MM_PER_INCH } from '@/features/vitals/lib/constants';
import { PHONE_INPUT_MAX_LENGTH, PHONE_TYPES, SEX_TYPES } from '@/lib/constants';
import { APPOINTMENT_LENGTH_MAX_CHARS, APPOINTMENT_LENGTH_RANGE, ORDER_MAX_LENGTHS, PATIENT_MAX_LENGTHS, VITALS_MAX } from '@/lib/field-limits';
import { DEFAULT_PREFERENCES, PREFERENCE_KEYS } from '@/api/preferences/model';
import { CONFLICT_KINDS } from '@/features/appointments/lib/appointment-form';

/**
 * The limits the web app applies are the server's: each is held here to the OpenAPI
 * document the server writes (src/api/openapi.json), so a change on either side that is
 * not made on the other fails `npm test` (docs/web.md, 'The contract').
 */
const documentText = readFileSync(new URL('../api/openapi.json', import.meta.url), 'utf8');
const document = JSON.parse(documentText) as unknown;
const { limits, parameterLimits } = collect(document);

type Rule = 'maxLength' | 'minLength' | 'minimum' | 'maximum' | 'enum';
/** A rule the document states for a component schema's property. */
const rule = (schema: string, property: string, name: Rule): unknown => limits[schema]?.[property]?.[name];
/** An enum without the null a nullable property adds. */
const choices = (schema: string, property: string) => (rule(schema, property, 'enum') as unknown[] | undefined)?.filter((v) => v !== null);

describe('src/api/limits.ts', () => {
  it('is what scripts/gen-limits.mjs makes of the document', () => {
    expect(readFileSync(new URL('../api/limits.ts', import.meta.url), 'utf8')).toBe(renderLimits(document));
  });

  it('reads lengths, ranges and enums, through refs, nullable wrappers and array items', () => {
    const doc = {
      components: {
        schemas: {
          Code: { type: 'string', enum: ['a', 'b'] },
          Input: {
            type: 'object',
            properties: {
              name: { type: ['string', 'null'], maxLength: 30 },
              code: { oneOf: [{ $ref: '#/components/schemas/Code' }, { type: 'null' }] },
              ids: { type: 'array', maxItems: 20, items: { type: 'integer', minimum: 0 } },
              plain: { type: 'string' },
            },
          },
        },
      },
      paths: { '/api/things': { get: { parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 200 } }] } } },
    };
    expect(collect(doc)).toEqual({
      limits: { Input: { name: { maxLength: 30 }, code: { enum: ['a', 'b'] }, ids: { maxItems: 20, items: { minimum: 0 } } } },
      enums: { Code: ['a', 'b'] },
      parameterLimits: { '/api/things': { get: { limit: { minimum: 1, maximum: 200 } } } },
    });
    expect(renderLimits(doc)).toContain("code: { enum: ['a', 'b'] }");
  });
});

describe('the web app keeps the server document’s limits', () => {
  it("patient form: every maximum length is PatientInput's (the phone PhoneEntry's number)", () => {
    for (const [name, max] of Object.entries(PATIENT_MAX_LENGTHS)) {
      const documented = name === 'phone' ? rule('PhoneEntry', 'number', 'maxLength') : rule('PatientInput', name, 'maxLength');
      expect(documented, name).toBe(max);
    }
    // The phone input's 3-3-4 mask fits what the server takes.
    expect(PHONE_INPUT_MAX_LENGTH).toBeLessThanOrEqual(rule('PhoneEntry', 'number', 'maxLength') as number);
  });

  it("patient form: the sex and phone type choices are the document's", () => {
    expect(choices('PatientInput', 'sex')).toEqual(SEX_TYPES.map((t) => t.id));
    expect(choices('PhoneEntry', 'type')).toEqual(PHONE_TYPES.map((t) => t.id));
  });

  it("order form: the description and note lengths are OrderInput's", () => {
    for (const [name, max] of Object.entries(ORDER_MAX_LENGTHS)) expect(rule('OrderInput', name, 'maxLength'), name).toBe(max);
  });

  it("orders list: a page's size is within the document's limit", () => {
    const page = parameterLimits['/api/orders/']?.['get']?.['limit'] as { minimum: number; maximum: number } | undefined;
    expect(page?.maximum).toBeGreaterThanOrEqual(ORDERS_PAGE_LIMIT);
    expect(page?.minimum).toBeLessThanOrEqual(ORDERS_PAGE_LIMIT);
  });

  it("appointment form: the duration's range and digits are AppointmentInput's length", () => {
    expect(APPOINTMENT_LENGTH_RANGE).toEqual({ min: rule('AppointmentInput', 'length', 'minimum'), max: rule('AppointmentInput', 'length', 'maximum') });
    expect(APPOINTMENT_LENGTH_MAX_CHARS).toBe(String(rule('AppointmentInput', 'length', 'maximum')).length);
  });

  it("vitals form: each maximum is VitalsInput's, converted from the stored units where the form's differ", () => {
    for (const name of ['systolic', 'diastolic', 'heartRate', 'respiratoryRate', 'temperature', 'sp02'] as const) {
      expect(rule('VitalsInput', name, 'maximum'), name).toBe(VITALS_MAX[name]);
      expect(rule('VitalsInput', name, 'minimum'), name).toBe(0);
    }
    // Weight is sent in grams (whole), height in millimetres.
    expect(rule('VitalsInput', 'weight', 'maximum')).toBe(Math.floor(VITALS_MAX.weight * GRAMS_PER_POUND));
    expect(rule('VitalsInput', 'height', 'maximum')).toBeCloseTo(VITALS_MAX.feet * MM_PER_FOOT + VITALS_MAX.inches * MM_PER_INCH, 6);
  });

  it("schedule: the conflict codes are ScheduleConflict's", () => {
    expect(Object.keys(CONFLICT_KINDS).sort()).toEqual([...(choices('ScheduleConflict', 'code') ?? [])].sort());
  });

  it("preferences: every key the app reads is one SavePreference's key takes", () => {
    const keys = choices('SavePreference', 'key') ?? [];
    expect(keys.length).toBeGreaterThan(0);
    for (const key of PREFERENCE_KEYS) expect(keys, key).toContain(key);
  });

  it("preferences: each default has the document's type and keeps its choices and bounds", () => {
    const values = (document as { components: { schemas: Record<string, { properties: Record<string, { type?: string }> }> } }).components
      .schemas['PreferenceValues']?.properties;
    expect(values, 'PreferenceValues in the document').toBeTruthy();
    const typeOf = (v: unknown) => (Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
    for (const key of PREFERENCE_KEYS) {
      const property = values?.[key];
      expect(property, key).toBeTruthy();
      const value: unknown = DEFAULT_PREFERENCES[key];
      // The document typed clinicalSummary as an open object before it described the widgets (a list).
      if (key === 'clinicalSummary' && property?.type === 'object') continue;
      expect(property?.type ?? 'object', key).toBe(typeOf(value));
      const allowed = choices('PreferenceValues', key);
      if (allowed) expect(allowed, key).toContain(value);
      const [min, max] = [rule('PreferenceValues', key, 'minimum'), rule('PreferenceValues', key, 'maximum')] as (number | undefined)[];
      if (min !== undefined) expect(value as number, key).toBeGreaterThanOrEqual(min);
      if (max !== undefined) expect(value as number, key).toBeLessThanOrEqual(max);
    }
  });
});
