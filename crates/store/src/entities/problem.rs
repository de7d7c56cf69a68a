use sea_orm::entity::prelude::*;

/// An entry of the patient's problem list (the diagnoses a billing order starts from).
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "problems")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    /// ICD-10-CM code.
    pub problem_code: String,
    pub description: String,
    pub umls_id: String,
    pub status: String,
    pub onset: Option<Date>,
    pub created_at: DateTimeUtc,
    /// Moves on with every change (`versions`).
    pub version: i32,
    pub resolved: Option<Date>,
}

impl ActiveModelBehavior for ActiveModel {}
