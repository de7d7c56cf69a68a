//! The wire shapes of referrers and a patient's referrals (spec part 2: Referral summary,
//! Referrer), mapped from the store's rows. Phones carry ten digits; the app formats them.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use store::clinical::ReferralView;
use store::entities::referrer;
use utoipa::ToSchema;

/// A referrer in a search's list. The spec calls a referrer's id `referralId`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferrerSummary {
    pub referral_id: i64,
    /// 'person' or 'organisation'.
    #[serde(rename = "type")]
    pub kind: String,
    /// A person's first name ('' for an organisation).
    pub first: String,
    pub last: String,
    /// A person's practice, or the organisation's name.
    pub company: String,
    pub specialty: String,
    pub npi: String,
}

impl From<&referrer::Model> for ReferrerSummary {
    fn from(r: &referrer::Model) -> Self {
        Self {
            referral_id: r.id,
            kind: r.referrer_type.clone(),
            first: r.first_name.clone(),
            last: r.last_name.clone(),
            company: r.company.clone(),
            specialty: r.specialty.clone(),
            npi: r.npi.clone(),
        }
    }
}

/// A referrer's phone: `number` is ten digits ('' for none).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferrerPhone {
    /// 0 Office, 1 Mobile, 2 Fax, 3 Other; null without a number.
    #[serde(rename = "type")]
    pub kind: Option<i16>,
    pub number: String,
    pub ext: String,
}

fn phone(kind: Option<i16>, number: &str, ext: &str) -> ReferrerPhone {
    ReferrerPhone { kind: kind.filter(|_| !number.is_empty()), number: number.to_owned(), ext: ext.to_owned() }
}

/// A referrer (spec part 2: Referrer), with the version a change names.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Referrer {
    pub referral_id: i64,
    /// 'person' or 'organisation'.
    #[serde(rename = "type")]
    pub kind: String,
    /// 'in' (refers patients to the practice), 'out' (receives its referrals) or 'both'.
    pub direction: String,
    pub first: String,
    pub last: String,
    pub company: String,
    /// The default specialty.
    pub specialty: String,
    pub npi: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub website: String,
    /// The Direct secure-messaging address.
    pub direct_address: String,
    pub email: String,
    pub phone1: ReferrerPhone,
    pub phone2: ReferrerPhone,
    pub phone3: ReferrerPhone,
    pub notes: String,
    pub version: i32,
}

impl From<&referrer::Model> for Referrer {
    fn from(r: &referrer::Model) -> Self {
        Self {
            referral_id: r.id,
            kind: r.referrer_type.clone(),
            direction: r.direction.clone(),
            first: r.first_name.clone(),
            last: r.last_name.clone(),
            company: r.company.clone(),
            specialty: r.specialty.clone(),
            npi: r.npi.clone(),
            address: r.address.clone(),
            city: r.city.clone(),
            state: r.state.clone(),
            zip: r.zip.clone(),
            website: r.website.clone(),
            direct_address: r.direct_address.clone(),
            email: r.email.clone(),
            phone1: phone(r.phone1_type, &r.phone1_number, &r.phone1_ext),
            phone2: phone(r.phone2_type, &r.phone2_number, &r.phone2_ext),
            phone3: phone(r.phone3_type, &r.phone3_number, &r.phone3_ext),
            notes: r.notes.clone(),
            version: r.version,
        }
    }
}

/// A referral of the patient to or from a referrer, with the referrer's name.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatientReferral {
    pub patient_referral_id: i64,
    /// The referrer.
    pub referral_id: i64,
    pub first: String,
    pub last: String,
    pub company: String,
    pub specialty: String,
    /// 'incoming' (referred by the referrer) or 'outgoing' (referred to them).
    pub direction: String,
    pub date: NaiveDate,
    pub reason: String,
    /// 'pending', 'scheduled', 'completed' or 'cancelled'.
    pub status: String,
    pub version: i32,
    pub created_at: DateTime<Utc>,
}

impl From<ReferralView> for PatientReferral {
    fn from(view: ReferralView) -> Self {
        let r = view.referral;
        Self {
            patient_referral_id: r.id,
            referral_id: r.referrer_id,
            first: view.first_name.unwrap_or_default(),
            last: view.last_name.unwrap_or_default(),
            company: view.company.unwrap_or_default(),
            specialty: view.specialty.unwrap_or_default(),
            direction: r.direction,
            date: r.referral_date,
            reason: r.reason,
            status: r.status,
            version: r.version,
            created_at: r.created_at,
        }
    }
}

/// A referral with its whole referrer: the referral's detail page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatientReferralDetail {
    #[serde(flatten)]
    pub referral: PatientReferral,
    pub referrer: Referrer,
}
