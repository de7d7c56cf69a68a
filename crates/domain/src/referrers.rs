//! Referrers (the people and organisations that send patients to the practice or receive
//! its referrals) and a patient's referrals to or from them: what a valid referrer is
//! (the NPI's check digit as NPPES defines it), how a search reads its words, and the
//! CSV file a practice loads its referrer list from.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::csv::{self, LineError, quote};
use crate::input::{Lines, check_text, null_as_empty, parse_date};
use crate::patient::is_email;
use crate::search::{fold_name, phone_digits, word_match};

pub type FieldErrors = BTreeMap<String, String>;

pub const REQUIRED: &str = "Required field";
pub const BAD_NPI: &str = "An NPI is 10 digits with a valid check digit";
pub const INVALID_EMAIL: &str = "Invalid email";
pub const PHONE_DIGITS: &str = "Number needs to be 10 digits";
pub const PHONE_TYPE: &str = "Phone number requires a phone type";
pub const BAD_PHONE_TYPE: &str = "Choose Office, Mobile, Fax or Other";
pub const BAD_EXTENSION: &str = "Up to 6 digits";
pub const BAD_WEBSITE: &str = "A web address beginning with https:// or http://";
pub const BAD_TYPE: &str = "Choose person or organisation";
pub const BAD_REFERRER_DIRECTION: &str = "Choose in, out or both";
pub const BAD_DIRECTION: &str = "Choose incoming or outgoing";
pub const BAD_STATUS: &str = "Choose pending, scheduled, completed or cancelled";
pub const IN_THE_FUTURE: &str = "Cannot be in the future";
pub const BEFORE_BIRTH: &str = "Cannot be before the date of birth";
pub const NOT_A_REFERRER: &str = "Choose a value from the list";
/// The 404 message of a referrer or a patient's referral (spec part 2, error catalogue).
pub const NOT_FOUND: &str = "Referral not found";

/// The longest text of each referrer field, by its name on the wire.
pub const MAX_LENGTHS: &[(&str, usize)] = &[
    ("first", 40),
    ("last", 60),
    ("company", 120),
    ("specialty", 80),
    ("address", 120),
    ("city", 60),
    ("state", 30),
    ("zip", 15),
    ("website", 200),
    ("directAddress", 254),
    ("email", 254),
    ("notes", 2000),
];
/// An NPI as sent, spaces around it included.
pub const MAX_NPI_CHARS: usize = 20;
pub const MAX_PHONE_CHARS: usize = 20;
pub const MAX_EXTENSION_CHARS: usize = 6;
pub const MAX_REASON_CHARS: usize = 500;

/// The longest search, in characters, and the most words it may hold.
pub const MAX_SEARCH_CHARS: usize = 100;
pub const MAX_SEARCH_WORDS: usize = 8;
/// The most referrers a search answers.
pub const MAX_RESULTS: usize = 50;
/// A referrer file holds at most this many referrers.
pub const MAX_FILE_ROWS: usize = 200_000;

/// Phone types of a referrer: 0 Office, 1 Mobile, 2 Fax, 3 Other.
pub const PHONE_TYPES: [(i64, &str); 4] = [(0, "office"), (1, "mobile"), (2, "fax"), (3, "other")];

pub const TYPES: [&str; 2] = ["person", "organisation"];
/// in: refers patients to the practice; out: receives the practice's referrals.
pub const REFERRER_DIRECTIONS: [&str; 3] = ["in", "out", "both"];
/// incoming: the referrer sent the patient to the practice; outgoing: the practice sent
/// the patient to the referrer.
pub const DIRECTIONS: [&str; 2] = ["incoming", "outgoing"];
pub const STATUSES: [&str; 4] = ["pending", "scheduled", "completed", "cancelled"];

/// Whether `npi` is ten digits whose last is the Luhn check digit of the first nine with
/// the card issuer prefix 80840 before them (NPPES, 'NPI check digit').
pub fn is_valid_npi(npi: &str) -> bool {
    let bytes = npi.as_bytes();
    if bytes.len() != 10 || !bytes.iter().all(u8::is_ascii_digit) {
        return false;
    }
    npi_check_digit(&npi[..9]) == Some(bytes[9] - b'0')
}

/// The check digit of an NPI's first nine digits; None unless they are nine digits.
pub fn npi_check_digit(first_nine: &str) -> Option<u8> {
    if first_nine.len() != 9 || !first_nine.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // From the right of "80840" + the nine digits, every other digit (starting with the
    // rightmost) is doubled, and a doubled digit over 9 has 9 taken off.
    let sum: u32 = format!("80840{first_nine}")
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 0 {
                let doubled = d * 2;
                if doubled > 9 { doubled - 9 } else { doubled }
            } else {
                d
            }
        })
        .sum();
    u8::try_from((10 - sum % 10) % 10).ok()
}

/// A phone as the API carries it: the number, its type and an extension.
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default)]
pub struct PhoneInput {
    /// 0 Office, 1 Mobile, 2 Fax, 3 Other; needed with a number.
    #[serde(rename = "type")]
    pub kind: Option<i64>,
    /// Ten digits as typed; '' for none.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub number: String,
    /// Up to 6 digits.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub ext: String,
}

/// A referrer as the API takes it (spec part 2: Referrer).
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ReferrerInput {
    /// 'person' or 'organisation'.
    #[serde(rename = "type", deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub kind: String,
    /// 'in', 'out' or 'both' (the default).
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub direction: String,
    /// A person's first name; required for a person.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub first: String,
    /// A person's last name; required for a person.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub last: String,
    /// A person's practice, or the organisation's name (required for one).
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub company: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub specialty: String,
    /// 10 digits with the NPPES check digit; '' for none.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub npi: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub address: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub city: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub state: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub zip: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub website: String,
    /// The Direct secure-messaging address.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub direct_address: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub email: String,
    pub phone1: PhoneInput,
    pub phone2: PhoneInput,
    pub phone3: PhoneInput,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub notes: String,
    /// The version the change was made on (a change only).
    pub version: Option<i32>,
}

/// A checked phone: ten digits, its type and extension.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckedPhone {
    pub kind: Option<i16>,
    pub digits: String,
    pub ext: String,
}

/// A referrer every field of which passed, trimmed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckedReferrer {
    pub kind: String,
    pub direction: String,
    pub first: String,
    pub last: String,
    pub company: String,
    pub specialty: String,
    pub npi: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub website: String,
    pub direct_address: String,
    pub email: String,
    pub phones: [CheckedPhone; 3],
    pub notes: String,
}

impl CheckedReferrer {
    /// What lists sort by: a person's folded last and first name, an organisation's name.
    pub fn name_key(&self) -> String {
        if self.kind == "organisation" || self.last.is_empty() {
            fold_name(&self.company)
        } else {
            format!("{} {}", fold_name(&self.last), fold_name(&self.first))
        }
    }

    /// The words a search finds this referrer by.
    pub fn search_words(&self) -> Vec<String> {
        search_words_of([&self.first, &self.last, &self.company, &self.specialty], &self.npi)
    }
}

/// The words a search finds a referrer by: its names, company and specialty word by word,
/// folded as patient names are, and its NPI; sorted, each once.
pub fn search_words_of(texts: [&str; 4], npi: &str) -> Vec<String> {
    let mut words: Vec<String> = texts.into_iter().flat_map(index_words).collect();
    if !npi.is_empty() {
        words.push(npi.to_owned());
    }
    words.sort();
    words.dedup();
    words
}

/// How well a referrer with `words` (its [`search_words_of`]) and folded `last` name
/// matches a search's words, higher is better; None unless every word matches one of
/// its words (a beginning, or a near miss of a longer word).
pub fn score(typed: &[String], words: &[String], last: &str) -> Option<u32> {
    let mut total = 0;
    for word in typed {
        let best = words.iter().filter_map(|w| word_match(word, w)).max()?;
        // A last name typed whole ranks the person above a company that shares it.
        let bonus = u32::from(!last.is_empty() && last == word) * 10;
        total += best + bonus;
    }
    Some(total)
}

/// The stored words a typed word may have been meant as: one or two edits away
/// (`crate::search::word_match`), from `candidates` that share its first two letters.
pub fn near_words<'a>(typed: &str, candidates: &'a [String]) -> Vec<&'a str> {
    candidates.iter().filter(|c| word_match(typed, c).is_some()).map(String::as_str).collect()
}

/// The words of a name or company as they are indexed: split at spaces, commas, slashes
/// and ampersands, folded; a hyphenated word counts whole and by its parts.
fn index_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for token in split_words(text) {
        words.push(fold_name(token));
        if token.contains('-') {
            words.extend(token.split('-').map(fold_name));
        }
    }
    words.retain(|w| !w.is_empty());
    words
}

fn split_words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '/' | '&' | '(' | ')' | ';' | '.'))
        .filter(|w| !w.is_empty())
}

/// A search's words, folded ("Desai, Anita" and "anita desai" are the same search), or
/// the problem with it.
pub fn parse_search(text: &str) -> Result<Vec<String>, String> {
    if text.chars().count() > MAX_SEARCH_CHARS {
        return Err(format!("At most {MAX_SEARCH_CHARS} characters"));
    }
    check_text(text, Lines::One).map_err(str::to_owned)?;
    let mut words: Vec<String> = split_words(text).map(fold_name).filter(|w| !w.is_empty()).collect();
    words.sort();
    words.dedup();
    if words.len() > MAX_SEARCH_WORDS {
        return Err(format!("At most {MAX_SEARCH_WORDS} words"));
    }
    // A word that begins another says nothing more ("ann" beside "anna").
    let all = words.clone();
    words.retain(|w| !all.iter().any(|other| other != w && other.starts_with(w.as_str())));
    Ok(words)
}

fn ascii_trimmed(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_ascii_whitespace())
}

/// One of `choices` exactly as listed (the OpenAPI document's `enum`), or `default` for ''.
fn one_of(value: &str, choices: &[&str], default: Option<&str>) -> Option<String> {
    if value.is_empty() {
        return default.map(str::to_owned);
    }
    choices.iter().find(|c| **c == value).map(|c| (*c).to_owned())
}

impl ReferrerInput {
    /// The referrer to store, or every field at fault.
    pub fn check(&self) -> Result<CheckedReferrer, FieldErrors> {
        let mut errors = FieldErrors::new();
        let texts: [(&str, &str, Lines); 12] = [
            ("first", &self.first, Lines::One),
            ("last", &self.last, Lines::One),
            ("company", &self.company, Lines::One),
            ("specialty", &self.specialty, Lines::One),
            ("address", &self.address, Lines::One),
            ("city", &self.city, Lines::One),
            ("state", &self.state, Lines::One),
            ("zip", &self.zip, Lines::One),
            ("website", &self.website, Lines::One),
            ("directAddress", &self.direct_address, Lines::One),
            ("email", &self.email, Lines::One),
            ("notes", &self.notes, Lines::Many),
        ];
        for (field, value, lines) in texts {
            let max = MAX_LENGTHS.iter().find(|(name, _)| *name == field).map_or(usize::MAX, |(_, max)| *max);
            if value.chars().count() > max {
                errors.insert(field.into(), format!("At most {max} characters"));
            } else if let Err(problem) = check_text(value, lines) {
                errors.insert(field.into(), problem.into());
            }
        }
        let kind = one_of(&self.kind, &TYPES, None);
        match kind.as_deref() {
            None if ascii_trimmed(&self.kind).is_empty() => {
                errors.insert("type".into(), REQUIRED.into());
            }
            None => {
                errors.insert("type".into(), BAD_TYPE.into());
            }
            Some("person") => {
                for (field, value) in [("first", &self.first), ("last", &self.last)] {
                    if ascii_trimmed(value).is_empty() {
                        errors.entry(field.into()).or_insert_with(|| REQUIRED.into());
                    }
                }
            }
            Some(_) => {
                if ascii_trimmed(&self.company).is_empty() {
                    errors.entry("company".into()).or_insert_with(|| REQUIRED.into());
                }
            }
        }
        let direction = one_of(&self.direction, &REFERRER_DIRECTIONS, Some("both"));
        if direction.is_none() {
            errors.insert("direction".into(), BAD_REFERRER_DIRECTION.into());
        }
        let npi = ascii_trimmed(&self.npi);
        if self.npi.chars().count() > MAX_NPI_CHARS || (!npi.is_empty() && !is_valid_npi(npi)) {
            errors.insert("npi".into(), BAD_NPI.into());
        }
        for (field, value) in [("email", &self.email), ("directAddress", &self.direct_address)] {
            let value = ascii_trimmed(value);
            if !value.is_empty() && !errors.contains_key(field) && !is_email(value) {
                errors.insert(field.into(), INVALID_EMAIL.into());
            }
        }
        let website = ascii_trimmed(&self.website);
        if !website.is_empty() && !errors.contains_key("website") && !is_web_address(website) {
            errors.insert("website".into(), BAD_WEBSITE.into());
        }
        let phones = [&self.phone1, &self.phone2, &self.phone3];
        let mut checked_phones: [CheckedPhone; 3] = Default::default();
        for (i, phone) in phones.into_iter().enumerate() {
            match check_phone(phone) {
                Ok(checked) => checked_phones[i] = checked,
                Err(problems) => {
                    for (part, problem) in problems {
                        errors.insert(format!("phone{}.{part}", i + 1), problem.into());
                    }
                }
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let (Some(kind), Some(direction)) = (kind, direction) else { return Err(errors) };
        let trimmed = |s: &str| ascii_trimmed(s).to_owned();
        let person = kind == "person";
        Ok(CheckedReferrer {
            kind,
            direction,
            // An organisation has no person's name.
            first: if person { trimmed(&self.first) } else { String::new() },
            last: if person { trimmed(&self.last) } else { String::new() },
            company: trimmed(&self.company),
            specialty: trimmed(&self.specialty),
            npi: npi.to_owned(),
            address: trimmed(&self.address),
            city: trimmed(&self.city),
            state: trimmed(&self.state),
            zip: trimmed(&self.zip),
            website: website.to_owned(),
            direct_address: trimmed(&self.direct_address),
            email: trimmed(&self.email),
            phones: checked_phones,
            notes: self.notes.trim_end().to_owned(),
        })
    }
}

fn is_web_address(text: &str) -> bool {
    let rest = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://"));
    rest.is_some_and(|rest| {
        let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
        host.contains('.') && !text.chars().any(char::is_whitespace)
    })
}

/// A phone's number, type and extension, or the parts at fault ('number', 'type', 'ext').
fn check_phone(phone: &PhoneInput) -> Result<CheckedPhone, Vec<(&'static str, &'static str)>> {
    let mut problems = Vec::new();
    let typed = ascii_trimmed(&phone.number);
    let ext = ascii_trimmed(&phone.ext);
    if typed.is_empty() {
        if !ext.is_empty() {
            problems.push(("number", REQUIRED));
        }
        if phone.kind.is_some_and(|k| !PHONE_TYPES.iter().any(|(t, _)| *t == k)) {
            problems.push(("type", BAD_PHONE_TYPE));
        }
        return if problems.is_empty() { Ok(CheckedPhone::default()) } else { Err(problems) };
    }
    let digits = phone_digits(typed);
    if let Err(problem) = check_text(typed, Lines::One) {
        problems.push(("number", problem));
    } else if phone.number.chars().count() > MAX_PHONE_CHARS
        || digits.len() != 10
        || typed.chars().any(char::is_alphabetic)
    {
        problems.push(("number", PHONE_DIGITS));
    }
    let kind = match phone.kind {
        None => {
            problems.push(("type", PHONE_TYPE));
            None
        }
        Some(kind) if PHONE_TYPES.iter().any(|(t, _)| *t == kind) => i16::try_from(kind).ok(),
        Some(_) => {
            problems.push(("type", BAD_PHONE_TYPE));
            None
        }
    };
    if phone.ext.chars().count() > MAX_EXTENSION_CHARS || !ext.bytes().all(|b| b.is_ascii_digit()) {
        problems.push(("ext", BAD_EXTENSION));
    }
    if problems.is_empty() { Ok(CheckedPhone { kind, digits, ext: ext.to_owned() }) } else { Err(problems) }
}

/// A referral of a patient as the app adds it.
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ReferralInput {
    /// The referrer (the spec calls a referrer's id `referralId`).
    pub referral_id: Option<i64>,
    /// 'incoming' (referred by) or 'outgoing' (referred to).
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub direction: String,
    /// yyyy-MM-dd; not in the future, not before the patient's birth.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub date: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub reason: String,
    /// 'pending' (the default), 'scheduled', 'completed' or 'cancelled'.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub status: String,
}

/// A change of a referral: its status and, when sent, its reason.
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ReferralChange {
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub status: String,
    /// Left out: unchanged.
    pub reason: Option<String>,
    /// The version the change was made on.
    pub version: Option<i32>,
}

/// A referral every field of which passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedReferral {
    pub referrer_id: i64,
    pub direction: String,
    pub date: NaiveDate,
    pub reason: String,
    pub status: String,
}

fn check_reason(errors: &mut FieldErrors, reason: &str) -> String {
    if ascii_trimmed(reason).is_empty() {
        errors.insert("reason".into(), REQUIRED.into());
    } else if reason.chars().count() > MAX_REASON_CHARS {
        errors.insert("reason".into(), format!("At most {MAX_REASON_CHARS} characters"));
    } else if let Err(problem) = check_text(reason, Lines::Many) {
        errors.insert("reason".into(), problem.into());
    }
    ascii_trimmed(reason).to_owned()
}

impl ReferralInput {
    /// The referral to add, or every field at fault; `is_referrer` answers whether an id
    /// is a referrer of the practice.
    pub fn check(
        &self,
        today: NaiveDate,
        birthdate: Option<NaiveDate>,
        is_referrer: impl Fn(i64) -> bool,
    ) -> Result<CheckedReferral, FieldErrors> {
        let mut errors = FieldErrors::new();
        let referrer_id = match self.referral_id {
            None => {
                errors.insert("referralId".into(), REQUIRED.into());
                0
            }
            Some(id) if !is_referrer(id) => {
                errors.insert("referralId".into(), NOT_A_REFERRER.into());
                id
            }
            Some(id) => id,
        };
        let direction = one_of(&self.direction, &DIRECTIONS, None);
        if direction.is_none() {
            let problem = if ascii_trimmed(&self.direction).is_empty() { REQUIRED } else { BAD_DIRECTION };
            errors.insert("direction".into(), problem.into());
        }
        let status = one_of(&self.status, &STATUSES, Some("pending"));
        if status.is_none() {
            errors.insert("status".into(), BAD_STATUS.into());
        }
        let date = match parse_date(&self.date) {
            _ if self.date.is_empty() => {
                errors.insert("date".into(), REQUIRED.into());
                None
            }
            Err(problem) => {
                errors.insert("date".into(), problem.into());
                None
            }
            Ok(day) if day > today => {
                errors.insert("date".into(), IN_THE_FUTURE.into());
                None
            }
            Ok(day) if birthdate.is_some_and(|birth| day < birth) => {
                errors.insert("date".into(), BEFORE_BIRTH.into());
                None
            }
            Ok(day) => Some(day),
        };
        let reason = check_reason(&mut errors, &self.reason);
        match (errors.is_empty(), direction, status, date) {
            (true, Some(direction), Some(status), Some(date)) => {
                Ok(CheckedReferral { referrer_id, direction, date, reason, status })
            }
            _ => Err(errors),
        }
    }
}

impl ReferralChange {
    /// The new status and reason (None: unchanged), or every field at fault.
    pub fn check(&self) -> Result<(String, Option<String>), FieldErrors> {
        let mut errors = FieldErrors::new();
        let status = one_of(&self.status, &STATUSES, None);
        if status.is_none() {
            let problem = if ascii_trimmed(&self.status).is_empty() { REQUIRED } else { BAD_STATUS };
            errors.insert("status".into(), problem.into());
        }
        let reason = self.reason.as_deref().map(|reason| check_reason(&mut errors, reason));
        match status {
            Some(status) if errors.is_empty() => Ok((status, reason)),
            _ => Err(errors),
        }
    }
}

/// The columns of a referrer file, in order, as its first line names them.
pub const CSV_HEADER: &str = "type,direction,first,last,company,specialty,npi,address,city,state,zip,website,direct_address,email,phone1,phone1_type,phone1_ext,phone2,phone2_type,phone2_ext,phone3,phone3_type,phone3_ext,notes";
const CSV_COLUMNS: usize = 24;

/// The referrers of a file, or every line at fault (all or nothing): each line checked as
/// the API checks a referrer, an NPI at most once in the file. A phone type is a word
/// (office, mobile, fax, other).
pub fn parse_csv(text: &str) -> Result<Vec<CheckedReferrer>, Vec<LineError>> {
    let records = csv::records_after_header(text, CSV_HEADER).map_err(|e| vec![e])?;
    let mut errors = Vec::new();
    let mut referrers = Vec::new();
    let mut npis = std::collections::HashMap::new();
    for (number, record) in records {
        if record.len() != CSV_COLUMNS {
            errors.push(LineError {
                line: number,
                message: format!("Expected {CSV_COLUMNS} fields, found {}", record.len()),
            });
            continue;
        }
        match input_of_record(&record).and_then(|input| {
            input.check().map_err(|fields| {
                fields.iter().map(|(field, problem)| format!("{field}: {problem}")).collect::<Vec<_>>().join("; ")
            })
        }) {
            Ok(referrer) => {
                if !referrer.npi.is_empty()
                    && let Some(first) = npis.insert(referrer.npi.clone(), number)
                {
                    errors.push(LineError {
                        line: number,
                        message: format!("npi: {} is also on line {first}", referrer.npi),
                    });
                }
                referrers.push(referrer);
            }
            Err(message) => errors.push(LineError { line: number, message }),
        }
    }
    if referrers.len() > MAX_FILE_ROWS {
        errors.push(LineError { line: 1, message: format!("At most {MAX_FILE_ROWS} referrers in a file") });
    }
    if referrers.is_empty() && errors.is_empty() {
        errors.push(LineError { line: 1, message: "The file lists no referrers".into() });
    }
    if errors.is_empty() { Ok(referrers) } else { Err(errors) }
}

fn input_of_record(record: &[String]) -> Result<ReferrerInput, String> {
    let field = |i: usize| record[i].clone();
    let phone = |at: usize, n: usize| -> Result<PhoneInput, String> {
        let kind = record[at + 1].trim().to_ascii_lowercase();
        let kind = if kind.is_empty() {
            None
        } else {
            Some(
                PHONE_TYPES
                    .iter()
                    .find(|(_, name)| *name == kind)
                    .map(|(t, _)| *t)
                    .ok_or_else(|| format!("phone{n}_type: {BAD_PHONE_TYPE}"))?,
            )
        };
        Ok(PhoneInput { kind, number: field(at), ext: field(at + 2) })
    };
    Ok(ReferrerInput {
        kind: field(0),
        direction: field(1),
        first: field(2),
        last: field(3),
        company: field(4),
        specialty: field(5),
        npi: field(6),
        address: field(7),
        city: field(8),
        state: field(9),
        zip: field(10),
        website: field(11),
        direct_address: field(12),
        email: field(13),
        phone1: phone(14, 1)?,
        phone2: phone(17, 2)?,
        phone3: phone(20, 3)?,
        notes: field(23),
        version: None,
    })
}

/// The name of a phone type as the file writes it.
pub fn phone_type_name(kind: Option<i16>) -> &'static str {
    kind.and_then(|k| PHONE_TYPES.iter().find(|(t, _)| *t == i64::from(k))).map_or("", |(_, name)| name)
}

/// A referrer file of `referrers`, as `parse_csv` reads it back.
pub fn write_csv(referrers: &[CheckedReferrer]) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for r in referrers {
        let mut fields = vec![
            r.kind.clone(),
            r.direction.clone(),
            quote(&r.first),
            quote(&r.last),
            quote(&r.company),
            quote(&r.specialty),
            r.npi.clone(),
            quote(&r.address),
            quote(&r.city),
            quote(&r.state),
            quote(&r.zip),
            quote(&r.website),
            quote(&r.direct_address),
            quote(&r.email),
        ];
        for phone in &r.phones {
            fields.extend([phone.digits.clone(), phone_type_name(phone.kind).to_owned(), phone.ext.clone()]);
        }
        fields.push(quote(&r.notes));
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person() -> ReferrerInput {
        ReferrerInput {
            kind: "person".into(),
            first: "Anita".into(),
            last: "Desai".into(),
            company: "Willamette Periodontics".into(),
            specialty: "Periodontics".into(),
            npi: "1234567893".into(),
            phone1: PhoneInput { kind: Some(0), number: "(503) 555-0142".into(), ext: "12".into() },
            ..ReferrerInput::default()
        }
    }

    #[test]
    fn the_npi_check_digit_follows_nppes() {
        // The example in CMS's 'Requirements for the NPI check digit'.
        assert_eq!(npi_check_digit("123456789"), Some(3));
        assert!(is_valid_npi("1234567893"));
        assert!(!is_valid_npi("1234567890"), "wrong check digit");
        assert!(!is_valid_npi("123456789"), "nine digits");
        assert!(!is_valid_npi("12345678930"), "eleven digits");
        assert!(!is_valid_npi("12345678a3"), "a letter");
        assert!(!is_valid_npi("１２３４５６７８９３"), "full-width digits");
        assert_eq!(npi_check_digit("12345678"), None);
    }

    #[test]
    fn a_person_needs_both_names_and_an_organisation_its_name() {
        let checked = person().check().expect("valid");
        assert_eq!(checked.direction, "both");
        assert_eq!(checked.phones[0], CheckedPhone { kind: Some(0), digits: "5035550142".into(), ext: "12".into() });

        let errors = ReferrerInput { last: "  ".into(), ..person() }.check().expect_err("refused");
        assert_eq!(errors["last"], REQUIRED);
        let errors = ReferrerInput { kind: "organisation".into(), company: String::new(), ..person() }
            .check()
            .expect_err("refused");
        assert_eq!(errors["company"], REQUIRED);
        let organisation = ReferrerInput { kind: "organisation".into(), ..person() }.check().expect("valid");
        let errors = ReferrerInput { kind: "Organisation".into(), ..person() }.check().expect_err("refused");
        assert_eq!(errors["type"], BAD_TYPE, "exactly as the document lists it");
        assert_eq!((organisation.first.as_str(), organisation.last.as_str()), ("", ""));
        let errors = ReferrerInput { kind: String::new(), ..person() }.check().expect_err("refused");
        assert_eq!(errors["type"], REQUIRED);
        let errors = ReferrerInput { kind: "robot".into(), direction: "sideways".into(), ..person() }
            .check()
            .expect_err("refused");
        assert_eq!(errors["type"], BAD_TYPE);
        assert_eq!(errors["direction"], BAD_REFERRER_DIRECTION);
    }

    #[test]
    fn every_field_at_fault_is_named() {
        let input = ReferrerInput {
            npi: "1234567890".into(),
            email: "not an email".into(),
            website: "www.example.com".into(),
            notes: "x".repeat(2001),
            phone2: PhoneInput { kind: None, number: "555-0142".into(), ext: "12a".into() },
            phone3: PhoneInput { kind: Some(7), number: String::new(), ext: String::new() },
            city: "Port\u{202E}land".into(),
            ..person()
        };
        let errors = input.check().expect_err("refused");
        assert_eq!(errors["npi"], BAD_NPI);
        assert_eq!(errors["email"], INVALID_EMAIL);
        assert_eq!(errors["website"], BAD_WEBSITE);
        assert_eq!(errors["notes"], "At most 2000 characters");
        assert_eq!(errors["phone2.number"], PHONE_DIGITS);
        assert_eq!(errors["phone2.type"], PHONE_TYPE);
        assert_eq!(errors["phone2.ext"], BAD_EXTENSION);
        assert_eq!(errors["phone3.type"], BAD_PHONE_TYPE);
        assert_eq!(errors["city"], crate::input::HIDDEN_CHARACTERS);
    }

    #[test]
    fn search_words_fold_and_ignore_order_and_punctuation() {
        assert_eq!(parse_search("Desai, Anita").expect("valid"), vec!["anita", "desai"]);
        assert_eq!(parse_search("  ").expect("valid"), Vec::<String>::new());
        assert_eq!(parse_search("ann anna").expect("valid"), vec!["anna"]);
        assert_eq!(parse_search("Núñez").expect("valid"), vec!["nunez"]);
        assert!(parse_search(&"a ".repeat(9)).is_ok(), "one word repeated");
        assert!(parse_search("a b c d e f g h i").is_err());
        assert!(parse_search(&"x".repeat(101)).is_err());
        let words = person().check().expect("valid").search_words();
        assert_eq!(words, vec!["1234567893", "anita", "desai", "periodontics", "willamette"]);
        let hyphen = ReferrerInput { last: "Smith-Jones".into(), ..person() }.check().expect("valid").search_words();
        assert!(["smithjones", "smith", "jones"].iter().all(|w| hyphen.contains(&w.to_string())));
    }

    #[test]
    fn a_referral_is_checked_against_the_patient_and_the_day() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 24).expect("valid");
        let birth = NaiveDate::from_ymd_opt(1990, 5, 1);
        let input = ReferralInput {
            referral_id: Some(4),
            direction: "outgoing".into(),
            date: "2026-11-24".into(),
            reason: " Evaluation of a cracked molar ".into(),
            status: String::new(),
        };
        let checked = input.check(today, birth, |id| id == 4).expect("valid");
        assert_eq!((checked.status.as_str(), checked.reason.as_str()), ("pending", "Evaluation of a cracked molar"));

        let errors = ReferralInput { referral_id: Some(5), ..input.clone() }.check(today, birth, |id| id == 4);
        assert_eq!(errors.expect_err("refused")["referralId"], NOT_A_REFERRER);
        let errors = ReferralInput {
            referral_id: None,
            direction: "sideways".into(),
            date: "2026-11-25".into(),
            reason: String::new(),
            status: "lost".into(),
        }
        .check(today, birth, |_| true)
        .expect_err("refused");
        assert_eq!(errors["referralId"], REQUIRED);
        assert_eq!(errors["direction"], BAD_DIRECTION);
        assert_eq!(errors["date"], IN_THE_FUTURE);
        assert_eq!(errors["reason"], REQUIRED);
        assert_eq!(errors["status"], BAD_STATUS);
        let errors = ReferralInput { date: "1989-01-01".into(), ..input.clone() }.check(today, birth, |_| true);
        assert_eq!(errors.expect_err("refused")["date"], BEFORE_BIRTH);
        let errors = ReferralInput { date: "2026-02-30".into(), ..input }.check(today, birth, |_| true);
        assert!(errors.expect_err("refused").contains_key("date"));

        let change = ReferralChange { status: "completed".into(), reason: None, version: Some(1) };
        assert_eq!(change.check().expect("valid"), ("completed".to_owned(), None));
        let change = ReferralChange { status: String::new(), reason: Some(String::new()), version: Some(1) };
        let errors = change.check().expect_err("refused");
        assert_eq!((errors["status"].as_str(), errors["reason"].as_str()), (REQUIRED, REQUIRED));
    }

    #[test]
    fn a_referrer_file_round_trips_and_every_bad_line_is_named() {
        let referrers = vec![person().check().expect("valid")];
        let text = write_csv(&referrers);
        assert_eq!(parse_csv(&text).expect("valid"), referrers);

        let bad = format!(
            "{CSV_HEADER}\n{}\nperson,both,Ann,,,,1234567890,,,,,,,,,,,,,,,,,\norganisation,in,,,Lab,,1234567893,,,,,,,,5035550100,pager,,,,,,,,\n",
            text.lines().nth(1).expect("valid")
        );
        let errors = parse_csv(&bad).expect_err("refused");
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![3, 4]);
        assert_eq!(errors[0].message, format!("last: {REQUIRED}; npi: {BAD_NPI}"));
        assert_eq!(errors[1].message, format!("phone1_type: {BAD_PHONE_TYPE}"));
        let twice = format!("{text}{}\n", text.lines().nth(1).expect("valid"));
        assert_eq!(parse_csv(&twice).expect_err("refused")[0].message, "npi: 1234567893 is also on line 2");
        assert_eq!(parse_csv("first,last\n").expect_err("refused")[0].line, 1);
        assert_eq!(
            parse_csv(&format!("{CSV_HEADER}\n")).expect_err("refused")[0].message,
            "The file lists no referrers"
        );
    }
}
