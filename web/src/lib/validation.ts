import { z } from 'zod';
import { isCompletePhone } from './phone';
import { MESSAGES, cannotBeGreaterThan } from './messages';

/** Generic form rules (spec part 1, section 5). Values are trimmed before checking. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'Required field' for an empty (after trimming) value, a select at '0' or 0, or null. */
export function requiredError(value: unknown): string | undefined {
  if (value === null || value === undefined) return MESSAGES.requiredField;
  if (typeof value === 'number') return value === 0 ? MESSAGES.requiredField : undefined;
  const text = String(value).trim();
  return text === '' || text === '0' ? MESSAGES.requiredField : undefined;
}

/** Email on blur: empty is allowed (use required for that), otherwise text@text.text. */
export function emailError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return EMAIL_PATTERN.test(text) ? undefined : MESSAGES.invalidEmail;
}

/** Phone on blur: empty is allowed, otherwise exactly 10 digits. */
export function phoneError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return isCompletePhone(text) ? undefined : MESSAGES.phoneDigits;
}

/** A phone number entered without a type (checked on submit). */
export function phoneTypeError(number: string, type: number | null | undefined): string | undefined {
  return number.trim() !== '' && (type === null || type === undefined) ? MESSAGES.phoneType : undefined;
}

export function maxNumberError(value: number | null | undefined, max: number): string | undefined {
  return value !== null && value !== undefined && value > max ? cannotBeGreaterThan(max) : undefined;
}

// zod building blocks for react-hook-form schemas.

export const requiredText = (max?: number) => {
  const base = z.string().trim().min(1, MESSAGES.requiredField);
  return max === undefined ? base : base.max(max, `At most ${max} characters`);
};

export const optionalText = (max?: number) => (max === undefined ? z.string().trim() : z.string().trim().max(max, `At most ${max} characters`));

export const requiredSelect = z.union([z.string(), z.number()]).refine((v) => requiredError(v) === undefined, MESSAGES.requiredField);

export const emailText = z
  .string()
  .trim()
  .refine((v) => emailError(v) === undefined, MESSAGES.invalidEmail);

export const phoneText = z
  .string()
  .trim()
  .refine((v) => phoneError(v) === undefined, MESSAGES.phoneDigits);

export const boundedNumber = (max: number) => z.number().max(max, cannotBeGreaterThan(max));
