//! The rules a patient's demographics must follow (spec part 1, section 5: generic form
//! rules and the patient form). The server checks them as the form does, so a client
//! that skips the form still cannot store what the form would refuse.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use crate::input::{self, Lines, check_text, check_texts};
use crate::search::phone_digits;

pub const REQUIRED: &str = "Required field";
pub const INVALID_EMAIL: &str = "Invalid email";
pub const PHONE_DIGITS: &str = "Number needs to be 10 digits";
pub const PHONE_TYPE: &str = "Phone number requires a phone type";

/// Maximum lengths (spec part 1, section 5), by the field's name on the wire.
pub const MAX_LENGTHS: &[(&str, usize)] = &[
    ("lastName", 30),
    ("firstName", 30),
    ("middle", 20),
    ("prefix", 6),
    ("suffix", 6),
    ("maidenName", 40),
    ("nickname", 20),
    ("streetAddress", 60),
    ("suite", 60),
    ("city", 30),
    ("state", 30),
    ("zipCode", 15),
    ("country", 60),
    ("email", 100),
];

/// The longest phone number accepted as typed, before its digits are taken.
pub const PHONE_MAX_LENGTH: usize = 20;
/// Sex: 0 Male, 1 Female, 2 Unknown.
pub const SEX_CHOICES: [i64; 3] = [0, 1, 2];
/// Phone types: 0 Home, 1 Work, 2 Mobile, 3 Other Phone.
pub const PHONE_TYPES: [i64; 4] = [0, 1, 2, 3];

/// A phone entry as sent: the number as typed and its type (0 to 3).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PhoneDraft {
    pub number: String,
    pub kind: Option<i64>,
}

/// A checked phone: ten digits and its type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phone {
    pub digits: String,
    pub kind: i16,
}

/// A patient's demographics as a form sends them, before checking.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PatientDraft {
    pub first_name: String,
    pub last_name: String,
    pub middle: String,
    pub prefix: String,
    pub suffix: String,
    pub maiden_name: String,
    pub nickname: String,
    /// yyyy-MM-dd, or empty when unknown.
    pub birthdate: String,
    pub sex: Option<i64>,
    pub marital_status: Option<i64>,
    pub employment: Option<i64>,
    pub preferred_language_id: Option<i64>,
    pub relationship_to_primary: Option<i64>,
    pub relationship_to_secondary: Option<i64>,
    pub street_address: String,
    pub suite: String,
    pub city: String,
    pub state: String,
    pub zip_code: String,
    pub country: String,
    pub phones: [PhoneDraft; 3],
    pub email: String,
}

/// Demographics that passed every rule, trimmed, with empty phone entries dropped
/// (moved up so the first phone is the primary one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatientFields {
    pub first_name: String,
    pub last_name: String,
    pub middle: String,
    pub prefix: String,
    pub suffix: String,
    pub maiden_name: String,
    pub nickname: String,
    pub birthdate: Option<NaiveDate>,
    pub sex: i16,
    pub marital_status: Option<i64>,
    pub employment: Option<i64>,
    pub preferred_language_id: Option<i64>,
    pub relationship_to_primary: Option<i64>,
    pub relationship_to_secondary: Option<i64>,
    pub street_address: String,
    pub suite: String,
    pub city: String,
    pub state: String,
    pub zip_code: String,
    pub country: String,
    pub phones: Vec<Phone>,
    pub email: String,
}

/// Field name on the wire to what is wrong with it.
pub type FieldErrors = BTreeMap<String, String>;

/// The basic e-mail shape of the spec: text, @, text, dot, text.
pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else { return false };
    let Some((host, top)) = domain.rsplit_once('.') else { return false };
    !local.is_empty()
        && !host.is_empty()
        && !top.is_empty()
        && !domain.contains('@')
        && !text.chars().any(char::is_whitespace)
}

/// An optional choice: 0 or nothing means none (a select left at its first entry).
fn choice(value: Option<i64>) -> Option<i64> {
    value.filter(|id| *id > 0)
}

impl PatientDraft {
    /// Checks every rule and answers either the clean fields or every fault found.
    pub fn check(&self, today: NaiveDate) -> Result<PatientFields, FieldErrors> {
        let mut errors = FieldErrors::new();
        let texts = [
            ("lastName", &self.last_name),
            ("firstName", &self.first_name),
            ("middle", &self.middle),
            ("prefix", &self.prefix),
            ("suffix", &self.suffix),
            ("maidenName", &self.maiden_name),
            ("nickname", &self.nickname),
            ("streetAddress", &self.street_address),
            ("suite", &self.suite),
            ("city", &self.city),
            ("state", &self.state),
            ("zipCode", &self.zip_code),
            ("country", &self.country),
            ("email", &self.email),
        ];
        for (field, value) in texts {
            let max = MAX_LENGTHS.iter().find(|(name, _)| *name == field).map_or(usize::MAX, |(_, max)| *max);
            if value.trim().chars().count() > max {
                errors.insert(field.into(), format!("Cannot be longer than {max} characters"));
            }
        }
        for (field, value) in [("lastName", &self.last_name), ("firstName", &self.first_name)] {
            if value.trim().is_empty() {
                errors.insert(field.into(), REQUIRED.into());
            }
        }
        let email = self.email.trim();
        if !email.is_empty() && !errors.contains_key("email") && !is_email(email) {
            errors.insert("email".into(), INVALID_EMAIL.into());
        }

        for (field, problem) in check_texts(texts.iter().map(|(field, value)| (*field, value.as_str(), Lines::One))) {
            errors.entry(field).or_insert(problem);
        }
        let birthdate = match self.birthdate.trim() {
            "" => None,
            text => match input::parse_date(text) {
                Ok(date) if date > today => {
                    errors.insert("birthdate".into(), "Cannot be in the future".into());
                    None
                }
                Ok(date) => Some(date),
                Err(problem) => {
                    errors.insert("birthdate".into(), problem.into());
                    None
                }
            },
        };
        let sex = match self.sex {
            None => 2,
            Some(s) if SEX_CHOICES.contains(&s) => i16::try_from(s).unwrap_or(2),
            Some(_) => {
                errors.insert("sex".into(), "Choose Male, Female or Unknown".into());
                2
            }
        };

        let mut phones = Vec::new();
        for (i, phone) in self.phones.iter().enumerate() {
            let field = format!("phone{}", i + 1);
            let typed = phone.number.trim();
            if typed.is_empty() {
                continue; // empty entries are dropped (spec part 1, section 5)
            }
            if let Err(problem) = check_text(typed, Lines::One) {
                errors.insert(format!("{field}.number"), problem.into());
                continue;
            }
            let digits = phone_digits(typed);
            if typed.chars().count() > PHONE_MAX_LENGTH
                || digits.len() != 10
                || typed.chars().any(|c| c.is_alphabetic())
            {
                errors.insert(format!("{field}.number"), PHONE_DIGITS.into());
            }
            match phone.kind {
                None => {
                    errors.insert(format!("{field}.type"), PHONE_TYPE.into());
                }
                Some(kind) if PHONE_TYPES.contains(&kind) => {
                    if digits.len() == 10 {
                        phones.push(Phone { digits, kind: i16::try_from(kind).unwrap_or(3) });
                    }
                }
                Some(_) => {
                    errors.insert(format!("{field}.type"), "Choose Home, Work, Mobile or Other Phone".into());
                }
            }
        }

        if !errors.is_empty() {
            return Err(errors);
        }
        let trimmed = |s: &str| s.trim().to_owned();
        Ok(PatientFields {
            first_name: trimmed(&self.first_name),
            last_name: trimmed(&self.last_name),
            middle: trimmed(&self.middle),
            prefix: trimmed(&self.prefix),
            suffix: trimmed(&self.suffix),
            maiden_name: trimmed(&self.maiden_name),
            nickname: trimmed(&self.nickname),
            birthdate,
            sex,
            marital_status: choice(self.marital_status),
            employment: choice(self.employment),
            preferred_language_id: choice(self.preferred_language_id),
            relationship_to_primary: choice(self.relationship_to_primary),
            relationship_to_secondary: choice(self.relationship_to_secondary),
            street_address: trimmed(&self.street_address),
            suite: trimmed(&self.suite),
            city: trimmed(&self.city),
            state: trimmed(&self.state),
            zip_code: trimmed(&self.zip_code),
            country: trimmed(&self.country),
            phones,
            email: email.to_owned(),
        })
    }
}

/// Whole years between `birthdate` and `today`.
pub fn age_on(birthdate: NaiveDate, today: NaiveDate) -> i64 {
    use chrono::Datelike;
    let mut age = i64::from(today.year() - birthdate.year());
    if (today.month(), today.day()) < (birthdate.month(), birthdate.day()) {
        age -= 1;
    }
    age
}

/// Only the last four digits of an SSN, as the app shows it: "***-**-6789".
pub fn mask_government_identifier(stored: &str) -> String {
    let digits: String = stored.chars().filter(char::is_ascii_digit).collect();
    match digits.len() {
        0 => String::new(),
        n if n >= 4 => format!("***-**-{}", &digits[n - 4..]),
        _ => "***-**-****".to_owned(),
    }
}

/// What a client sent for the SSN: unchanged (absent or the masked form sent back), cleared,
/// or a new number of 9 digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdentifierChange {
    Keep,
    Clear,
    Set(String),
}

pub fn government_identifier_change(sent: Option<&str>) -> Result<IdentifierChange, String> {
    let Some(sent) = sent.map(str::trim) else { return Ok(IdentifierChange::Keep) };
    if sent.is_empty() {
        return Ok(IdentifierChange::Clear);
    }
    if sent.starts_with("***") {
        return Ok(IdentifierChange::Keep);
    }
    let digits: String = sent.chars().filter(char::is_ascii_digit).collect();
    if digits.len() != 9 || sent.chars().any(|c| !c.is_ascii_digit() && c != '-' && c != ' ') {
        return Err("Must be 9 digits".into());
    }
    Ok(IdentifierChange::Set(format!("{}-{}-{}", &digits[..3], &digits[3..5], &digits[5..])))
}

/// A person's name as lists and answers show it: "Last, First".
pub fn last_first(last: &str, first: &str) -> String {
    format!("{last}, {first}")
}

/// "Last, First" of a name read through a join, when both parts were found.
pub fn joined_last_first(last: Option<&str>, first: Option<&str>) -> Option<String> {
    Some(last_first(last?, first?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_last_first_and_need_both_parts_when_joined() {
        assert_eq!(last_first("Ramirez", "Michelle"), "Ramirez, Michelle");
        assert_eq!(joined_last_first(Some("Chen"), Some("Marcus")).as_deref(), Some("Chen, Marcus"));
        assert_eq!(joined_last_first(None, Some("Marcus")), None);
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).expect("date")
    }

    fn draft() -> PatientDraft {
        PatientDraft { first_name: " Ana ".into(), last_name: "Lopez".into(), ..PatientDraft::default() }
    }

    #[test]
    fn names_are_required_and_trimmed() {
        let fields = draft().check(today()).expect("valid");
        assert_eq!(fields.first_name, "Ana");
        let errors = PatientDraft { first_name: "  ".into(), ..draft() }.check(today()).expect_err("invalid");
        assert_eq!(errors.get("firstName").map(String::as_str), Some(REQUIRED));
    }

    #[test]
    fn lengths_follow_the_spec() {
        let errors = PatientDraft { last_name: "x".repeat(31), prefix: "Captain".into(), ..draft() }
            .check(today())
            .expect_err("too long");
        assert_eq!(errors["lastName"], "Cannot be longer than 30 characters");
        assert_eq!(errors["prefix"], "Cannot be longer than 6 characters");
        assert!(PatientDraft { last_name: "x".repeat(30), ..draft() }.check(today()).is_ok());
    }

    #[test]
    fn email_must_have_the_basic_shape() {
        for good in ["a@b.co", "ana.lopez@example.com"] {
            assert!(is_email(good), "{good}");
        }
        for bad in ["ana", "ana@", "@example.com", "ana@example", "ana@example.", "a b@c.d", "a@b@c.d"] {
            assert!(!is_email(bad), "{bad}");
        }
        let errors = PatientDraft { email: "ana@example".into(), ..draft() }.check(today()).expect_err("bad");
        assert_eq!(errors["email"], INVALID_EMAIL);
    }

    #[test]
    fn phones_need_ten_digits_and_a_type() {
        let phone = |number: &str, kind: Option<i64>| PhoneDraft { number: number.into(), kind };
        let fields =
            PatientDraft { phones: [phone("", None), phone("(503) 555-0123", Some(2)), phone("", Some(0))], ..draft() }
                .check(today())
                .expect("valid");
        assert_eq!(fields.phones, vec![Phone { digits: "5035550123".into(), kind: 2 }], "empty entries dropped");
        let errors = PatientDraft {
            phones: [phone("555-0123", Some(0)), phone("503-555-0123", None), phone("", None)],
            ..draft()
        }
        .check(today())
        .expect_err("invalid");
        assert_eq!(errors["phone1.number"], PHONE_DIGITS);
        assert_eq!(errors["phone2.type"], PHONE_TYPE);
        let errors =
            PatientDraft { phones: [phone("503-ABC-0123", Some(0)), phone("", None), phone("", None)], ..draft() }
                .check(today())
                .expect_err("letters");
        assert_eq!(errors["phone1.number"], PHONE_DIGITS);
    }

    #[test]
    fn birthdates_are_past_dates_in_the_wire_format() {
        let fields = PatientDraft { birthdate: "1985-03-07".into(), ..draft() }.check(today()).expect("valid");
        assert_eq!(fields.birthdate, NaiveDate::from_ymd_opt(1985, 3, 7));
        for (bad, message) in [("2030-01-01", "Cannot be in the future"), ("03/07/1985", "Use the format yyyy-MM-dd")] {
            let errors = PatientDraft { birthdate: bad.into(), ..draft() }.check(today()).expect_err(bad);
            assert_eq!(errors["birthdate"], message);
        }
    }

    #[test]
    fn birthdates_stay_within_1880_to_2200_and_never_take_a_signed_year() {
        for (bad, message) in [
            ("1879-12-31", crate::input::YEAR_OUT_OF_RANGE),
            ("+262142-12-31", crate::input::DATE_FORMAT),
            ("-262143-01-01", crate::input::DATE_FORMAT),
        ] {
            let errors = PatientDraft { birthdate: bad.into(), ..draft() }.check(today()).expect_err(bad);
            assert_eq!(errors["birthdate"], message, "{bad}");
        }
        assert!(PatientDraft { birthdate: "1880-01-01".into(), ..draft() }.check(today()).is_ok());
    }

    #[test]
    fn names_and_addresses_refuse_control_and_bidi_characters() {
        let errors = PatientDraft {
            first_name: "Ana\0".into(),
            last_name: "Lo\u{202E}pez".into(),
            city: "Port\nland".into(),
            street_address: "1 Main\u{2066} St".into(),
            ..draft()
        }
        .check(today())
        .expect_err("hidden characters");
        for field in ["firstName", "lastName", "city", "streetAddress"] {
            assert_eq!(errors[field], crate::input::HIDDEN_CHARACTERS, "{field}");
        }
        let phone = PhoneDraft { number: "503\u{200B}555-0123".into(), kind: Some(0) };
        let errors = PatientDraft { phones: [phone, PhoneDraft::default(), PhoneDraft::default()], ..draft() }
            .check(today())
            .expect_err("phone");
        assert_eq!(errors["phone1.number"], crate::input::HIDDEN_CHARACTERS);
    }

    #[test]
    fn selects_at_zero_mean_none_and_sex_defaults_to_unknown() {
        let fields =
            PatientDraft { marital_status: Some(0), employment: Some(3), ..draft() }.check(today()).expect("valid");
        assert_eq!((fields.marital_status, fields.employment, fields.sex), (None, Some(3), 2));
        assert!(PatientDraft { sex: Some(5), ..draft() }.check(today()).is_err());
    }

    #[test]
    fn every_fault_is_reported_at_once() {
        let errors = PatientDraft::default().check(today()).expect_err("empty");
        assert_eq!(errors.len(), 2);
    }

    #[test]
    fn ssn_is_masked_and_only_a_new_full_number_replaces_it() {
        assert_eq!(mask_government_identifier("666-12-3456"), "***-**-3456");
        assert_eq!(mask_government_identifier(""), "");
        assert_eq!(government_identifier_change(None), Ok(IdentifierChange::Keep));
        assert_eq!(government_identifier_change(Some("***-**-3456")), Ok(IdentifierChange::Keep));
        assert_eq!(government_identifier_change(Some("")), Ok(IdentifierChange::Clear));
        assert_eq!(government_identifier_change(Some("666123456")), Ok(IdentifierChange::Set("666-12-3456".into())));
        assert!(government_identifier_change(Some("12345")).is_err());
    }

    #[test]
    fn age_counts_whole_years() {
        let birth = NaiveDate::from_ymd_opt(2023, 11, 23).expect("date");
        assert_eq!(age_on(birth, today()), 2);
        assert_eq!(age_on(NaiveDate::from_ymd_opt(2023, 11, 22).expect("date"), today()), 3);
    }
}
