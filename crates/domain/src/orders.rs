//! The rules of orders (spec part 1: 'Order', 'Order form', section 4 'Order', section 9).

use std::collections::BTreeMap;

use crate::ids::{ChosenId, IncidentId, OfficeId, UserId};
use chrono::NaiveDate;

use crate::input::{self, Lines, check_texts};
use crate::patient::REQUIRED;

/// A new order's type and status (spec part 1, sections 4 and 9).
pub const DEFAULT_TYPE: i64 = 100;
pub const DEFAULT_STATUS: i64 = 1;
/// Statuses counted as open: the dashboard's count and the 'All Open' filter (id 0).
pub const OPEN_STATUSES: [i64; 3] = [1, 7, 8];
/// Shown with the blue "available" dot.
pub const AVAILABLE_STATUS: i64 = 9;
/// Orders of this type keep their long description (it comes from an interface).
pub const LOCKED_DESCRIPTION_TYPE: i64 = 50;
/// The 'All Open' status choice of the filters.
pub const ALL_OPEN: i64 = 0;

/// Orders on a page of the work list unless asked otherwise, and at most (spec part 1, section 9).
pub const PAGE_DEFAULT: u64 = 25;
pub const PAGE_MAX: u64 = 200;
pub const SHORT_DESCRIPTION_MAX: usize = 120;
pub const LONG_DESCRIPTION_MAX: usize = 4000;
pub const NOTE_MAX: usize = 4000;

/// Types a user may choose: 1, 2, 3, 4, 100, 101, 102 and any above 110.
pub fn is_selectable_type(type_id: i64) -> bool {
    matches!(type_id, 1..=4 | 100..=102) || type_id > 110
}

/// An order as its form sends it, before checking.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderDraft {
    pub type_id: Option<i64>,
    pub short_description: String,
    pub long_description: String,
    pub provider_id: Option<i64>,
    pub status_id: Option<i64>,
    pub office_id: Option<i64>,
    /// 0 means none (spec part 1, section 4).
    pub incident_id: Option<i64>,
    pub assigned_to_user_id: Option<i64>,
    /// yyyy-MM-dd or empty.
    pub due: String,
    pub urgent: bool,
    /// The text of a new note, appended to the order's notes.
    pub order_note: String,
}

/// What an edit is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredOrder<'a> {
    pub type_id: i64,
    pub long_description: &'a str,
}

/// An order that passed every rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderFields {
    pub type_id: i64,
    pub short_description: String,
    pub long_description: String,
    pub provider_id: Option<UserId>,
    pub status_id: i64,
    pub office_id: Option<OfficeId>,
    pub incident_id: Option<IncidentId>,
    pub assigned_to_user_id: UserId,
    pub due: Option<NaiveDate>,
    pub urgent: bool,
    /// Empty when no note is to be added.
    pub order_note: String,
}

pub type FieldErrors = BTreeMap<String, String>;

fn positive(value: Option<i64>) -> Option<i64> {
    value.filter(|id| *id > 0)
}

impl OrderDraft {
    /// Checks a new order (`stored` None) or an edit of `stored`.
    pub fn check(&self, stored: Option<StoredOrder<'_>>) -> Result<OrderFields, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut too_long = |field: &str, value: &str, max: usize| {
            if value.trim().chars().count() > max {
                errors.insert(field.into(), format!("Cannot be longer than {max} characters"));
            }
        };
        too_long("shortDescription", &self.short_description, SHORT_DESCRIPTION_MAX);
        too_long("longDescription", &self.long_description, LONG_DESCRIPTION_MAX);
        too_long("orderNote", &self.order_note, NOTE_MAX);
        if self.short_description.trim().is_empty() {
            errors.insert("shortDescription".into(), REQUIRED.into());
        }
        let assigned = UserId::chosen(self.assigned_to_user_id);
        if assigned.is_none() {
            errors.insert("assignedToUserId".into(), REQUIRED.into());
        }

        let type_id = match (positive(self.type_id), stored) {
            (None, _) => {
                errors.insert("typeId".into(), REQUIRED.into());
                DEFAULT_TYPE
            }
            // A type outside the choosable set stays as it is (spec part 1, section 4).
            (Some(new), Some(old)) if !is_selectable_type(old.type_id) && new != old.type_id => {
                errors.insert("typeId".into(), "The type of this order cannot be changed".into());
                old.type_id
            }
            (Some(new), Some(old)) if new == old.type_id => new,
            (Some(new), _) if !is_selectable_type(new) => {
                errors.insert("typeId".into(), "Choose a type from the list".into());
                new
            }
            (Some(new), _) => new,
        };
        if let Some(old) = stored
            && old.type_id == LOCKED_DESCRIPTION_TYPE
            && self.long_description.trim() != old.long_description.trim()
        {
            errors.insert("longDescription".into(), "The long description of this order cannot be changed".into());
        }
        for (field, problem) in check_texts([
            ("shortDescription", self.short_description.as_str(), Lines::One),
            ("longDescription", self.long_description.as_str(), Lines::Many),
            ("orderNote", self.order_note.as_str(), Lines::Many),
        ]) {
            errors.entry(field).or_insert(problem);
        }
        let due = match self.due.trim() {
            "" => None,
            text => match input::parse_date(text) {
                Ok(date) => Some(date),
                Err(problem) => {
                    errors.insert("due".into(), problem.into());
                    None
                }
            },
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(OrderFields {
            type_id,
            short_description: self.short_description.trim().to_owned(),
            long_description: self.long_description.trim().to_owned(),
            provider_id: UserId::chosen(self.provider_id),
            status_id: positive(self.status_id).unwrap_or(DEFAULT_STATUS),
            office_id: OfficeId::chosen(self.office_id),
            incident_id: IncidentId::chosen(self.incident_id),
            assigned_to_user_id: assigned.unwrap_or(UserId(0)),
            due,
            urgent: self.urgent,
            order_note: self.order_note.trim().to_owned(),
        })
    }
}

/// The statuses a filter's choice stands for: 'All Open' (0) is 1, 7 and 8.
pub fn expand_statuses(chosen: &[i64]) -> Vec<i64> {
    let mut statuses: Vec<i64> = Vec::new();
    for id in chosen {
        if *id == ALL_OPEN {
            statuses.extend(OPEN_STATUSES);
        } else {
            statuses.push(*id);
        }
    }
    statuses.sort_unstable();
    statuses.dedup();
    statuses
}

/// The longest keyword the orders list takes, and the most words in it.
pub const KEYWORD_MAX: usize = 100;
pub const KEYWORD_WORDS_MAX: usize = 8;

/// The words of the orders keyword, each a beginning of a word the order is found by
/// (`order_words`; its number is also matched whole); every one must match for an order
/// to be listed. Empty for a blank keyword (no keyword filter). A typed word with no letter
/// or digit ('%') stays as typed, so it matches no order rather than every one.
pub fn keyword_words(keyword: &str) -> Result<Vec<String>, String> {
    let keyword = keyword.trim();
    if keyword.chars().count() > KEYWORD_MAX {
        return Err(format!("At most {KEYWORD_MAX} characters"));
    }
    crate::input::check_text(keyword, crate::input::Lines::One).map_err(str::to_owned)?;
    let mut words = Vec::new();
    for typed in keyword.split_whitespace() {
        let found: Vec<String> = word_pieces(typed).map(fold_word).filter(|w| !w.is_empty()).collect();
        if found.is_empty() {
            words.push(typed.to_lowercase());
        } else {
            words.extend(found);
        }
    }
    if words.len() > KEYWORD_WORDS_MAX {
        return Err(format!("At most {KEYWORD_WORDS_MAX} words"));
    }
    words.sort();
    words.dedup();
    Ok(words)
}

/// Index words are cut to this many bytes (a pasted link is one long word; PostgreSQL's
/// index entries have a size limit); typed words too, so a long one still finds its order.
pub const WORD_BYTES_MAX: usize = 40;

/// The words an order is found by in its descriptions, and a name (type, status, office,
/// staff) is matched by: split at spaces and punctuation, folded as patient names are
/// ('Müller' is 'muller', 'O'Brien' is 'obrien'), a hyphenated word whole and by its parts
/// ('X-ray' is 'xray', 'x' and 'ray'); sorted, each once.
pub fn order_words(texts: &[&str]) -> Vec<String> {
    let mut words = Vec::new();
    for text in texts {
        for piece in word_pieces(text) {
            words.push(fold_word(piece));
            if piece.contains('-') {
                words.extend(piece.split('-').map(fold_word));
            }
        }
    }
    words.retain(|w| !w.is_empty());
    words.sort();
    words.dedup();
    words
}

/// Whether `word` (a keyword word) begins one of the words of `text`.
pub fn begins_a_word(text: &str, word: &str) -> bool {
    order_words(&[text]).iter().any(|w| w.starts_with(word))
}

/// The runs of letters, digits, hyphens and apostrophes in `text`.
fn word_pieces(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || matches!(c, '-' | '\'' | '\u{2019}'))).filter(|p| !p.is_empty())
}

/// A word folded to ASCII letters and digits; a word of another script, which folding
/// would empty, lower-cased instead. At most `WORD_BYTES_MAX` bytes.
fn fold_word(piece: &str) -> String {
    let folded = crate::search::fold_name(piece);
    let mut word =
        if folded.is_empty() { piece.to_lowercase().chars().filter(|c| c.is_alphanumeric()).collect() } else { folded };
    if word.len() > WORD_BYTES_MAX {
        let mut end = WORD_BYTES_MAX;
        while !word.is_char_boundary(end) {
            end -= 1;
        }
        word.truncate(end);
    }
    word
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| (*w).to_owned()).collect()
    }

    #[test]
    fn the_keyword_is_its_words_folded_and_bounded() {
        assert_eq!(keyword_words("  Lipid   PANEL "), Ok(owned(&["lipid", "panel"])));
        assert_eq!(
            keyword_words("CBC/diff X-ray Müller O'Brien"),
            Ok(owned(&["cbc", "diff", "muller", "obrien", "xray"]))
        );
        assert_eq!(keyword_words("000123"), Ok(owned(&["000123"])));
        assert_eq!(keyword_words("%"), Ok(owned(&["%"])), "kept, to match nothing");
        assert_eq!(keyword_words("   "), Ok(Vec::new()));
        assert!(keyword_words(&"a".repeat(KEYWORD_MAX + 1)).is_err());
        assert!(keyword_words("a b c d e f g h i").is_err());
        assert!(keyword_words("lipid\u{202E}").is_err());
    }

    #[test]
    fn an_order_is_found_by_the_words_of_its_texts() {
        assert_eq!(
            order_words(&["X-ray, chest (2 views)", "Call Mr. O'Brien re: x-ray"]),
            owned(&["2", "call", "chest", "mr", "obrien", "ray", "re", "views", "x", "xray"])
        );
        assert_eq!(order_words(&["日本語 Überweisung"]), owned(&["uberweisung", "日本語"]));
        let link = format!("see https://example.org/{}", "a".repeat(200));
        assert!(order_words(&[&link]).iter().all(|w| w.len() <= WORD_BYTES_MAX));
        assert_eq!(order_words(&["", " - "]), Vec::<String>::new());
        assert!(begins_a_word("Lab Results", "res"));
        assert!(!begins_a_word("Lab Results", "sults"), "a word's beginning, not its middle");
        // A typed word cut like the stored one still finds it.
        let long = "b".repeat(60);
        assert!(order_words(&[&long])[0].starts_with(&keyword_words(&long).expect("valid")[0]));
    }

    fn draft() -> OrderDraft {
        OrderDraft {
            type_id: Some(100),
            short_description: " Call patient with results ".into(),
            assigned_to_user_id: Some(2),
            ..OrderDraft::default()
        }
    }

    #[test]
    fn selectable_types_follow_the_spec() {
        for id in [1, 2, 3, 4, 100, 101, 102, 111, 500] {
            assert!(is_selectable_type(id), "{id}");
        }
        for id in [0, 5, 50, 99, 103, 110] {
            assert!(!is_selectable_type(id), "{id}");
        }
    }

    #[test]
    fn new_order_defaults_and_trims() {
        let fields = draft().check(None).expect("valid");
        assert_eq!(fields.status_id, DEFAULT_STATUS);
        assert_eq!(fields.short_description, "Call patient with results");
        assert_eq!((fields.incident_id, fields.provider_id), (None, None));
        let fields = OrderDraft { incident_id: Some(0), provider_id: Some(1), ..draft() }.check(None).expect("valid");
        assert_eq!((fields.incident_id, fields.provider_id), (None, None), "incident 0 and system provider are none");
    }

    #[test]
    fn type_description_and_assignee_are_required() {
        let errors = OrderDraft::default().check(None).expect_err("empty");
        assert_eq!(errors.keys().collect::<Vec<_>>(), ["assignedToUserId", "shortDescription", "typeId"]);
        assert!(errors.values().all(|m| m == REQUIRED));
        let errors = OrderDraft { assigned_to_user_id: Some(1), ..draft() }.check(None).expect_err("system user");
        assert_eq!(errors["assignedToUserId"], REQUIRED);
    }

    #[test]
    fn due_dates_are_bounded_and_texts_refuse_hidden_characters() {
        let errors = OrderDraft { due: "+262142-12-31".into(), ..draft() }.check(None).expect_err("signed year");
        assert_eq!(errors["due"], crate::input::DATE_FORMAT);
        let errors = OrderDraft { due: "2201-01-01".into(), ..draft() }.check(None).expect_err("after 2200");
        assert_eq!(errors["due"], crate::input::YEAR_OUT_OF_RANGE);
        let errors = OrderDraft {
            short_description: "Call\u{202E}gnp.exe".into(),
            long_description: "ok\nline two\0".into(),
            order_note: "fine\n\tindented".into(),
            ..draft()
        }
        .check(None)
        .expect_err("hidden characters");
        assert_eq!(errors.keys().collect::<Vec<_>>(), ["longDescription", "shortDescription"]);
    }

    #[test]
    fn new_orders_take_only_selectable_types() {
        let errors = OrderDraft { type_id: Some(50), ..draft() }.check(None).expect_err("type 50");
        assert_eq!(errors["typeId"], "Choose a type from the list");
    }

    #[test]
    fn a_fixed_type_cannot_change_on_edit() {
        let stored = StoredOrder { type_id: 50, long_description: "From the lab" };
        let same = OrderDraft { type_id: Some(50), long_description: "From the lab".into(), ..draft() };
        assert_eq!(same.check(Some(stored)).expect("unchanged").type_id, 50);
        let changed = OrderDraft { type_id: Some(100), long_description: "From the lab".into(), ..draft() };
        assert_eq!(
            changed.check(Some(stored)).expect_err("changed")["typeId"],
            "The type of this order cannot be changed"
        );
        let selectable = StoredOrder { type_id: 1, long_description: "" };
        assert_eq!(OrderDraft { type_id: Some(101), ..draft() }.check(Some(selectable)).expect("switch").type_id, 101);
    }

    #[test]
    fn type_50_keeps_its_long_description() {
        let stored = StoredOrder { type_id: 50, long_description: "From the lab" };
        let edited = OrderDraft { type_id: Some(50), long_description: "Edited".into(), ..draft() };
        assert_eq!(
            edited.check(Some(stored)).expect_err("locked")["longDescription"],
            "The long description of this order cannot be changed"
        );
    }

    #[test]
    fn all_open_stands_for_1_7_and_8() {
        assert_eq!(expand_statuses(&[0]), [1, 7, 8]);
        assert_eq!(expand_statuses(&[9, 0, 7]), [1, 7, 8, 9]);
        assert!(expand_statuses(&[]).is_empty());
    }
}
