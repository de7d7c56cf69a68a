import { parameterLimits } from '@/api/limits';

/** The referrer search's longest keyword (the server refuses more: 400 fields.search). */
export const REFERRER_SEARCH_MAX = parameterLimits['/api/referrers/'].get.search.maxLength;

/** And its most words (docs/api.md; not in the document): the words after them are not sent. */
export const REFERRER_SEARCH_MAX_WORDS = 8;

/** Characters the server refuses in a keyword (control and invisible formatting characters a paste can carry). */
// The document's pattern for the field, as a class to take out.
// eslint-disable-next-line no-control-regex -- on purpose: these are the characters refused
const HIDDEN = /[\u0000-\u001F\u007F-\u009F\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u206F\uFDD0-\uFDEF\uFEFF\uFFF9-\uFFFB\uFFFE\uFFFF]/g;

/**
 * The keyword a typed text searches for: without hidden characters (a line break is a space),
 * trimmed, at most the server's length and words; an empty or whitespace-only text is '', which resets
 * the search to the list the page starts with (the first referrers by name).
 */
export function referrerKeyword(text: string): string {
  const words = text.replace(/[\r\n\t]/g, ' ').replace(HIDDEN, '').trim().split(/\s+/);
  return words.slice(0, REFERRER_SEARCH_MAX_WORDS).join(' ').slice(0, REFERRER_SEARCH_MAX).trim();
}
