use sea_orm::entity::prelude::*;

/// A note on an order; notes are only ever added.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_notes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub created_at: DateTimeUtc,
    pub message: String,
    pub author_user_id: i64,
    /// Who the order was assigned to when the note was written.
    pub assigned_to_user_id: Option<i64>,
}

impl ActiveModelBehavior for ActiveModel {}
