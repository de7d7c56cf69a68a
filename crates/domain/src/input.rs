//! Bounds on what a request may carry, decided once and used at every edge: dates and
//! instants stay within the years a practice can mean (1880 to 2200), paging numbers
//! are capped, and texts hold no control characters or invisible formatting marks that
//! could hide or reorder what another user sees (docs/security.md, 'Input').

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Deserializer};

/// The earliest and latest day any date or instant of a request may fall on.
pub const EARLIEST_YEAR: i32 = 1880;
pub const LATEST_YEAR: i32 = 2200;

/// Shown when a date or instant is outside [`EARLIEST_YEAR`]..=[`LATEST_YEAR`].
pub const YEAR_OUT_OF_RANGE: &str = "The year must be from 1880 to 2200";
/// Shown when a date is not yyyy-MM-dd.
pub const DATE_FORMAT: &str = "Use the format yyyy-MM-dd";
/// Shown when an instant is not ISO 8601.
pub const INSTANT_FORMAT: &str = "Use an ISO 8601 date and time, such as 2026-11-22T15:00:00Z";
/// Shown when a text holds a character it may not.
pub const HIDDEN_CHARACTERS: &str = "Cannot contain control characters or hidden formatting marks";

/// The most rows any list skips (`offset`): far beyond any practice's lists, far below
/// where arithmetic on it could overflow.
pub const MAX_OFFSET: u64 = 1_000_000_000;

/// Every message of this module, so an edge that gets one back from a deserializer can
/// pass it on as the field's problem.
pub const MESSAGES: &[&str] = &[YEAR_OUT_OF_RANGE, DATE_FORMAT, INSTANT_FORMAT, HIDDEN_CHARACTERS];

/// The years 1880 to 2200 as a regular expression (ECMA 262, for the OpenAPI document).
const YEAR_PATTERN: &str = "(18[89][0-9]|19[0-9][0-9]|2[01][0-9][0-9]|2200)";

/// A date [`parse_date`] takes, as the OpenAPI document's `pattern`.
pub fn date_pattern() -> String {
    format!("^{YEAR_PATTERN}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$")
}

/// The same, or nothing (a field where '' means unknown or cleared).
pub fn optional_date_pattern() -> String {
    format!("^\\s*({YEAR_PATTERN}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]))?\\s*$")
}

/// The start of an instant [`parse_instant`] takes (the rest is `format: date-time`).
pub fn instant_pattern() -> String {
    format!("^{YEAR_PATTERN}-")
}

/// A text [`check_text`] takes, as the OpenAPI document's `pattern`: none of the
/// characters it refuses below U+10000 (astral format characters, such as the tag
/// characters, are refused by the server but not spelled here).
pub fn text_pattern(lines: Lines) -> String {
    let controls = match lines {
        Lines::One => "\\x00-\\x1F",
        Lines::Many => "\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F",
    };
    format!(
        "^[^{controls}\\x7F-\\x9F\\u00AD\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890\\u0891\\u08E2\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFDD0-\\uFDEF\\uFEFF\\uFFF9-\\uFFFB\\uFFFE\\uFFFF]*$"
    )
}

/// The first and last day a request may name.
pub fn earliest_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(EARLIEST_YEAR, 1, 1).unwrap_or(NaiveDate::MIN)
}

pub fn latest_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(LATEST_YEAR, 12, 31).unwrap_or(NaiveDate::MAX)
}

fn in_range(day: NaiveDate) -> bool {
    (earliest_day()..=latest_day()).contains(&day)
}

/// A date as `yyyy-MM-dd` (four-digit year, no sign, nothing around it), within
/// 1880-01-01..=2200-12-31.
pub fn parse_date(text: &str) -> Result<NaiveDate, &'static str> {
    let bytes = text.as_bytes();
    let shaped = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes.iter().enumerate().all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
    if !shaped {
        return Err(DATE_FORMAT);
    }
    let day = NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| DATE_FORMAT)?;
    if in_range(day) { Ok(day) } else { Err(YEAR_OUT_OF_RANGE) }
}

/// An instant within the bounds, or what is wrong with it.
pub fn check_instant(instant: DateTime<Utc>) -> Result<DateTime<Utc>, &'static str> {
    if in_range(instant.date_naive()) { Ok(instant) } else { Err(YEAR_OUT_OF_RANGE) }
}

/// An ISO 8601 (RFC 3339) instant within the bounds, in UTC.
pub fn parse_instant(text: &str) -> Result<DateTime<Utc>, &'static str> {
    let bytes = text.as_bytes();
    // A sign or more than four digits of year is the extended form no client sends; a
    // space for the T is not RFC 3339's date-time either.
    if !bytes.get(..4).is_some_and(|year| year.iter().all(u8::is_ascii_digit))
        || bytes.get(4) != Some(&b'-')
        || !matches!(bytes.get(10), Some(b'T' | b't'))
    {
        return Err(INSTANT_FORMAT);
    }
    let instant = DateTime::parse_from_rfc3339(text).map_err(|_| INSTANT_FORMAT)?.with_timezone(&Utc);
    check_instant(instant)
}

/// For `#[serde(deserialize_with = ...)]` on an `Option<DateTime<Utc>>` field: an
/// instant as [`parse_instant`] takes it, or null.
pub fn optional_instant<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<DateTime<Utc>>, D::Error> {
    match Option::<String>::deserialize(deserializer)? {
        None => Ok(None),
        Some(text) => parse_instant(&text).map(Some).map_err(serde::de::Error::custom),
    }
}

/// For `#[serde(deserialize_with = ...)]` on a field a form may send as null when left
/// empty: null reads as the field's empty value ('' or false), as if it were not sent.
pub fn null_as_empty<'de, D: Deserializer<'de>, T: Deserialize<'de> + Default>(deserializer: D) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

/// Whether a text may hold line breaks and tabs (notes, descriptions) or not (names,
/// addresses, any one-line field).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    One,
    Many,
}

/// Whether `c` is a character no text of a request may hold:
/// - control characters (C0, DEL, C1), except line feed, carriage return and tab in a
///   multi-line text;
/// - the line and paragraph separators U+2028 and U+2029;
/// - invisible format characters (Unicode category Cf): the bidirectional embeddings,
///   overrides and isolates (U+202A..U+202E, U+2066..U+2069) and marks (U+200E, U+200F,
///   U+061C) that reorder what is shown, zero-width spaces and joiners that make two
///   names look alike (U+200B, U+2060..U+2064, U+FEFF, U+180E, U+00AD), the tag
///   characters (U+E0000..U+E007F) and the rest of the category; except U+200C and
///   U+200D (zero-width non-joiner and joiner), which Persian, Indic and other scripts
///   and emoji need and which move nothing;
/// - noncharacters (U+FDD0..U+FDEF and the last two code points of every plane).
pub fn is_forbidden(c: char, lines: Lines) -> bool {
    let code = u32::from(c);
    match c {
        '\n' | '\r' | '\t' => lines == Lines::One,
        '\u{200C}' | '\u{200D}' => false,
        _ => {
            c.is_control()
                || matches!(code, 0x2028 | 0x2029)
                || is_format(code)
                || (0xFDD0..=0xFDEF).contains(&code)
                || code & 0xFFFE == 0xFFFE
        }
    }
}

/// Unicode's format characters (general category Cf, Unicode 15.1).
fn is_format(code: u32) -> bool {
    matches!(
        code,
        0x00AD
            | 0x0600..=0x0605
            | 0x061C
            | 0x06DD
            | 0x070F
            | 0x0890..=0x0891
            | 0x08E2
            | 0x180E
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x2064
            | 0x2066..=0x206F
            | 0xFEFF
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
    )
}

/// A text a request may store, or [`HIDDEN_CHARACTERS`].
pub fn check_text(text: &str, lines: Lines) -> Result<(), &'static str> {
    if text.chars().any(|c| is_forbidden(c, lines)) { Err(HIDDEN_CHARACTERS) } else { Ok(()) }
}

/// Checks each (field, text, lines) and answers the fields at fault.
pub fn check_texts<'a>(
    texts: impl IntoIterator<Item = (&'a str, &'a str, Lines)>,
) -> std::collections::BTreeMap<String, String> {
    texts
        .into_iter()
        .filter_map(|(field, text, lines)| check_text(text, lines).err().map(|e| (field.to_owned(), e.to_owned())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    #[test]
    fn dates_within_the_bounds_are_read() {
        assert_eq!(parse_date("2026-11-22"), Ok(day(2026, 11, 22)));
        assert_eq!(parse_date("1880-01-01"), Ok(day(1880, 1, 1)));
        assert_eq!(parse_date(" 1880-01-01"), Err(DATE_FORMAT), "nothing around it");
        assert_eq!(parse_date("2200-12-31"), Ok(day(2200, 12, 31)));
    }

    #[test]
    fn dates_outside_the_bounds_say_so() {
        assert_eq!(parse_date("1879-12-31"), Err(YEAR_OUT_OF_RANGE));
        assert_eq!(parse_date("2201-01-01"), Err(YEAR_OUT_OF_RANGE));
        assert_eq!(parse_date("0000-01-01"), Err(YEAR_OUT_OF_RANGE));
    }

    #[test]
    fn extended_and_malformed_dates_are_the_wrong_format() {
        for text in [
            "+262142-12-31",
            "-262143-01-01",
            "+2026-11-22",
            "22026-11-22",
            "2026-1-22",
            "2026/11/22",
            "",
            "2026-02-30",
        ] {
            assert_eq!(parse_date(text), Err(DATE_FORMAT), "{text}");
        }
    }

    #[test]
    fn instants_are_rfc_3339_within_the_bounds() {
        let parsed = parse_instant("2026-11-22T14:30:00.250Z").expect("instant");
        assert_eq!(parsed.to_rfc3339(), "2026-11-22T14:30:00.250+00:00");
        assert_eq!(
            parse_instant("2026-11-22T06:30:00-08:00").map(|i| i.to_rfc3339()).ok().as_deref(),
            Some("2026-11-22T14:30:00+00:00")
        );
        assert_eq!(parse_instant("1879-12-31T23:59:59Z"), Err(YEAR_OUT_OF_RANGE));
        assert_eq!(parse_instant("2201-01-01T00:00:00Z"), Err(YEAR_OUT_OF_RANGE));
        for text in [
            "+262142-12-31T00:00:00Z",
            "-262143-01-01T00:00:00Z",
            "2026-11-22",
            "2026-11-22 14:30:00Z",
            "yesterday",
            "",
        ] {
            assert_eq!(parse_instant(text), Err(INSTANT_FORMAT), "{text}");
        }
    }

    #[test]
    fn instants_checked_by_their_utc_day() {
        assert!(check_instant(DateTime::<Utc>::MAX_UTC).is_err());
        assert!(check_instant(DateTime::<Utc>::MIN_UTC).is_err());
        assert!(check_instant(day(2026, 1, 1).and_hms_opt(0, 0, 0).expect("t").and_utc()).is_ok());
    }

    #[test]
    fn names_keep_letters_of_every_script() {
        for name in ["O'Brien-Smith", "José Núñez", "Zoë", "محمد", "שָׁלוֹם", "김민준", "می\u{200C}خواهم", "क्‍ष", "👩‍⚕️"]
        {
            assert_eq!(check_text(name, Lines::One), Ok(()), "{name}");
        }
    }

    #[test]
    fn control_characters_are_refused() {
        for text in ["a\0b", "a\u{1}", "a\u{7f}", "a\u{85}b", "line\nbreak", "tab\there", "a\rb", "a\u{2028}b"] {
            assert_eq!(check_text(text, Lines::One), Err(HIDDEN_CHARACTERS), "{text:?}");
        }
    }

    #[test]
    fn notes_may_break_lines_and_tab_but_not_hold_other_controls() {
        assert_eq!(check_text("First line\r\n\tsecond line\n", Lines::Many), Ok(()));
        assert_eq!(check_text("a\0b", Lines::Many), Err(HIDDEN_CHARACTERS));
        assert_eq!(check_text("a\u{1b}[31m", Lines::Many), Err(HIDDEN_CHARACTERS));
    }

    #[test]
    fn bidi_controls_and_invisible_marks_are_refused() {
        let spoofs = [
            '\u{202A}',
            '\u{202B}',
            '\u{202C}',
            '\u{202D}',
            '\u{202E}',
            '\u{2066}',
            '\u{2067}',
            '\u{2068}',
            '\u{2069}',
            '\u{200E}',
            '\u{200F}',
            '\u{061C}',
            '\u{200B}',
            '\u{2060}',
            '\u{FEFF}',
            '\u{00AD}',
            '\u{E0041}',
            '\u{FFFF}',
            '\u{FDD0}',
        ];
        for c in spoofs {
            for lines in [Lines::One, Lines::Many] {
                assert_eq!(check_text(&format!("Smith{c}"), lines), Err(HIDDEN_CHARACTERS), "U+{:04X}", u32::from(c));
            }
        }
    }

    #[test]
    fn check_texts_names_each_field_at_fault() {
        let errors = check_texts([
            ("firstName", "Ann", Lines::One),
            ("lastName", "Sm\u{202E}ith", Lines::One),
            ("notes", "ok\nfine", Lines::Many),
        ]);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors.get("lastName").map(String::as_str), Some(HIDDEN_CHARACTERS));
    }
}
