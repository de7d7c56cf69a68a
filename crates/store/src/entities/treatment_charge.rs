use sea_orm::entity::prelude::*;

/// A planned procedure with its fee and the part insurance is expected to pay.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "treatment_charges")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub phase_id: i64,
    pub code: String,
    pub description: String,
    pub fee_cents: i64,
    pub insurance_cents: i64,
    pub sort_order: i32,
}

impl ActiveModelBehavior for ActiveModel {}
