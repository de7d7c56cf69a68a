use sea_orm::entity::prelude::*;

/// One word an order is found by in its descriptions (`domain::orders::order_words`): the
/// orders keyword reads a word's beginning as one range of this table's key.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_words")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub word: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub order_id: i64,
}

impl ActiveModelBehavior for ActiveModel {}
