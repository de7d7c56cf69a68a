import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formFromDefaults, isFormField, patientFormPaths, splitServerErrors, toPatientInput, trimValues, validatePatientForm, type PatientFormValues } from './patient-form';

const valid: PatientFormValues = {
  ...EMPTY_FORM,
  firstName: 'Ana',
  lastName: 'Lopez',
  accountProviderId: '3',
  phone1: { number: '503-555-0123', type: '2' },
};

describe('the patient form rules', () => {
  it('needs a last and first name, and an account provider for a new account', () => {
    const errors = validatePatientForm({ ...EMPTY_FORM, firstName: '   ' }, 'create');
    expect(errors).toEqual({ lastName: 'Required field', firstName: 'Required field', accountProviderId: 'Required field' });
    expect(validatePatientForm({ ...valid, accountProviderId: '' }, 'edit')).toEqual({});
    expect(validatePatientForm({ ...valid, accountProviderId: '0' }, 'create').accountProviderId).toBe('Required field');
    expect(validatePatientForm(valid, 'create')).toEqual({});
  });

  it('checks the email shape after trimming', () => {
    expect(validatePatientForm({ ...valid, email: 'ana@example' }, 'create').email).toBe('Invalid email');
    expect(validatePatientForm({ ...valid, email: '  ana@example.com ' }, 'create').email).toBeUndefined();
    expect(validatePatientForm({ ...valid, email: '' }, 'create').email).toBeUndefined();
  });

  it('needs 10 digits for a phone and a type for each phone entered', () => {
    const errors = validatePatientForm(
      { ...valid, phone1: { number: '503-555', type: '2' }, phone2: { number: '503-555-0199', type: '' }, phone3: { number: '', type: '' } },
      'create',
    );
    expect(errors).toEqual({ 'phone1.number': 'Number needs to be 10 digits', 'phone2.type': 'Phone number requires a phone type' });
  });

  it('keeps the maximum lengths of the spec', () => {
    const long = (n: number) => 'x'.repeat(n);
    const errors = validatePatientForm(
      { ...valid, lastName: long(31), firstName: long(31), middle: long(21), prefix: long(7), suffix: long(7), maidenName: long(41), nickname: long(21), streetAddress: long(61), suite: long(61), city: long(31), zipCode: long(16), email: `${long(95)}@a.com` },
      'create',
    );
    expect(errors).toMatchObject({
      lastName: 'Cannot be longer than 30 characters',
      firstName: 'Cannot be longer than 30 characters',
      middle: 'Cannot be longer than 20 characters',
      prefix: 'Cannot be longer than 6 characters',
      suffix: 'Cannot be longer than 6 characters',
      maidenName: 'Cannot be longer than 40 characters',
      nickname: 'Cannot be longer than 20 characters',
      streetAddress: 'Cannot be longer than 60 characters',
      suite: 'Cannot be longer than 60 characters',
      city: 'Cannot be longer than 30 characters',
      zipCode: 'Cannot be longer than 15 characters',
      email: 'Cannot be longer than 100 characters',
    });
    expect(validatePatientForm({ ...valid, lastName: long(30), prefix: `  ${long(6)}  ` }, 'create')).toEqual({});
  });

  it('trims values before checking and saving', () => {
    const trimmed = trimValues({ ...valid, firstName: '  Ana ', city: ' Portland ', phone1: { number: ' 503-555-0123 ', type: '2' } });
    expect(trimmed.firstName).toBe('Ana');
    expect(trimmed.city).toBe('Portland');
    expect(trimmed.phone1.number).toBe('503-555-0123');
  });
});

describe('what the form sends', () => {
  it('sends a new account with ids, trimmed texts and the phones entered', () => {
    const input = toPatientInput({ ...valid, firstName: ' Ana ', maritalStatus: '2', officeId: '', state: 'OR' }, 'create');
    expect(input).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lopez',
      sex: 2,
      maritalStatus: 2,
      employment: 0,
      accountProviderId: 3,
      officeId: 0,
      state: 'OR',
      phone1: { number: '503-555-0123', type: 2 },
      phone2: null,
    });
    expect(input.governmentIdentifier).toBeNull();
    expect(input.version).toBeNull();
  });

  it('drops empty phone entries before saving, whatever type their select still shows', () => {
    // A new account starts with the server's default phone types (2, 0, 1) and no numbers.
    const fresh = formFromDefaults({ phone1: { number: '', type: 2 }, phone2: { number: '', type: 0 }, phone3: { number: '', type: 1 }, sex: 2, country: 'United States of America' });
    const input = toPatientInput({ ...fresh, firstName: 'Ana', lastName: 'Lopez', accountProviderId: '3', phone1: { number: ' 503-555-0123 ', type: '2' }, phone3: { number: '  ', type: '1' } }, 'create');
    expect(input.phone1).toEqual({ number: '503-555-0123', type: 2 });
    expect(input.phone2).toBeNull();
    expect(input.phone3).toBeNull();
    // What goes on the wire: no phone entry without a number.
    const wire = JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
    for (const name of ['phone1', 'phone2', 'phone3']) expect(wire[name] === null || (wire[name] as { number: string }).number !== '').toBe(true);
  });

  it('on a change, clears a phone the user emptied (with no type) and leaves out one that was empty', () => {
    const opened: PatientFormValues = { ...valid, phone2: { number: '503-555-0199', type: '0' }, phone3: { number: '', type: '1' } };
    const input = toPatientInput({ ...opened, phone2: { number: '', type: '0' } }, 'edit', 4, opened);
    expect(input.phone1).toEqual({ number: '503-555-0123', type: 2 });
    expect(input.phone2).toEqual({ number: '', type: null });
    expect(input.phone3).toBeNull();
    // Not knowing what was opened, an empty phone is cleared rather than silently kept.
    expect(toPatientInput({ ...opened, phone2: { number: '', type: '0' } }, 'edit', 4).phone2).toEqual({ number: '', type: null });
  });

  it('a change names the version of the patient it was made on; a new patient has none', () => {
    expect(toPatientInput(valid, 'edit', 5).version).toBe(5);
    expect(toPatientInput(valid, 'create', 5).version).toBeNull();
  });

  it('leaves provider, office and fee schedule out of a change', () => {
    const input = toPatientInput({ ...valid, email: '' }, 'edit');
    expect(input.accountProviderId).toBeNull();
    expect(input.officeId).toBeNull();
    expect(input.email).toBe('');
    expect(input.maritalStatus).toBe(0);
  });

  it('starts a new patient from the server defaults', () => {
    const form = formFromDefaults({
      providerId: 3,
      accountProviderId: null,
      officeId: 1,
      feeScheduleId: 1,
      maritalStatus: 7,
      sex: 2,
      employment: 8,
      languageId: 1,
      relationshipToPrimary: 1,
      relationshipToSecondary: null,
      phone1: { number: '', type: 2 },
      phone2: { number: '', type: 0 },
      phone3: { number: '', type: 1 },
      country: 'United States of America',
    });
    expect(form).toMatchObject({ patientProviderId: '3', accountProviderId: '', officeId: '1', maritalStatus: '7', preferredLanguageId: '1', relationshipToSecondary: '', country: 'United States of America' });
    expect(form.phone1).toEqual({ number: '', type: '2' });
  });

  it("starts a new member of an account from its holder's address and home phone, and names the account", () => {
    const defaults: Parameters<typeof formFromDefaults>[0] = {
      providerId: 3,
      accountProviderId: 4,
      officeId: 2,
      feeScheduleId: 1,
      maritalStatus: 7,
      sex: 2,
      employment: 8,
      languageId: 1,
      relationshipToPrimary: null,
      relationshipToSecondary: null,
      phone1: { number: '', type: 2 },
      phone2: { number: '', type: 0 },
      phone3: { number: '', type: 1 },
      country: 'United States of America',
      account: {
        accountId: 12,
        accountProviderId: 4,
        officeId: 2,
        primaryGuarantor: { patientId: 30, name: 'Lee, Ann' },
        streetAddress: '12 Elm St',
        suite: 'Apt 4',
        city: 'Salem',
        state: 'OR',
        zipCode: '97301',
        country: 'United States of America',
        homePhone: { number: '503-555-0100', type: 0 },
      },
    };
    const form = formFromDefaults(defaults);
    expect(form).toMatchObject({ streetAddress: '12 Elm St', suite: 'Apt 4', city: 'Salem', state: 'OR', zipCode: '97301', accountProviderId: '4', relationshipToPrimary: '' });
    expect(form.phone1).toEqual({ number: '503-555-0100', type: '0' });
    const input = toPatientInput({ ...form, firstName: 'Ben', lastName: 'Lee' }, 'create', null, undefined, 12);
    expect(input.accountId).toBe(12);
    expect(toPatientInput({ ...form, firstName: 'Ben', lastName: 'Lee' }, 'create').accountId).toBeNull();
    expect(toPatientInput({ ...form, firstName: 'Ben', lastName: 'Lee' }, 'edit', 3, undefined, 12).accountId).toBeNull();
  });

  it("puts the server's field errors on the fields it has and the rest in the banner", () => {
    const { onFields, others } = splitServerErrors(
      { lastName: 'Required field', 'phone2.type': 'Phone number requires a phone type', governmentIdentifier: 'Must be 9 digits' },
      (name) => isFormField(name, 'create'),
    );
    expect(onFields).toEqual({ lastName: 'Required field', 'phone2.type': 'Phone number requires a phone type' });
    expect(others).toEqual(['governmentIdentifier: Must be 9 digits']);
    expect(isFormField('accountProviderId', 'edit')).toBe(false);
  });
});

describe('the fields an edit compares after a conflict', () => {
  it('are the fields the form shows: an edit has no provider, office or fee schedule', () => {
    expect(patientFormPaths('edit')).toContain('phone2.type');
    expect(patientFormPaths('edit')).not.toContain('officeId');
    expect(patientFormPaths('create')).toContain('officeId');
  });
});
