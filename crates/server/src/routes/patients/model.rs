//! The patient as the API shows it and takes it (spec part 1, section 3 'Patient').

use chrono::NaiveDate;
use domain::ids::{AccountId, PatientId, UserId};
use domain::overlay::{choose, replace};
use domain::patient::{PatientDraft, PhoneDraft, age_on, mask_government_identifier};
use serde::{Deserialize, Serialize};
use store::entities::{account, patient, user};
use store::search::SearchHit;
use utoipa::ToSchema;

/// A phone number and its type: 0 Home, 1 Work, 2 Mobile, 3 Other Phone.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct PhoneEntry {
    /// As 3-3-4 digits with dashes in answers; any format of 10 digits when sent.
    #[serde(default)]
    pub number: String,
    #[serde(rename = "type", default)]
    pub kind: Option<i64>,
}

/// A user named on a record.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct UserRef {
    pub user_id: UserId,
    pub first_name: String,
    pub last_name: String,
}

/// An office or fee schedule named on a record.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq, Eq)]
pub struct NamedRef {
    pub id: i64,
    pub name: String,
}

impl From<&user::Model> for UserRef {
    fn from(user: &user::Model) -> Self {
        Self { user_id: UserId(user.id), first_name: user.first_name.clone(), last_name: user.last_name.clone() }
    }
}

/// "5035550123" as "503-555-0123" (spec part 1, section 5: 3-3-4 with dashes).
pub fn format_phone(digits: &str) -> String {
    if digits.len() == 10 && digits.bytes().all(|b| b.is_ascii_digit()) {
        format!("{}-{}-{}", &digits[..3], &digits[3..6], &digits[6..])
    } else {
        digits.to_owned()
    }
}

pub(crate) fn phone_entry(number: &str, kind: Option<i16>) -> Option<PhoneEntry> {
    (!number.is_empty()).then(|| PhoneEntry { number: format_phone(number), kind: kind.map(i64::from) })
}

/// A patient's chart demographics.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Patient {
    pub patient_id: PatientId,
    /// The record's version: send it back with a change; a change made on an older one
    /// is refused (409) with the record as it now is.
    pub version: i32,
    /// The chart number staff see.
    pub display_id: String,
    pub account_id: AccountId,
    pub first_name: String,
    pub last_name: String,
    pub middle: String,
    pub prefix: String,
    pub suffix: String,
    pub maiden_name: String,
    pub nickname: String,
    pub birthdate: Option<NaiveDate>,
    /// 0 Male, 1 Female, 2 Unknown.
    pub sex: i16,
    pub age: Option<i64>,
    /// The SSN with only its last four digits shown ("***-**-6789"), or "".
    pub government_identifier: String,
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
    pub phone1: Option<PhoneEntry>,
    pub phone2: Option<PhoneEntry>,
    pub phone3: Option<PhoneEntry>,
    pub email: String,
    pub account_provider: Option<UserRef>,
    pub patient_provider: Option<UserRef>,
    pub patient_office: Option<NamedRef>,
    pub fee_schedule: Option<NamedRef>,
    pub primary_guarantor_id: Option<PatientId>,
    pub secondary_guarantor_id: Option<PatientId>,
    pub inactive: bool,
}

/// What a patient's answer names besides its own row.
pub struct PatientContext<'a> {
    pub account: &'a account::Model,
    pub users: &'a [user::Model],
    pub offices: &'a [(i64, String)],
    pub fee_schedules: &'a [(i64, String)],
    pub today: NaiveDate,
}

fn named(list: &[(i64, String)], id: Option<i64>) -> Option<NamedRef> {
    let id = id?;
    list.iter().find(|(candidate, _)| *candidate == id).map(|(id, name)| NamedRef { id: *id, name: name.clone() })
}

fn user_ref(users: &[user::Model], id: Option<i64>) -> Option<UserRef> {
    let id = id?;
    users.iter().find(|u| u.id == id).map(UserRef::from)
}

impl Patient {
    pub fn from_record(p: &patient::Model, context: &PatientContext<'_>) -> Self {
        Self {
            patient_id: PatientId(p.id),
            version: p.version,
            display_id: p.display_id.clone(),
            account_id: AccountId(p.account_id),
            first_name: p.first_name.clone(),
            last_name: p.last_name.clone(),
            middle: p.middle.clone(),
            prefix: p.prefix.clone(),
            suffix: p.suffix.clone(),
            maiden_name: p.maiden_name.clone(),
            nickname: p.nickname.clone(),
            birthdate: p.birthdate,
            sex: p.sex,
            age: p.birthdate.map(|b| age_on(b, context.today)),
            government_identifier: mask_government_identifier(&p.government_identifier),
            marital_status: p.marital_status_id,
            employment: p.employment_status_id,
            preferred_language_id: p.preferred_language_id,
            relationship_to_primary: p.relationship_to_primary_id,
            relationship_to_secondary: p.relationship_to_secondary_id,
            street_address: p.street_address.clone(),
            suite: p.suite.clone(),
            city: p.city.clone(),
            state: p.state.clone(),
            zip_code: p.zip_code.clone(),
            country: p.country.clone(),
            phone1: phone_entry(&p.phone1_number, p.phone1_type),
            phone2: phone_entry(&p.phone2_number, p.phone2_type),
            phone3: phone_entry(&p.phone3_number, p.phone3_type),
            email: p.email.clone(),
            account_provider: user_ref(context.users, context.account.account_provider_id),
            patient_provider: user_ref(context.users, p.patient_provider_id),
            patient_office: named(context.offices, p.office_id),
            fee_schedule: named(context.fee_schedules, p.fee_schedule_id),
            primary_guarantor_id: p.primary_guarantor_id.map(PatientId),
            secondary_guarantor_id: p.secondary_guarantor_id.map(PatientId),
            inactive: p.inactive,
        }
    }
}

/// A patient as sent to create or change one. On a change, a field left out (or
/// null) keeps its value; '' clears a text and 0 clears a choice.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PatientInput {
    /// The `version` of the record this change was made on (or send it as `If-Match`).
    pub version: Option<i32>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub middle: Option<String>,
    pub prefix: Option<String>,
    pub suffix: Option<String>,
    pub maiden_name: Option<String>,
    pub nickname: Option<String>,
    /// yyyy-MM-dd; '' when unknown.
    pub birthdate: Option<String>,
    pub sex: Option<i64>,
    /// New SSN (9 digits); the masked value sent back keeps the stored one; '' clears it.
    pub government_identifier: Option<String>,
    pub marital_status: Option<i64>,
    pub employment: Option<i64>,
    pub preferred_language_id: Option<i64>,
    pub relationship_to_primary: Option<i64>,
    pub relationship_to_secondary: Option<i64>,
    pub street_address: Option<String>,
    pub suite: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub zip_code: Option<String>,
    pub country: Option<String>,
    pub phone1: Option<PhoneEntry>,
    pub phone2: Option<PhoneEntry>,
    pub phone3: Option<PhoneEntry>,
    pub email: Option<String>,
    /// On a new patient: the account to add them to (a new member of a family: the
    /// account holder becomes their primary guarantor). Absent for a new account. Not
    /// accepted on a change.
    pub account_id: Option<i64>,
    /// Required for a new account (spec part 1, section 4); for a new member of an
    /// account, absent keeps the account's provider.
    pub account_provider_id: Option<i64>,
    pub patient_provider_id: Option<i64>,
    pub office_id: Option<i64>,
    pub fee_schedule_id: Option<i64>,
    /// Create even though a possible duplicate was found (the user confirmed).
    pub allow_duplicate: Option<bool>,
}

impl PatientInput {
    /// The draft to check: `base` (the stored patient, or an empty draft) with every
    /// field this input carries laid over it.
    pub fn over(&self, mut base: PatientDraft) -> PatientDraft {
        replace(&mut base.first_name, &self.first_name);
        replace(&mut base.last_name, &self.last_name);
        replace(&mut base.middle, &self.middle);
        replace(&mut base.prefix, &self.prefix);
        replace(&mut base.suffix, &self.suffix);
        replace(&mut base.maiden_name, &self.maiden_name);
        replace(&mut base.nickname, &self.nickname);
        replace(&mut base.birthdate, &self.birthdate);
        replace(&mut base.street_address, &self.street_address);
        replace(&mut base.suite, &self.suite);
        replace(&mut base.city, &self.city);
        replace(&mut base.state, &self.state);
        replace(&mut base.zip_code, &self.zip_code);
        replace(&mut base.country, &self.country);
        replace(&mut base.email, &self.email);
        choose(&mut base.sex, self.sex);
        choose(&mut base.marital_status, self.marital_status);
        choose(&mut base.employment, self.employment);
        choose(&mut base.preferred_language_id, self.preferred_language_id);
        choose(&mut base.relationship_to_primary, self.relationship_to_primary);
        choose(&mut base.relationship_to_secondary, self.relationship_to_secondary);
        for (slot, phone) in base.phones.iter_mut().zip([&self.phone1, &self.phone2, &self.phone3]) {
            if let Some(phone) = phone {
                *slot = PhoneDraft { number: phone.number.clone(), kind: phone.kind };
            }
        }
        base
    }
}

/// The draft of a stored patient, as a form would send it back unchanged.
pub fn draft_of(p: &patient::Model) -> PatientDraft {
    let phone = |number: &str, kind: Option<i16>| PhoneDraft { number: number.to_owned(), kind: kind.map(i64::from) };
    PatientDraft {
        first_name: p.first_name.clone(),
        last_name: p.last_name.clone(),
        middle: p.middle.clone(),
        prefix: p.prefix.clone(),
        suffix: p.suffix.clone(),
        maiden_name: p.maiden_name.clone(),
        nickname: p.nickname.clone(),
        birthdate: p.birthdate.map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default(),
        sex: Some(i64::from(p.sex)),
        marital_status: p.marital_status_id,
        employment: p.employment_status_id,
        preferred_language_id: p.preferred_language_id,
        relationship_to_primary: p.relationship_to_primary_id,
        relationship_to_secondary: p.relationship_to_secondary_id,
        street_address: p.street_address.clone(),
        suite: p.suite.clone(),
        city: p.city.clone(),
        state: p.state.clone(),
        zip_code: p.zip_code.clone(),
        country: p.country.clone(),
        phones: [
            phone(&p.phone1_number, p.phone1_type),
            phone(&p.phone2_number, p.phone2_type),
            phone(&p.phone3_number, p.phone3_type),
        ],
        email: p.email.clone(),
    }
}

/// One row of a patient search (spec part 1, section 3 'Patient search result').
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatientSearchResult {
    pub patient_id: PatientId,
    pub display_id: String,
    pub first_name: String,
    pub middle_name: String,
    pub last_name: String,
    pub birthday: Option<NaiveDate>,
    pub age: Option<i64>,
    /// No photos are stored yet: always null.
    pub photo_hash: Option<String>,
    pub patient_alerts: bool,
    pub account_alerts: bool,
    pub allergies: bool,
    pub patient_provider_id: Option<UserId>,
    pub account_provider_id: Option<UserId>,
    pub inactive: bool,
}

impl PatientSearchResult {
    pub fn from_hit(hit: &SearchHit, today: NaiveDate) -> Self {
        let p = &hit.patient;
        Self {
            patient_id: PatientId(p.id),
            display_id: p.display_id.clone(),
            first_name: p.first_name.clone(),
            middle_name: p.middle.clone(),
            last_name: p.last_name.clone(),
            birthday: p.birthdate,
            age: p.birthdate.map(|b| age_on(b, today)),
            photo_hash: None,
            patient_alerts: hit.has_patient_alerts,
            account_alerts: hit.has_account_alerts,
            allergies: hit.has_allergies,
            patient_provider_id: p.patient_provider_id.map(UserId),
            account_provider_id: hit.account_provider_id.map(UserId),
            inactive: p.inactive,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phones_are_shown_as_three_three_four() {
        assert_eq!(format_phone("5035550123"), "503-555-0123");
        assert_eq!(format_phone("555"), "555");
    }

    #[test]
    fn input_fields_left_out_keep_the_stored_values() {
        let base = PatientDraft {
            first_name: "Ana".into(),
            last_name: "Lopez".into(),
            city: "Portland".into(),
            ..PatientDraft::default()
        };
        let input = PatientInput { city: Some(String::new()), sex: Some(1), ..PatientInput::default() };
        let draft = input.over(base);
        assert_eq!((draft.first_name.as_str(), draft.city.as_str(), draft.sex), ("Ana", "", Some(1)));
    }
}
