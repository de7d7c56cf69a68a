use sea_orm::entity::prelude::*;

/// A patient's case or episode of care that orders are filed under.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "incidents")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub name: String,
    /// The incident new orders default to.
    pub is_current: bool,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
