use sea_orm::entity::prelude::*;

/// One change of an order's status, kept as its history.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_status_updates")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub created_at: DateTimeUtc,
    pub status_id: i64,
    pub user_id: i64,
}

impl ActiveModelBehavior for ActiveModel {}
