import { format, isValid, parseISO } from 'date-fns';

/** Dates are shown MM/dd/yyyy (spec part 1, section 9); times hh:mm a. */
export const DISPLAY_DATE = 'MM/dd/yyyy';

/**
 * A wire date (`yyyy-MM-dd`) or instant (ISO 8601) as MM/dd/yyyy; '' for nothing or
 * something unreadable. A plain date is read as a calendar day, never shifted by time zone;
 * an instant is shown in the device's time zone.
 */
export function displayDate(value: string | null | undefined): string {
  if (!value) return '';
  // A plain wire date is rewritten without parsing (lists such as the search results show
  // many; parsing each cost more than the rest of the row).
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) {
    const [, y, m, d] = plain;
    const day = new Date(0);
    day.setUTCFullYear(Number(y), Number(m) - 1, Number(d));
    return day.getUTCMonth() === Number(m) - 1 && day.getUTCDate() === Number(d) ? `${m}/${d}/${y}` : '';
  }
  const date = parseISO(value);
  return isValid(date) ? format(date, DISPLAY_DATE) : '';
}

/** Age as the spec shows it: '(nY)'; '' when the age is unknown. */
export function displayAge(age: number | null | undefined): string {
  return typeof age === 'number' && Number.isFinite(age) && age >= 0 ? `(${Math.floor(age)}Y)` : '';
}

/** Birth date with age, '03/11/1974 (52Y)'; '' when unknown. */
export function displayBirthdate(birthdate: string | null | undefined, age: number | null | undefined): string {
  const date = displayDate(birthdate);
  if (!date) return '';
  const shownAge = displayAge(age);
  return shownAge ? `${date} ${shownAge}` : date;
}

/** Times are shown hh:mm a (spec part 1, section 9). */
export const DISPLAY_TIME = 'hh:mm a';

/** An instant (ISO 8601) as 'MM/dd/yyyy hh:mm a' in the device's time zone; '' for nothing or something unreadable. */
export function displayDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, `${DISPLAY_DATE} ${DISPLAY_TIME}`) : '';
}
