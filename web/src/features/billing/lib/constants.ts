import { parameterLimits } from '@/api/limits';

// The billing order's numbers (spec part 2, section 9).

/** An order holds at most 12 diagnoses, pointed at by the letters A to L. */
export const MAX_DIAGNOSES = 12;
export const POINTERS = 'ABCDEFGHIJKL';
/** A charge points at no more than 4 of them (a claim line's four pointers). */
export const MAX_CHARGE_DIAGNOSES = 4;
/** A diagnosis's description is shown cut at 40 characters. */
export const DESCRIPTION_MAX = 40;
/** The letters a tooth surface is written with (each at most once). */
export const SURFACE_LETTERS = 'MODFLIB';
/** After a sent order, the patient home follows after 3000 ms. */
export const REDIRECT_DELAY_MS = 3000;
/** A search settles 300 ms after the last key, at least every 800 ms while typing (as the chart's ICD-10-CM field). */
export const SEARCH_SETTLE = { delay: 300, maxWait: 800 } as const;
/** The diagnosis search needs at least 2 characters (the server answers 400 below; the document's rule). */
export const DIAGNOSIS_SEARCH_MIN = parameterLimits['/api/diagnosis/'].get.search.minLength;
export const DIAGNOSIS_SEARCH_MAX = parameterLimits['/api/diagnosis/'].get.search.maxLength;
/** The procedure search's longest text (the document's rule). */
export const FEE_SEARCH_MAX = parameterLimits['/api/fee/'].get.search.maxLength;
