use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// None for a blank order (spec part 1, 'Create Blank Order').
    pub patient_id: Option<i64>,
    pub provider_id: Option<i64>,
    pub office_id: Option<i64>,
    pub incident_id: Option<i64>,
    pub resource_id: Option<i64>,
    pub assigned_to_user_id: i64,
    pub type_id: i64,
    pub status_id: i64,
    pub urgent: bool,
    pub due: Option<Date>,
    pub ordered: Date,
    pub short_description: String,
    pub long_description: String,
    pub signed: bool,
    pub created_by: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Raised by every change; a write that names an older one is refused (409).
    pub version: i32,
}

impl ActiveModelBehavior for ActiveModel {}
