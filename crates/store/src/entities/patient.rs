use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "patients")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub display_id: String,
    pub account_id: i64,
    pub first_name: String,
    pub last_name: String,
    pub middle: String,
    pub prefix: String,
    pub suffix: String,
    pub maiden_name: String,
    pub nickname: String,
    pub birthdate: Option<Date>,
    /// 0 Male, 1 Female, 2 Unknown.
    pub sex: i16,
    /// SSN or the local equivalent; never sent to the web app in full.
    pub government_identifier: String,
    pub marital_status_id: Option<i64>,
    pub employment_status_id: Option<i64>,
    pub preferred_language_id: Option<i64>,
    pub relationship_to_primary_id: Option<i64>,
    pub relationship_to_secondary_id: Option<i64>,
    pub primary_guarantor_id: Option<i64>,
    pub secondary_guarantor_id: Option<i64>,
    pub street_address: String,
    pub suite: String,
    pub city: String,
    pub state: String,
    pub zip_code: String,
    pub country: String,
    /// Digits only; formatted for display by the app.
    pub phone1_number: String,
    pub phone1_type: Option<i16>,
    pub phone2_number: String,
    pub phone2_type: Option<i16>,
    pub phone3_number: String,
    pub phone3_type: Option<i16>,
    pub email: String,
    pub patient_provider_id: Option<i64>,
    pub office_id: Option<i64>,
    pub fee_schedule_id: Option<i64>,
    pub inactive: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Raised by every change; a write that names an older one is refused (409).
    pub version: i32,
    /// `domain::search::fold_name` of the last name, kept by the store on every write.
    pub last_name_key: String,
    pub first_name_key: String,
}

impl ActiveModelBehavior for ActiveModel {}
