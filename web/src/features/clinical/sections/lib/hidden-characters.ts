/**
 * The characters the server refuses in a text ('Cannot contain control characters or hidden
 * formatting marks', `crates/domain/src/input.rs`, `is_forbidden`): controls (C0, DEL, C1),
 * except line breaks and tabs in a multi-line text; the line and paragraph separators;
 * invisible format characters (Unicode Cf: bidirectional marks and overrides, zero-width
 * spaces, the byte order mark, soft hyphens, tags), but not the zero-width non-joiner and
 * joiner that scripts and emoji need; noncharacters. A paste from a word processor or a web
 * page brings them along unseen, so the form takes them out before sending instead of
 * showing a refusal about something the user cannot see.
 */
export function isHiddenCharacter(code: number, multiline: boolean): boolean {
  if (code === 0x0a || code === 0x0d || code === 0x09) return !multiline;
  if (code === 0x200c || code === 0x200d) return false;
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    isFormat(code) ||
    (code >= 0xfdd0 && code <= 0xfdef) ||
    (code & 0xfffe) === 0xfffe
  );
}

const FORMAT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad],
  [0x0600, 0x0605],
  [0x061c, 0x061c],
  [0x06dd, 0x06dd],
  [0x070f, 0x070f],
  [0x0890, 0x0891],
  [0x08e2, 0x08e2],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0x110bd, 0x110bd],
  [0x110cd, 0x110cd],
  [0x13430, 0x1343f],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0001, 0xe0001],
  [0xe0020, 0xe007f],
];

/** Unicode's format characters (general category Cf, Unicode 15.1), as the server lists them. */
const isFormat = (code: number) => FORMAT_RANGES.some(([from, to]) => code >= from && code <= to);

/**
 * `text` without the characters the server refuses: a one-line text's tabs and line breaks
 * become spaces (a pasted line break must not join two words), the rest are taken out.
 */
export function withoutHiddenCharacters(text: string, multiline = false): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (!isHiddenCharacter(code, multiline)) out += char;
    else if (code === 0x0a || code === 0x0d || code === 0x09) out += ' ';
  }
  return out;
}
