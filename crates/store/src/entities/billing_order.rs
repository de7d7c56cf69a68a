use sea_orm::entity::prelude::*;

/// A posted billing order.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "billing_orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub account_id: i64,
    pub provider_id: i64,
    pub procedure_date: Date,
    pub order_notes: String,
    pub total_cents: i64,
    /// The client's `Idempotency-Key`, unique.
    pub idempotency_key: Option<String>,
    /// SHA-256 (hex) of the user, the patient and the request body.
    pub request_hash: String,
    pub created_by: i64,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
