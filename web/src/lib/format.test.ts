import { describe, expect, it } from 'vitest';
import { alertSummary } from './alert-summary';
import { displayAge, displayBirthdate, displayDate, displayDateTime } from './dates';
import { cappedCount, countOf, dollars, emailParts, fullName, listName, personName, phoneTypeLabel, mapsHref, plural, telHref } from './format';
import { COUNTRIES, US_STATES, exactOption, optionLabel, prefixMatches } from './places';
import { withRecentPatient } from './recent-patients';

describe('dates and ages', () => {
  it('shows wire dates as MM/dd/yyyy without shifting the day', () => {
    expect(displayDate('1974-03-11')).toBe('03/11/1974');
    expect(displayDate('2026-01-01')).toBe('01/01/2026');
    expect(displayDate(null)).toBe('');
    expect(displayDate('')).toBe('');
    expect(displayDate('not a date')).toBe('');
    expect(displayDate('2024-02-29')).toBe('02/29/2024');
    expect(displayDate('2023-02-29')).toBe('');
    expect(displayDate('2023-13-01')).toBe('');
    expect(displayDate('0999-01-05')).toBe('01/05/0999');
  });
  it('shows instants as a date', () => {
    expect(displayDate('2025-11-07T12:09:03Z')).toBe('11/07/2025');
  });
  it("shows age as '(nY)'", () => {
    expect(displayAge(38)).toBe('(38Y)');
    expect(displayAge(0)).toBe('(0Y)');
    expect(displayAge(null)).toBe('');
    expect(displayAge(undefined)).toBe('');
    expect(displayBirthdate('1988-08-16', 38)).toBe('08/16/1988 (38Y)');
    expect(displayBirthdate(null, null)).toBe('');
  });
});

describe('alert summary', () => {
  it("reads like the spec's '2 Patient, and 1 Allergy Alerts'", () => {
    expect(alertSummary({ patient: 2, account: 0, allergy: 1 })).toBe('2 Patient, and 1 Allergy Alerts');
  });
  it('lists every group with alerts, Patient, Account, Allergy, with ", and" before the last', () => {
    expect(alertSummary({ patient: 2, account: 1, allergy: 3 })).toBe('2 Patient, 1 Account, and 3 Allergy Alerts');
    expect(alertSummary({ patient: 0, account: 1, allergy: 1 })).toBe('1 Account, and 1 Allergy Alerts');
  });
  it("says 'Alert' for exactly one alert and 'Alerts' otherwise", () => {
    expect(alertSummary({ patient: 1, account: 0, allergy: 0 })).toBe('1 Patient Alert');
    expect(alertSummary({ patient: 0, account: 0, allergy: 1 })).toBe('1 Allergy Alert');
    expect(alertSummary({ patient: 3, account: 0, allergy: 0 })).toBe('3 Patient Alerts');
    expect(alertSummary({ patient: 1, account: 1, allergy: 0 })).toBe('1 Patient, and 1 Account Alerts');
  });
  it('is empty without alerts', () => {
    expect(alertSummary({ patient: 0, account: 0, allergy: 0 })).toBe('');
  });
});

describe('recently viewed patients', () => {
  it('puts the opened patient first, once', () => {
    expect(withRecentPatient([], 7)).toEqual([7]);
    expect(withRecentPatient([3, 12], 7)).toEqual([7, 3, 12]);
    expect(withRecentPatient([3, 7, 12], 7)).toEqual([7, 3, 12]);
    expect(withRecentPatient([7, 3], 7)).toEqual([7, 3]);
  });
  it('keeps at most 20, dropping the oldest', () => {
    const full = Array.from({ length: 20 }, (_, i) => i + 1);
    const next = withRecentPatient(full, 99);
    expect(next).toHaveLength(20);
    expect(next[0]).toBe(99);
    expect(next).not.toContain(20);
    expect(withRecentPatient(full, 20)).toEqual([20, ...full.slice(0, 19)]);
  });
  it('drops ids that are not patient ids', () => {
    expect(withRecentPatient([0, -1, 3, 3.5], 4)).toEqual([4, 3]);
    expect(withRecentPatient([3], 0)).toEqual([3]);
  });
});

describe('display formats', () => {
  it('labels phone types, defaulting to Home Phone', () => {
    expect([0, 1, 2, 3].map(phoneTypeLabel)).toEqual(['Home Phone', 'Work Phone', 'Mobile Phone', 'Other Phone']);
    expect(phoneTypeLabel(null)).toBe('Home Phone');
    expect(telHref('503-555-0123')).toBe('tel:5035550123');
  });
  it('builds tel: links with the extension after a pause', () => {
    expect(telHref('(503) 555-0100', '')).toBe('tel:5035550100');
    expect(telHref('(503) 555-0100', '214')).toBe('tel:5035550100,214');
    expect(telHref('503.555.0100', ' x 12 ')).toBe('tel:5035550100,12');
    expect(telHref('+1 503 555 0142')).toBe('tel:+15035550142');
    expect(telHref('503+555')).toBe('tel:503555');
  });
  it('builds a maps link from an address, its lines joined', () => {
    expect(mapsHref('1200 NW Naito Pkwy, Suite 300\nPortland, OR 97209')).toBe(
      'https://www.google.com/maps/search/?api=1&query=1200%20NW%20Naito%20Pkwy%2C%20Suite%20300%2C%20Portland%2C%20OR%2097209',
    );
    expect(mapsHref('12 Elm St', '', 'Salem', 'OR', '97301')).toBe('https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Salem%2C%20OR%2C%2097301');
    expect(mapsHref('A & B #2')).toContain('query=A%20%26%20B%20%232');
  });
  it('shows integer cents as dollars with 2 decimals', () => {
    expect(dollars(0)).toBe('$0.00');
    expect(dollars(123450)).toBe('$1,234.50');
    expect(dollars(-37500)).toBe('-$375.00');
    expect(dollars(5)).toBe('$0.05');
    expect(dollars(-1)).toBe('-$0.01');
    expect(dollars(null)).toBe('$0.00');
    // Not cents: a fraction is refused rather than rounded.
    expect(dollars(12.5)).toBe('$0.00');
  });
  it('names people', () => {
    expect(fullName({ firstName: 'Jessica', middle: 'Judith', lastName: 'Medina', prefix: '', suffix: '' })).toBe('Jessica Judith Medina');
    expect(listName({ firstName: 'Jessica', middleName: 'Judith', lastName: 'Medina' })).toBe('Medina, Jessica Judith');
    expect(listName({ firstName: 'Andrew', middleName: '', lastName: 'Smith' })).toBe('Smith, Andrew');
    expect(personName({ firstName: 'Sarah', lastName: 'Whitfield' })).toBe('Sarah Whitfield');
    expect(personName(null)).toBe('');
  });
});

describe('country and state autocomplete', () => {
  it('offers up to 5 countries starting with what was typed', () => {
    const found = prefixMatches(COUNTRIES, 'uni');
    expect(found.map((o) => o.label)).toEqual(expect.arrayContaining(['United States of America', 'United Kingdom']));
    expect(found.every((o) => o.label.toLowerCase().startsWith('uni'))).toBe(true);
    expect(prefixMatches(COUNTRIES, 'a').length).toBe(5);
    expect(prefixMatches(COUNTRIES, '')).toEqual([]);
    expect(prefixMatches(COUNTRIES, 'zzz')).toEqual([]);
  });
  it('lists US states and territories by name and stores the 2-letter code', () => {
    expect(US_STATES.length).toBe(56);
    expect(prefixMatches(US_STATES, 'new').map((o) => o.value)).toEqual(['NH', 'NJ', 'NM', 'NY']);
    expect(prefixMatches(US_STATES, 'or')[0]).toEqual({ value: 'OR', label: 'Oregon' });
    expect(prefixMatches(US_STATES, 'gu')[0]).toEqual({ value: 'GU', label: 'Guam' });
    expect(exactOption(US_STATES, 'oregon')?.value).toBe('OR');
    expect(exactOption(US_STATES, 'wa')?.value).toBe('WA');
    expect(optionLabel(US_STATES, 'OR')).toBe('Oregon');
    expect(optionLabel(US_STATES, 'Ontario')).toBe('Ontario');
  });
});

describe('capped counts (orders tab badges)', () => {
  it("shows counts up to 10000 as they are and more than that as '10000+'", () => {
    expect(cappedCount(0)).toBe('0');
    expect(cappedCount(248)).toBe('248');
    expect(cappedCount(10000)).toBe('10000');
    expect(cappedCount(10001)).toBe('10000+');
    expect(cappedCount(123456)).toBe('10000+');
    expect(cappedCount(10001, { grouped: true })).toBe('10,000+');
    expect(cappedCount(1234, { grouped: true })).toBe('1,234');
    expect(cappedCount(Number.NaN)).toBe('0');
  });
});

describe('date and time', () => {
  it("shows an instant as 'MM/dd/yyyy hh:mm a' in the device's time zone", () => {
    const instant = new Date(2026, 10, 22, 14, 5).toISOString();
    expect(displayDateTime(instant)).toBe('11/22/2026 02:05 PM');
    expect(displayDateTime(null)).toBe('');
    expect(displayDateTime('nonsense')).toBe('');
  });
});

describe('counts with their word', () => {
  it("says '1 order' and '0 orders', '65 orders'", () => {
    expect(countOf(1, 'order')).toBe('1 order');
    expect(countOf(0, 'order')).toBe('0 orders');
    expect(countOf(65, 'order')).toBe('65 orders');
    expect(countOf(1, 'Day')).toBe('1 Day');
    expect(countOf(30, 'Day')).toBe('30 Days');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
    expect(countOf(1, 'person', 'people')).toBe('1 person');
  });
  it('gives the word alone', () => {
    expect(plural(1, 'second')).toBe('second');
    expect(plural(59, 'second')).toBe('seconds');
    expect(plural(-1, 'minute')).toBe('minutes');
  });
});

describe('e-mail addresses', () => {
  it("wrap only after '@' and after dots", () => {
    expect(emailParts('maximiliana.vandenberg-oppenheimer@northwestfamilydental.example.com')).toEqual([
      'maximiliana.',
      'vandenberg-oppenheimer@',
      'northwestfamilydental.',
      'example.',
      'com',
    ]);
    expect(emailParts('a@b')).toEqual(['a@', 'b']);
    expect(emailParts('trailing.')).toEqual(['trailing.']);
    expect(emailParts('')).toEqual(['']);
    expect(emailParts('a..b@@c').join('')).toBe('a..b@@c');
  });
});
