use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "emergency_contacts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub name: String,
    pub relationship: String,
    pub next_of_kin: bool,
    /// Digits only.
    pub phone: String,
    pub sort_order: i32,
}

impl ActiveModelBehavior for ActiveModel {}
