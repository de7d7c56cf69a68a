use sea_orm::entity::prelude::*;

/// One movement of an account's money, in cents.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ledger_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub account_id: i64,
    pub patient_id: i64,
    pub entry_date: Date,
    /// charge, payment, insurance_payment, adjustment or credit.
    pub kind: String,
    pub description: String,
    /// Change in what the patient owes.
    pub patient_cents: i64,
    /// Change in what insurance is expected to pay.
    pub insurance_cents: i64,
    /// Change in credit received and not yet applied.
    pub unapplied_cents: i64,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
