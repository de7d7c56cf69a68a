//! The ICD-10-CM code set and its search: by a code's beginning with or without the dot
//! ('e11.9', 'E119') and by words in any order, each the beginning of a word of the
//! description ('diab type 2', 'fract femur'). Billable codes and exact matches come
//! first. Pure: the store hands it the code set's text, the route a query.

use std::collections::BTreeMap;

/// Fewest characters a search needs.
pub const MIN_SEARCH_CHARS: usize = 2;
/// Longest search read.
pub const MAX_SEARCH_CHARS: usize = 100;
/// Most results a search answers.
pub const MAX_RESULTS: usize = 50;
/// Most words a search reads.
pub const MAX_WORDS: usize = 8;

/// One code of the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagnosisCode {
    /// With its dot: 'E11.9'.
    pub code: String,
    /// A code a claim may carry (a leaf of the classification).
    pub billable: bool,
    pub description: String,
}

/// What a search is refused for, in the user's words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    #[error("Type at least {MIN_SEARCH_CHARS} characters")]
    TooShort,
    #[error("At most {MAX_SEARCH_CHARS} characters")]
    TooLong,
}

/// The code set, indexed for search.
#[derive(Debug, Default)]
pub struct CodeSet {
    /// The release the codes are from ('ICD-10-CM April 1, 2026 ...').
    pub release: String,
    /// Sorted by code.
    codes: Vec<DiagnosisCode>,
    /// Each code's key: uppercase, no dot ('E119'), in the order of `codes`.
    keys: Vec<String>,
    /// Every description word (folded) to the codes whose description has it.
    words: BTreeMap<String, Vec<u32>>,
}

/// A code without its dot, uppercase: how codes are compared.
pub fn code_key(text: &str) -> String {
    text.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect()
}

/// Lowercase ASCII words of a text (letters and digits; everything else separates).
fn words_of(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_ascii_lowercase)
}

/// Whether a search reads as the start of a code: a letter, then a digit, then letters,
/// digits and at most one dot, with no spaces ('e11', 'E11.9', 's72001a').
fn looks_like_code(text: &str) -> bool {
    let mut chars = text.chars();
    let (Some(first), Some(second)) = (chars.next(), chars.next()) else { return false };
    first.is_ascii_alphabetic()
        && second.is_ascii_digit()
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
        && text.matches('.').count() <= 1
}

impl CodeSet {
    /// Reads the code set's text: a `#release<TAB>name` line, then `code<TAB>billable<TAB>description`
    /// lines. Lines that do not read are skipped (the file is made by the build and checked by a test).
    pub fn parse(text: &str) -> Self {
        let mut set = CodeSet::default();
        let mut codes: Vec<DiagnosisCode> = Vec::with_capacity(100_000);
        for line in text.lines() {
            let mut fields = line.splitn(3, '\t');
            match (fields.next(), fields.next(), fields.next()) {
                (Some("#release"), Some(release), None) => set.release = release.to_owned(),
                (Some(code), Some(billable @ ("0" | "1")), Some(description)) if !code.starts_with('#') => {
                    codes.push(DiagnosisCode {
                        code: code.to_owned(),
                        billable: billable == "1",
                        description: description.to_owned(),
                    });
                }
                _ => {}
            }
        }
        codes.sort_by_cached_key(|c| code_key(&c.code));
        for (i, code) in codes.iter().enumerate() {
            for word in words_of(&code.description) {
                let list = set.words.entry(word).or_default();
                if list.last() != Some(&(i as u32)) {
                    list.push(i as u32);
                }
            }
        }
        set.keys = codes.iter().map(|c| code_key(&c.code)).collect();
        set.codes = codes;
        set
    }

    pub fn len(&self) -> usize {
        self.codes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// Every code, sorted.
    pub fn codes(&self) -> &[DiagnosisCode] {
        &self.codes
    }

    /// The code written this way ('e119' finds 'E11.9').
    pub fn find(&self, code: &str) -> Option<&DiagnosisCode> {
        let key = code_key(code);
        self.keys.binary_search(&key).ok().map(|i| &self.codes[i])
    }

    /// At most [`MAX_RESULTS`] codes for a search, best first.
    pub fn search(&self, raw: &str) -> Result<Vec<&DiagnosisCode>, SearchError> {
        let text = raw.trim();
        let length = text.chars().count();
        if length > MAX_SEARCH_CHARS {
            return Err(SearchError::TooLong);
        }
        if length < MIN_SEARCH_CHARS {
            return Err(SearchError::TooShort);
        }
        let mut found: Vec<u32> = if looks_like_code(text) { self.by_code(&code_key(text)) } else { Vec::new() };
        if found.is_empty() {
            found = self.by_words(text);
        }
        let key = code_key(text);
        let phrase = text.to_ascii_lowercase();
        let rank = |i: &u32| {
            let code = &self.codes[*i as usize];
            let exact = self.keys[*i as usize] == key || code.description.eq_ignore_ascii_case(&phrase);
            // Exact first, billable next, then the shorter (more general) description.
            (!exact, !code.billable, code.description.len(), *i)
        };
        found.sort_by_key(rank);
        found.truncate(MAX_RESULTS);
        Ok(found.into_iter().map(|i| &self.codes[i as usize]).collect())
    }

    /// Codes whose key starts with `key` (sorted, so one range).
    fn by_code(&self, key: &str) -> Vec<u32> {
        let start = self.keys.partition_point(|k| k.as_str() < key);
        self.keys[start..]
            .iter()
            .take_while(|k| k.starts_with(key))
            .enumerate()
            .map(|(n, _)| (start + n) as u32)
            .collect()
    }

    /// Codes whose description has, for every word searched, a word starting with it.
    fn by_words(&self, text: &str) -> Vec<u32> {
        let mut wanted: Vec<String> = words_of(text).take(MAX_WORDS).collect();
        wanted.sort();
        wanted.dedup();
        let mut sets: Vec<Vec<u32>> = wanted.iter().map(|prefix| self.codes_with_word_starting(prefix)).collect();
        sets.sort_by_key(Vec::len);
        let Some((first, rest)) = sets.split_first() else { return Vec::new() };
        first.iter().copied().filter(|i| rest.iter().all(|set| set.binary_search(i).is_ok())).collect()
    }

    fn codes_with_word_starting(&self, prefix: &str) -> Vec<u32> {
        let mut ids: Vec<u32> = self
            .words
            .range(prefix.to_owned()..)
            .take_while(|(word, _)| word.starts_with(prefix))
            .flat_map(|(_, ids)| ids.iter().copied())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "#release\tTest release\n\
        E11\t0\tType 2 diabetes mellitus\n\
        E11.9\t1\tType 2 diabetes mellitus without complications\n\
        E11.65\t1\tType 2 diabetes mellitus with hyperglycemia\n\
        E10.9\t1\tType 1 diabetes mellitus without complications\n\
        S72.001A\t1\tFracture of unspecified part of neck of right femur, initial encounter for closed fracture\n\
        S72\t0\tFracture of femur\n\
        I10\t1\tEssential (primary) hypertension\n\
        not a line\n";

    fn codes(found: Vec<&DiagnosisCode>) -> Vec<&str> {
        found.into_iter().map(|c| c.code.as_str()).collect()
    }

    #[test]
    fn a_code_is_found_with_or_without_its_dot_in_any_case() {
        let set = CodeSet::parse(SAMPLE);
        assert_eq!(set.release, "Test release");
        assert_eq!(set.len(), 7);
        assert_eq!(codes(set.search("e11.9").expect("ok")), ["E11.9"]);
        assert_eq!(codes(set.search("E119").expect("ok")), ["E11.9"]);
        assert_eq!(set.find("e119").map(|c| c.code.as_str()), Some("E11.9"));
        assert_eq!(set.find("E11.99"), None);
    }

    #[test]
    fn a_code_prefix_lists_the_exact_code_first_then_billable_codes() {
        let set = CodeSet::parse(SAMPLE);
        // Among billable codes the shorter (more general) description first.
        assert_eq!(codes(set.search("E11").expect("ok")), ["E11", "E11.65", "E11.9"]);
        assert_eq!(codes(set.search("e1").expect("ok"))[..3], ["E11.65", "E10.9", "E11.9"]);
    }

    #[test]
    fn words_match_in_any_order_by_their_beginnings() {
        let set = CodeSet::parse(SAMPLE);
        assert_eq!(codes(set.search("diab type 2").expect("ok")), ["E11.65", "E11.9", "E11"]);
        assert_eq!(codes(set.search("fract femur").expect("ok")), ["S72.001A", "S72"]);
        assert_eq!(codes(set.search("FEMUR fract").expect("ok")), ["S72.001A", "S72"]);
        assert_eq!(codes(set.search("hypert").expect("ok")), ["I10"]);
        assert!(set.search("diab zebra").expect("ok").is_empty());
        // An exact description comes first, billable or not.
        assert_eq!(codes(set.search("fracture of femur").expect("ok"))[0], "S72");
    }

    #[test]
    fn short_and_long_searches_are_refused() {
        let set = CodeSet::parse(SAMPLE);
        assert_eq!(set.search(""), Err(SearchError::TooShort));
        assert_eq!(set.search(" e "), Err(SearchError::TooShort));
        assert_eq!(set.search(&"a".repeat(101)), Err(SearchError::TooLong));
        assert!(set.search("i1").is_ok());
    }

    #[test]
    fn code_shapes() {
        assert!(looks_like_code("e11"));
        assert!(looks_like_code("S72.001A"));
        assert!(!looks_like_code("diab"));
        assert!(!looks_like_code("e11 9"));
        assert!(!looks_like_code("11"));
        assert_eq!(code_key(" e11.9 "), "E119");
    }
}
