import { ORDERS_BADGE_CAP, PHONE_TYPES, SEX_TYPES } from './constants';

/** Type label of a phone: 0-3 as Home/Work/Mobile/Other Phone; anything else Home Phone (the default). */
export function phoneTypeLabel(type: number | null | undefined): string {
  return PHONE_TYPES.find((t) => t.id === type)?.label ?? PHONE_TYPES[0].label;
}

export function sexLabel(sex: number | null | undefined): string {
  return SEX_TYPES.find((t) => t.id === sex)?.label ?? '';
}

/**
 * A `tel:` address for a shown number (digits and a leading '+' only); an extension is
 * dialled after a pause (',ext': the phone waits for the call to be answered, then sends the
 * digits; iOS and Android alike).
 */
export function telHref(number: string, ext = ''): string {
  const digits = number.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  const extension = ext.replace(/\D/g, '');
  return `tel:${digits}${extension ? `,${extension}` : ''}`;
}

/**
 * A link that opens an address in maps: Google Maps' universal URL (opens the Maps app on
 * Android, Google Maps or the browser's map on iOS, a map page on a desktop); `geo:` is not
 * understood by iOS. Lines and parts are joined with ', '; empty parts are left out.
 */
export function mapsHref(...parts: Array<string | null | undefined>): string {
  const query = parts
    .flatMap((p) => (p ?? '').split(/\r?\n/))
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount the server sends in integer cents, shown as dollars with 2 decimals:
 * 123450 -> '$1,234.50', -37500 -> '-$375.00' (spec part 2, section 9). The only place
 * money becomes a fraction is this last formatting step.
 */
export function dollars(cents: number | null | undefined): string {
  const whole = typeof cents === 'number' && Number.isSafeInteger(cents) ? cents : 0;
  const sign = whole < 0 ? -1 : 1;
  const abs = Math.abs(whole);
  // Whole dollars and the cents apart, so no binary fraction is ever rounded.
  const text = DOLLARS.format(Math.trunc(abs / 100)).replace(/\.00$/, `.${String(abs % 100).padStart(2, '0')}`);
  return sign < 0 ? `-${text}` : text;
}

const joinWords = (...words: Array<string | null | undefined>) =>
  words
    .map((w) => (w ?? '').trim())
    .filter(Boolean)
    .join(' ');

/** 'First Middle Last' (the header card's full name), with prefix and suffix when present. */
export function fullName(p: { prefix?: string; firstName: string; middle?: string; middleName?: string; lastName: string; suffix?: string }): string {
  return joinWords(p.prefix, p.firstName, p.middle ?? p.middleName, p.lastName, p.suffix);
}

/** 'Last, First Middle' (search results, guarantors). */
export function listName(p: { firstName: string; middle?: string; middleName?: string; lastName: string }): string {
  const rest = joinWords(p.firstName, p.middle ?? p.middleName);
  return rest ? `${p.lastName.trim()}, ${rest}` : p.lastName.trim();
}

/** A user by first and last name, '' for none. */
export function personName(u: { firstName: string; lastName: string } | null | undefined): string {
  return u ? joinWords(u.firstName, u.lastName) : '';
}

/**
 * A count the server caps (orders: exact up to 10000, 10001 meaning more) as shown:
 * '248', and '10000+' beyond the cap. `grouped` adds thousands separators ('10,000+').
 */
export function cappedCount(count: number, { cap = ORDERS_BADGE_CAP, grouped = false }: { cap?: number; grouped?: boolean } = {}): string {
  const show = (n: number) => (grouped ? n.toLocaleString('en-US') : String(n));
  const safe = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  return safe > cap ? `${show(cap)}+` : show(safe);
}

/**
 * The word for a count: `singular` for exactly 1, else `plural` ('orders' by default from
 * 'order'; give it for other words: 'people'). English, which every text of the app is in.
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** A count with its word: '1 order', '0 orders', '65 orders'. */
export function countOf(count: number, singular: string, pluralForm?: string): string {
  return `${count} ${plural(count, singular, pluralForm)}`;
}

/** An e-mail address cut after '@' and after each dot: where it may wrap ('a.b@c.org' -> 'a.', 'b@', 'c.', 'org'). */
export function emailParts(email: string): string[] {
  return email.split(/(?<=[@.])(?=.)/);
}
