//! Patient search that forgives the way people type.
//!
//! A query is read into its parts (name words, a birth date, phone digits, a chart
//! number) by [`parse_query`]; the store fetches candidates with index lookups only; and
//! [`score`] decides whether a candidate matches and how well, so SQLite and PostgreSQL
//! return the same patients in the same order. The same rules find possible duplicates
//! when a patient is created ([`is_possible_duplicate`]).

use chrono::{Datelike, NaiveDate};
use unicode_normalization::UnicodeNormalization;

/// Shortest query searched (spec part 1, section 5).
pub const MIN_QUERY_CHARS: usize = 2;
/// Results a search answers unless asked for fewer, and at most.
pub const DEFAULT_RESULTS: u32 = 25;
pub const MAX_RESULTS: u32 = 50;

/// A name as it is indexed and compared: lowercase ASCII letters and digits only, with
/// accents removed and spaces, hyphens and apostrophes dropped. "O'Connor" and
/// "oconnor", "Nuñez" and "nunez", "De La Cruz" and "delacruz" are the same key.
pub fn fold_name(raw: &str) -> String {
    let mut key = String::with_capacity(raw.len());
    for c in raw.nfd() {
        match c {
            'ß' => key.push_str("ss"),
            'æ' | 'Æ' => key.push_str("ae"),
            'œ' | 'Œ' => key.push_str("oe"),
            'ø' | 'Ø' => key.push('o'),
            'ł' | 'Ł' => key.push('l'),
            'đ' | 'Đ' | 'ð' | 'Ð' => key.push('d'),
            'þ' | 'Þ' => key.push_str("th"),
            c if c.is_ascii_alphanumeric() => key.push(c.to_ascii_lowercase()),
            _ => {} // combining marks, punctuation, spaces, other scripts' marks
        }
    }
    key
}

/// Only the digits of a phone number, without a leading US country code.
pub fn phone_digits(raw: &str) -> String {
    let digits: String = raw.chars().filter(char::is_ascii_digit).collect();
    match digits.strip_prefix('1') {
        Some(rest) if digits.len() == 11 => rest.to_owned(),
        _ => digits,
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhoneQuery {
    /// Ten digits: the whole number.
    Full(String),
    /// Seven digits: the number without its area code.
    Local(String),
}

/// What a search query asks for. Every part given must match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchQuery {
    /// Folded name words, in the order typed (empty words dropped).
    pub names: Vec<String>,
    /// "Last, First": the words before the comma name the last name.
    pub comma_split: Option<usize>,
    pub birthdate: Option<NaiveDate>,
    pub phone: Option<PhoneQuery>,
    /// Digits that may be a chart number (displayId).
    pub display_id: Option<String>,
}

impl SearchQuery {
    pub fn is_empty(&self) -> bool {
        self.names.is_empty() && self.birthdate.is_none() && self.phone.is_none() && self.display_id.is_none()
    }

    /// The ways the name words may split into a last and a first name, most likely
    /// first: (last, first), either possibly empty.
    pub fn name_readings(&self) -> Vec<(String, String)> {
        let words = &self.names;
        if words.is_empty() {
            return Vec::new();
        }
        if let Some(split) = self.comma_split {
            return vec![(words[..split].concat(), words[split..].concat())];
        }
        let mut readings = vec![(words.concat(), String::new())];
        if words.len() >= 2 {
            // "First Last" (most often typed), then "Last First".
            readings.push((words[1..].concat(), words[0].clone()));
            readings.push((words[0].clone(), words[1..].concat()));
        }
        readings
    }
}

/// Reads a query typed into the search box. `today` places two-digit years.
pub fn parse_query(raw: &str, today: NaiveDate) -> SearchQuery {
    let mut query = SearchQuery::default();
    let (before_comma, after_comma) = match raw.split_once(',') {
        Some((last, first)) => (last, Some(first)),
        None => (raw, None),
    };
    let mut digits = String::new();
    let mut read_words = |text: &str, query: &mut SearchQuery| {
        for word in text.split_whitespace() {
            if let Some(date) = parse_date(word, today) {
                query.birthdate = Some(date);
            } else if word.chars().all(|c| c.is_ascii_digit() || "()-.+".contains(c)) {
                digits.push_str(&phone_digits_raw(word));
            } else {
                let key = fold_name(word);
                if !key.is_empty() {
                    query.names.push(key);
                }
            }
        }
    };
    read_words(before_comma, &mut query);
    if let Some(first) = after_comma {
        query.comma_split = Some(query.names.len());
        read_words(first, &mut query);
        if query.comma_split == Some(0) || query.comma_split == Some(query.names.len()) {
            query.comma_split = None; // "smith," or ", john": no split to honour
        }
    }
    let digits = match digits.strip_prefix('1') {
        Some(rest) if digits.len() == 11 => rest.to_owned(),
        _ => digits,
    };
    match digits.len() {
        0 => {}
        10 => query.phone = Some(PhoneQuery::Full(digits)),
        7 => {
            query.phone = Some(PhoneQuery::Local(digits.clone()));
            query.display_id = Some(digits);
        }
        _ => query.display_id = Some(digits),
    }
    query
}

fn phone_digits_raw(word: &str) -> String {
    word.chars().filter(char::is_ascii_digit).collect()
}

/// MM/dd/yyyy, M/d/yyyy, M/d/yy, MM-dd-yyyy and yyyy-MM-dd. A two-digit year is the
/// latest year ending in those digits that is not in the future (birth dates are past).
pub fn parse_date(word: &str, today: NaiveDate) -> Option<NaiveDate> {
    let separator = if word.contains('/') { '/' } else { '-' };
    let parts: Vec<&str> = word.split(separator).collect();
    if parts.len() != 3 || parts.iter().any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    let number = |s: &str| s.parse::<u32>().ok();
    let (year, month, day) = if parts[0].len() == 4 {
        (number(parts[0])?, number(parts[1])?, number(parts[2])?)
    } else {
        let year = match parts[2].len() {
            4 => number(parts[2])?,
            2 => {
                let yy = number(parts[2])?;
                let this_century = (today.year() as u32 / 100) * 100;
                if this_century + yy > today.year() as u32 { this_century - 100 + yy } else { this_century + yy }
            }
            _ => return None,
        };
        (year, number(parts[0])?, number(parts[1])?)
    };
    if parts[1].len() > 2 || (parts[0].len() != 4 && parts[0].len() > 2) {
        return None;
    }
    NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)
}

/// Edit distance counting a swap of neighbouring letters as one edit (optimal string
/// alignment), or None once it exceeds `limit`.
pub fn edit_distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<u8> = a.bytes().collect();
    let b: Vec<u8> = b.bytes().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let width = b.len() + 1;
    let mut before_previous = vec![0usize; width];
    let mut previous: Vec<usize> = (0..width).collect();
    let mut current = vec![0usize; width];
    for i in 1..=a.len() {
        current[0] = i;
        let mut row_min = current[0];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut value = (previous[j] + 1).min(current[j - 1] + 1).min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                value = value.min(before_previous[j - 2] + 1);
            }
            current[j] = value;
            row_min = row_min.min(value);
        }
        if row_min > limit {
            return None;
        }
        std::mem::swap(&mut before_previous, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    Some(previous[b.len()]).filter(|d| *d <= limit)
}

/// How many typing mistakes a word of this length may hold and still match: none for
/// one or two letters, where one edit reaches almost anything.
pub fn typo_allowance(word: &str) -> usize {
    match word.len() {
        0..=2 => 0,
        3..=7 => 1,
        _ => 2,
    }
}

/// How well a typed word matches a name key, out of 100; None when it does not.
pub fn word_match(typed: &str, key: &str) -> Option<u32> {
    if typed.is_empty() {
        return Some(0);
    }
    if typed == key {
        return Some(100);
    }
    if key.starts_with(typed) {
        // A longer part of the name typed is a better match.
        return Some(70 + u32::try_from(typed.len() * 20 / key.len().max(1)).unwrap_or(0));
    }
    let allowance = typo_allowance(typed);
    if allowance == 0 {
        return None;
    }
    if let Some(distance) = edit_distance(typed, key, allowance) {
        return Some(if distance == 1 { 60 } else { 45 });
    }
    // A mistyped beginning of a longer name ("smtih" for "smithson"); shorter beginnings
    // are one edit away from too many names to mean anything.
    if typed.len() < 5 {
        return None;
    }
    let prefix = key.get(..typed.len().min(key.len()))?;
    edit_distance(typed, prefix, allowance).map(|_| 40)
}

/// What the score of a patient is computed from.
#[derive(Clone, Copy, Debug)]
pub struct CandidateKeys<'a> {
    pub last_key: &'a str,
    pub first_key: &'a str,
    pub birthdate: Option<NaiveDate>,
    /// The patient's phone numbers, digits only.
    pub phones: [&'a str; 3],
    pub display_id: &'a str,
    pub inactive: bool,
}

/// The score of a candidate for a query (higher is better), or None when it does not
/// match every part of the query.
pub fn score(query: &SearchQuery, candidate: &CandidateKeys<'_>) -> Option<u32> {
    let mut total = 0u32;
    if let Some(date) = query.birthdate {
        if candidate.birthdate != Some(date) {
            return None;
        }
        total += 100;
    }
    // Seven digits may be a local phone number or a chart number: either will do.
    let phone_match = query.phone.as_ref().map(|phone| match phone {
        PhoneQuery::Full(number) => candidate.phones.contains(&number.as_str()),
        PhoneQuery::Local(local) => candidate.phones.iter().any(|p| p.len() == 10 && p.ends_with(local.as_str())),
    });
    let id_match = query.display_id.as_ref().map(|id| candidate.display_id == id);
    match (phone_match, id_match) {
        (None, None) => {}
        (Some(true), _) => total += 100,
        (_, Some(true)) => total += 150,
        _ => return None,
    }
    if !query.names.is_empty() {
        total += name_score(query, candidate.last_key, candidate.first_key)?;
    }
    if candidate.inactive {
        total = total.saturating_sub(5);
    }
    Some(total)
}

fn name_score(query: &SearchQuery, last_key: &str, first_key: &str) -> Option<u32> {
    query
        .name_readings()
        .into_iter()
        .enumerate()
        .filter_map(|(i, (last, first))| {
            let reading = if first.is_empty() {
                // One name: a last name matches best, a first name too.
                let as_last = word_match(&last, last_key).map(|s| s * 2);
                let as_first = word_match(&last, first_key).map(|s| s * 3 / 2);
                as_last.into_iter().chain(as_first).max()?
            } else {
                word_match(&last, last_key)? + word_match(&first, first_key)?
            };
            // Earlier readings of the words are more likely; break ties in their favour.
            Some(reading * 4 - u32::try_from(i).unwrap_or(0))
        })
        .max()
}

/// Whether `other` is probably the same person as `new`: the same birth date and names
/// that differ by no more than a typo, or a shared phone number and such names.
pub fn is_possible_duplicate(new: &CandidateKeys<'_>, other: &CandidateKeys<'_>) -> bool {
    let close = |a: &str, b: &str| !a.is_empty() && (a == b || edit_distance(a, b, typo_allowance(a).max(1)).is_some());
    let names_close = close(new.last_key, other.last_key) && close(new.first_key, other.first_key);
    let same_birthdate = new.birthdate.is_some() && new.birthdate == other.birthdate;
    let shared_phone = new.phones.iter().any(|p| !p.is_empty() && other.phones.contains(p));
    names_close && (same_birthdate || shared_phone)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).expect("date")
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    #[test]
    fn folding_drops_case_accents_and_punctuation() {
        assert_eq!(fold_name("O'Connor"), "oconnor");
        assert_eq!(fold_name("Nuñez"), "nunez");
        assert_eq!(fold_name("De La Cruz"), "delacruz");
        assert_eq!(fold_name("Saint-Pierre"), "saintpierre");
        assert_eq!(fold_name("Müller"), "muller");
        assert_eq!(fold_name("Strauß"), "strauss");
        assert_eq!(fold_name("Zoë"), "zoe");
        assert_eq!(fold_name("  "), "");
    }

    #[test]
    fn dates_are_read_in_the_three_spec_formats() {
        assert_eq!(parse_date("03/07/1985", today()), Some(date(1985, 3, 7)));
        assert_eq!(parse_date("3/7/85", today()), Some(date(1985, 3, 7)));
        assert_eq!(parse_date("3/7/19", today()), Some(date(2019, 3, 7)));
        assert_eq!(parse_date("1985-03-07", today()), Some(date(1985, 3, 7)));
        assert_eq!(parse_date("03-07-1985", today()), Some(date(1985, 3, 7)));
        assert_eq!(parse_date("13/01/1985", today()), None);
        assert_eq!(parse_date("02/30/2000", today()), None);
        assert_eq!(parse_date("smith", today()), None);
    }

    #[test]
    fn queries_are_read_into_their_parts() {
        let q = parse_query("Smith, John", today());
        assert_eq!(q.name_readings(), vec![("smith".to_owned(), "john".to_owned())]);
        let q = parse_query("john smith", today());
        assert_eq!(q.name_readings()[1], ("smith".to_owned(), "john".to_owned()));
        let q = parse_query("(503) 555-0123", today());
        assert_eq!(q.phone, Some(PhoneQuery::Full("5035550123".into())));
        assert_eq!(parse_query("+1 503.555.0123", today()).phone, Some(PhoneQuery::Full("5035550123".into())));
        let q = parse_query("555-0123", today());
        assert_eq!(q.phone, Some(PhoneQuery::Local("5550123".into())));
        assert_eq!(q.display_id.as_deref(), Some("5550123"));
        assert_eq!(parse_query("10042", today()).display_id.as_deref(), Some("10042"));
        let q = parse_query("garcia 3/7/85", today());
        assert_eq!((q.names.clone(), q.birthdate), (vec!["garcia".to_owned()], Some(date(1985, 3, 7))));
        assert!(parse_query(" , ", today()).is_empty());
    }

    #[test]
    fn edit_distance_counts_a_swap_as_one() {
        assert_eq!(edit_distance("smtih", "smith", 2), Some(1));
        assert_eq!(edit_distance("smyth", "smith", 2), Some(1));
        assert_eq!(edit_distance("smith", "smith", 0), Some(0));
        assert_eq!(edit_distance("jonson", "johnson", 1), Some(1));
        assert_eq!(edit_distance("smith", "jones", 2), None);
        assert_eq!(edit_distance("ab", "abcdef", 2), None);
    }

    #[test]
    fn exact_beats_prefix_beats_typo() {
        let exact = word_match("smith", "smith").expect("exact");
        let prefix = word_match("smi", "smith").expect("prefix");
        let typo = word_match("smtih", "smith").expect("typo");
        assert!(exact > prefix && prefix > typo, "{exact} {prefix} {typo}");
        assert_eq!(word_match("smo", "smith"), None, "two letters apart");
        assert_eq!(word_match("jon", "john"), Some(60), "one letter missing");
        assert_eq!(word_match("jo", "ja"), None, "two-letter words allow no typo");
        assert_eq!(word_match("smtih", "smithson"), Some(40));
    }

    fn keys<'a>(last: &'a str, first: &'a str) -> CandidateKeys<'a> {
        CandidateKeys {
            last_key: last,
            first_key: first,
            birthdate: Some(date(1985, 3, 7)),
            phones: ["5035550123", "", ""],
            display_id: "10042",
            inactive: false,
        }
    }

    #[test]
    fn every_given_part_must_match() {
        let q = parse_query("smith 3/7/85", today());
        assert!(score(&q, &keys("smith", "john")).is_some());
        let q = parse_query("smith 4/7/85", today());
        assert!(score(&q, &keys("smith", "john")).is_none());
        let q = parse_query("jones", today());
        assert!(score(&q, &keys("smith", "john")).is_none());
    }

    #[test]
    fn first_last_and_last_first_both_find_the_patient() {
        let patient = keys("smith", "john");
        for typed in ["john smith", "smith john", "Smith, John", "smi jo", "jon smith", "smtih, john"] {
            assert!(score(&parse_query(typed, today()), &patient).is_some(), "{typed}");
        }
        assert!(score(&parse_query("Smith, Mary", today()), &patient).is_none());
    }

    #[test]
    fn ranking_prefers_the_closer_name() {
        let q = parse_query("smith", today());
        let smith = score(&q, &keys("smith", "john")).expect("smith");
        let smithson = score(&q, &keys("smithson", "amy")).expect("smithson");
        let first_name = score(&q, &keys("jones", "smith")).expect("first name");
        let typo = score(&parse_query("smiht", today()), &keys("smith", "john")).expect("typo");
        assert!(smith > smithson && smith > first_name && smith > typo);
        let inactive = score(&q, &CandidateKeys { inactive: true, ..keys("smith", "john") }).expect("inactive");
        assert!(inactive < smith);
    }

    #[test]
    fn phone_and_chart_number_find_the_patient() {
        let patient = keys("smith", "john");
        assert!(score(&parse_query("503-555-0123", today()), &patient).is_some());
        assert!(score(&parse_query("5550123", today()), &patient).is_some());
        assert!(score(&parse_query("10042", today()), &patient).is_some());
        assert!(score(&parse_query("503-555-0199", today()), &patient).is_none());
    }

    #[test]
    fn possible_duplicates_share_a_birth_date_or_a_phone_and_close_names() {
        let existing = keys("smith", "john");
        assert!(is_possible_duplicate(&keys("smyth", "jon"), &existing));
        let other_birthday =
            CandidateKeys { birthdate: Some(date(1990, 1, 1)), phones: ["", "", ""], ..keys("smith", "john") };
        assert!(!is_possible_duplicate(&other_birthday, &existing));
        let shared_phone = CandidateKeys { birthdate: None, ..keys("smith", "john") };
        assert!(is_possible_duplicate(&shared_phone, &existing));
        assert!(!is_possible_duplicate(&keys("jones", "john"), &existing));
    }
}
