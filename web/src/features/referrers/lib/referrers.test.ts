import { describe, expect, it } from 'vitest';
import { BAD_DATE } from '@/components/form/rules';
import { schemaErrors } from '@/components/form/rules';
import type { Referrer } from '../api/types';
import { newReferralValues, referralFieldOf, referralInput, referralSchema } from './referral-form';
import { referrerCompanyLine, referrerMapsHref, referrerName, shownPhones, websiteHref, websiteText } from './referrer-format';
import { referrerKeyword } from './search';

const PERSON: Referrer = {
  referralId: 7,
  type: 'person',
  direction: 'both',
  first: 'Ana',
  last: 'Lopez',
  company: 'Bridge Oral Surgery',
  specialty: 'Oral Surgery',
  npi: '1234567893',
  address: '12 Elm St\nSuite 4',
  city: 'Salem',
  state: 'OR',
  zip: '97301',
  website: 'www.bridge.example',
  directAddress: 'ana@direct.bridge.example',
  email: 'ana@bridge.example',
  phone1: { type: 0, number: '(503) 555-0111', ext: '214' },
  phone2: { type: 2, number: '(503) 555-0112', ext: '' },
  phone3: { type: null, number: '', ext: '' },
  notes: '',
  version: 1,
};

describe('the referrer search', () => {
  it('resets on an empty or whitespace-only keyword and sends a trimmed one', () => {
    expect(referrerKeyword('')).toBe('');
    expect(referrerKeyword('   \t ')).toBe('');
    expect(referrerKeyword('  lopez ')).toBe('lopez');
    expect(referrerKeyword('x'.repeat(150))).toHaveLength(100);
    // What a paste can carry: a zero-width space, a soft hyphen, a line break.
    expect(referrerKeyword('lo\u200Bpez\u00AD\nana')).toBe('lopez ana');
    expect(referrerKeyword('\u200B \uFEFF')).toBe('');
    expect(referrerKeyword('a  b c d e f g h i j')).toBe('a b c d e f g h');
  });
});

describe('referrer display', () => {
  it('names a person First Last with the company below, an organisation by its company', () => {
    expect(referrerName(PERSON)).toBe('Ana Lopez');
    expect(referrerCompanyLine(PERSON)).toBe('Bridge Oral Surgery');
    const org = { type: 'organisation' as const, first: '', last: '', company: 'Valley Imaging' };
    expect(referrerName(org)).toBe('Valley Imaging');
    expect(referrerCompanyLine(org)).toBe('');
    expect(referrerName({ type: 'person', first: '', last: '', company: 'Solo Co' })).toBe('Solo Co');
  });

  it('makes phones tap-to-call with the extension, a fax plain text, and leaves out empty ones', () => {
    expect(shownPhones(PERSON)).toEqual([
      { label: 'Office', text: '(503) 555-0111 ext. 214', href: 'tel:5035550111,214' },
      { label: 'Fax', text: '(503) 555-0112', href: null },
    ]);
    expect(shownPhones({ ...PERSON, phone1: { type: 1, number: '503 555 0199', ext: '' }, phone2: { type: 3, number: '5035550100', ext: '9' } })).toEqual([
      { label: 'Mobile', text: '503 555 0199', href: 'tel:5035550199' },
      { label: 'Other', text: '503-555-0100 ext. 9', href: 'tel:5035550100,9' },
    ]);
    expect(shownPhones({ ...PERSON, phone1: { type: null, number: '5035550100', ext: '' } })[0]).toEqual({ label: 'Phone', text: '503-555-0100', href: 'tel:5035550100' });
  });

  it('opens the whole address in maps and a website without a scheme as https', () => {
    expect(referrerMapsHref(PERSON)).toBe('https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Suite%204%2C%20Salem%2C%20OR%2097301');
    expect(referrerMapsHref({ address: '', city: '', state: 'OR', zip: '' })).toBeNull();
    expect(websiteHref('www.bridge.example')).toBe('https://www.bridge.example');
    expect(websiteHref('http://a.example/x')).toBe('http://a.example/x');
    expect(websiteText('https://www.burnsideclinicallaboratory.example/')).toBe('www.burnsideclinicallaboratory.example');
    expect(websiteText('www.bridge.example')).toBe('www.bridge.example');
  });
});

describe("'Add Referral' form", () => {
  const today = '2026-11-24';
  const schema = referralSchema(today);
  const valid = { ...newReferralValues(today), referralId: '7', referrer: 'Ana Lopez', reason: 'Evaluate tooth 32' };

  it('starts as Referred to, dated today, Pending', () => {
    expect(newReferralValues(today)).toEqual({ referralId: '', referrer: '', direction: 'outgoing', date: today, reason: '', status: 'pending' });
    expect(schemaErrors(schema, valid)).toEqual({});
  });

  it('requires a referrer picked from the list, a reason, a date not in the future', () => {
    expect(schemaErrors(schema, newReferralValues(today))).toEqual({ referralId: 'Required field', reason: 'Required field' });
    expect(schemaErrors(schema, { ...valid, referralId: '', referrer: 'Ana' })).toEqual({ referralId: 'Choose a value from the list' });
    expect(schemaErrors(schema, { ...valid, reason: '   ' })).toEqual({ reason: 'Required field' });
    expect(schemaErrors(schema, { ...valid, reason: 'x'.repeat(501) })).toEqual({ reason: 'Cannot be longer than 500 characters' });
    expect(schemaErrors(schema, { ...valid, reason: 'x'.repeat(500) })).toEqual({});
    expect(schemaErrors(schema, { ...valid, date: '2026-11-25' })).toEqual({ date: 'Cannot be in the future' });
    expect(schemaErrors(schema, { ...valid, date: '' })).toEqual({ date: 'Required field' });
    expect(schemaErrors(schema, { ...valid, date: BAD_DATE })).toEqual({ date: 'Not a valid date' });
    expect(schemaErrors(schema, { ...valid, direction: '', status: 'lost' })).toEqual({ direction: 'Required field', status: 'Required field' });
  });

  it('sends the referrer id, direction, date, trimmed reason and status; server fields land on their fields', () => {
    expect(referralInput({ ...valid, reason: '  Evaluate tooth 32 ', direction: 'incoming', status: 'scheduled' })).toEqual({
      referralId: 7,
      direction: 'incoming',
      date: today,
      reason: 'Evaluate tooth 32',
      status: 'scheduled',
    });
    expect(referralInput({ ...valid, reason: 'Tooth\u200B 32\nplease' }).reason).toBe('Tooth 32\nplease');
    expect(referralFieldOf('reason')).toBe('reason');
    expect(referralFieldOf('referralId')).toBe('referralId');
    expect(referralFieldOf('patientId')).toBeNull();
  });
});
