use sea_orm::entity::prelude::*;

/// A diagnosis of a billing order at its pointer (A to L).
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "billing_diagnoses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub pointer: String,
    /// ICD-10-CM with its dot.
    pub code: String,
    pub description: String,
}

impl ActiveModelBehavior for ActiveModel {}
