import countriesEn from 'i18n-iso-countries/langs/en.json';
import usStates from 'us-state-codes/states.json';
import { AUTOCOMPLETE_MAX } from './constants';

/** An autocomplete choice: what is stored and what is shown. */
export interface PlaceOption {
  value: string;
  label: string;
}

/**
 * Countries by their English names (i18n-iso-countries, MIT), A to Z. Where the package
 * gives several names the first (official) one is used: 'United States of America',
 * which is also what the server stores by default.
 */
export const COUNTRIES: PlaceOption[] = Object.values(countriesEn.countries as Record<string, string | string[]>)
  .map((names) => (Array.isArray(names) ? names[0] ?? '' : names))
  .filter((name) => name !== '')
  .sort((a, b) => a.localeCompare(b, 'en'))
  .map((name) => ({ value: name, label: name }));

/**
 * US territories with USPS codes that us-state-codes (50 states, DC, Puerto Rico) lacks.
 * Public facts (USPS Publication 28), listed here.
 */
const TERRITORIES: Record<string, string> = {
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  VI: 'U.S. Virgin Islands',
};

/** US states and territories: the 2-letter code is stored, the name shown; A to Z by name. */
export const US_STATES: PlaceOption[] = Object.entries({ ...(usStates as Record<string, string>), ...TERRITORIES })
  .map(([code, name]) => ({ value: code, label: name }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en'));

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/**
 * Up to 5 choices whose name starts with what was typed (case and accents ignored);
 * a 2-letter state code typed exactly comes first. Nothing typed: no suggestions.
 */
export function prefixMatches(options: readonly PlaceOption[], typed: string, max: number = AUTOCOMPLETE_MAX): PlaceOption[] {
  const needle = fold(typed);
  if (needle === '') return [];
  const byCode = options.filter((o) => o.value !== o.label && fold(o.value) === needle);
  const byName = options.filter((o) => fold(o.label).startsWith(needle) && !byCode.includes(o));
  return [...byCode, ...byName].slice(0, max);
}

/** The option a typed text names exactly (its name or its code), if any. */
export function exactOption(options: readonly PlaceOption[], typed: string): PlaceOption | undefined {
  const needle = fold(typed);
  if (needle === '') return undefined;
  return options.find((o) => fold(o.label) === needle || fold(o.value) === needle);
}

/** The name to show for a stored value ('OR' shows as 'Oregon'); unknown values as they are. */
export function optionLabel(options: readonly PlaceOption[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}

export function isUnitedStates(country: string): boolean {
  const c = fold(country);
  return c === '' || c === 'united states of america' || c === 'united states' || c === 'usa' || c === 'us';
}
