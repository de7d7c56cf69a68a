use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "appointments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub resource_id: i64,
    pub provider_id: Option<i64>,
    pub type_id: i64,
    pub status_id: i64,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    pub length_minutes: i32,
    pub notes: String,
    /// Held by a "confirm scheduling" block-out until confirmed or discarded.
    pub pending: bool,
    /// A held change to this existing appointment.
    pub replaces_id: Option<i64>,
    /// Deleted by a user, kept for history.
    pub archived: bool,
    pub created_by: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Raised by every change; a write that names an older one is refused (409).
    pub version: i32,
}

impl ActiveModelBehavior for ActiveModel {}
