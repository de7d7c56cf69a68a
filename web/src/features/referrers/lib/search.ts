/** The referrer search's longest keyword (the server refuses more: 400 fields.search). */
export const REFERRER_SEARCH_MAX = 100;

/**
 * The keyword a typed text searches for: trimmed; an empty or whitespace-only text is '',
 * which resets the search to the list the page starts with (the first referrers by name).
 */
export function referrerKeyword(text: string): string {
  return text.trim().slice(0, REFERRER_SEARCH_MAX);
}
