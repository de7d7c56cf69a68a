import { mapsHref, telHref } from '@/lib/format';
import { formatPhoneInput } from '@/lib/phone';
import type { Referrer, ReferrerPhone, ReferrerSummary } from '../api/types';
import { FAX_PHONE_TYPE, REFERRER_PHONE_TYPES } from './texts';

type Named = Pick<ReferrerSummary, 'type' | 'first' | 'last' | 'company'>;

/** The name a referrer is listed by: an organisation's company name; a person's 'First Last' (their company when they have no name). */
export function referrerName(r: Named): string {
  if (r.type === 'organisation') return r.company.trim();
  const name = [r.first, r.last].map((p) => p.trim()).filter(Boolean).join(' ');
  return name || r.company.trim();
}

/** The line under the name: a person's company (an organisation's name already is its company). */
export function referrerCompanyLine(r: Named): string {
  if (r.type === 'organisation') return '';
  const company = r.company.trim();
  return company === referrerName(r) ? '' : company;
}

/** One phone to show: its label (the type, 'Phone' when none), the number, and a tel: link unless it is a fax. */
export interface ShownPhone {
  label: string;
  text: string;
  /** null for a fax: a number to read, not to call. */
  href: string | null;
}

export function phoneLabel(type: number | null): string {
  return (type !== null && REFERRER_PHONE_TYPES[type]) || 'Phone';
}

/** A number as shown: ten bare digits grouped 3-3-4 ('503-555-0111'); any other writing as it is. */
export function phoneText(number: string): string {
  const n = number.trim();
  return /^\d{10}$/.test(n) ? formatPhoneInput(n) : n;
}

/** The referrer's phones with a number (an empty number is no phone), each tap-to-call with its extension (',ext'), a fax as text. */
export function shownPhones(r: Pick<Referrer, 'phone1' | 'phone2' | 'phone3'>): ShownPhone[] {
  return [r.phone1, r.phone2, r.phone3]
    .filter((p): p is ReferrerPhone => !!p && p.number.trim() !== '')
    .map((p) => {
      const ext = p.ext.trim();
      const number = phoneText(p.number);
      return {
        label: phoneLabel(p.type ?? null),
        text: ext ? `${number} ext. ${ext}` : number,
        href: p.type === FAX_PHONE_TYPE ? null : telHref(p.number, ext),
      };
    });
}

/** The referrer's whole address (street, city, state and zip) as a maps link; null with no street or city. */
export function referrerMapsHref(r: Pick<Referrer, 'address' | 'city' | 'state' | 'zip'>): string | null {
  if (r.address.trim() === '' && r.city.trim() === '') return null;
  return mapsHref(r.address, r.city, [r.state.trim(), r.zip.trim()].filter(Boolean).join(' '));
}

/** A website as a link: one written without a scheme ('www.x.org') is opened as https. */
export function websiteHref(website: string): string {
  const w = website.trim();
  return /^https?:\/\//i.test(w) ? w : `https://${w}`;
}

/** A website as shown: without 'https://' and a final '/' (shorter on a phone; the link keeps them). */
export function websiteText(website: string): string {
  return website.trim().replace(/^https?:\/\//i, '').replace(/\/$/, '');
}
