use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "allergies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub description: String,
    pub allergy_type: String,
    pub severity: String,
    pub reaction: String,
    pub status: String,
    pub notes: String,
    pub onset: Option<Date>,
    pub created_at: DateTimeUtc,
    /// Moves on with every change (`versions`).
    pub version: i32,
    pub verification_status: String,
}

impl ActiveModelBehavior for ActiveModel {}
