use sea_orm::entity::prelude::*;

/// One procedure line of a billing order, with the ledger charge and the chart's
/// procedure entry it wrote.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "billing_charges")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    /// From 1, as posted.
    pub line: i32,
    pub procedure_date: Date,
    pub fee_schedule_id: i64,
    pub code: String,
    pub description: String,
    pub modifier1: String,
    pub modifier2: String,
    pub modifier3: String,
    pub modifier4: String,
    pub tooth: String,
    pub surface: String,
    pub units: i32,
    pub unit_fee_cents: i64,
    pub fee_cents: i64,
    pub calculation_method: i32,
    /// Its diagnoses' pointers, in order ('AB').
    pub pointers: String,
    pub ledger_entry_id: i64,
    pub chart_entry_id: i64,
}

impl ActiveModelBehavior for ActiveModel {}
