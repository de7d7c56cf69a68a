import { PHONE_DIGITS } from './constants';

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Formats phone input as the user types: digits only, at most 10, grouped 3-3-4 with
 * dashes ("555", "555-12", "555-123-4567"). The result is never longer than 12.
 */
export function formatPhoneInput(value: string): string {
  const digits = phoneDigits(value).slice(0, PHONE_DIGITS);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function isCompletePhone(value: string): boolean {
  return phoneDigits(value).length === PHONE_DIGITS;
}
