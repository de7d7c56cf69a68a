use sea_orm::entity::prelude::*;

/// A procedure code priced by a fee schedule (`domain::billing::FeeLine`).
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "fees")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub fee_schedule_id: i64,
    pub code: String,
    /// Upper case without spaces (`domain::billing::fees::code_key`).
    pub code_key: String,
    pub description: String,
    pub notes: String,
    pub fee_cents: i64,
    pub units: i32,
    /// 0 flat, 1 fee times units.
    pub calculation_method: i32,
    /// ' ' + lower-case code, description and notes.
    pub search_text: String,
}

impl ActiveModelBehavior for ActiveModel {}
