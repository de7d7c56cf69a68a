import { describe, expect, it } from 'vitest';
import { formatPhoneInput, isCompletePhone } from './phone';
import { emailError, maxNumberError, phoneError, phoneTypeError, requiredError } from './validation';

describe('phone input', () => {
  it('formats as 3-3-4 digits with dashes while typing', () => {
    expect(formatPhoneInput('')).toBe('');
    expect(formatPhoneInput('5')).toBe('5');
    expect(formatPhoneInput('555')).toBe('555');
    expect(formatPhoneInput('5551')).toBe('555-1');
    expect(formatPhoneInput('555123')).toBe('555-123');
    expect(formatPhoneInput('5551234')).toBe('555-123-4');
    expect(formatPhoneInput('5551234567')).toBe('555-123-4567');
  });
  it('keeps digits only and at most 10 of them (12 characters)', () => {
    expect(formatPhoneInput('(555) 123-4567')).toBe('555-123-4567');
    expect(formatPhoneInput('555-123-45678999')).toBe('555-123-4567');
    expect(formatPhoneInput('555-123-45678999')).toHaveLength(12);
    expect(formatPhoneInput('abc')).toBe('');
  });
  it('needs exactly 10 digits', () => {
    expect(isCompletePhone('555-123-4567')).toBe(true);
    expect(isCompletePhone('555-123-456')).toBe(false);
    expect(phoneError('555-123-456')).toBe('Number needs to be 10 digits');
    expect(phoneError('555-123-4567')).toBeUndefined();
    expect(phoneError('   ')).toBeUndefined();
  });
  it('needs a type for a number on submit', () => {
    expect(phoneTypeError('555-123-4567', null)).toBe('Phone number requires a phone type');
    expect(phoneTypeError('555-123-4567', 0)).toBeUndefined();
    expect(phoneTypeError('', null)).toBeUndefined();
  });
});

describe('generic rules', () => {
  it('checks email on the basic text@text.text pattern', () => {
    expect(emailError('pat@example.com')).toBeUndefined();
    expect(emailError('  pat@example.com  ')).toBeUndefined();
    expect(emailError('')).toBeUndefined();
    for (const bad of ['pat', 'pat@', 'pat@example', '@example.com', 'pat@example.', 'p at@example.com']) {
      expect(emailError(bad)).toBe('Invalid email');
    }
  });
  it("says 'Required field' for empty text, a select at '0' and whitespace", () => {
    expect(requiredError('')).toBe('Required field');
    expect(requiredError('   ')).toBe('Required field');
    expect(requiredError('0')).toBe('Required field');
    expect(requiredError(0)).toBe('Required field');
    expect(requiredError(null)).toBe('Required field');
    expect(requiredError('Smith')).toBeUndefined();
    expect(requiredError(3)).toBeUndefined();
  });
  it('names the maximum of numeric fields', () => {
    expect(maxNumberError(12, 11)).toBe('Cannot be greater than "11"');
    expect(maxNumberError(11, 11)).toBeUndefined();
  });
});
