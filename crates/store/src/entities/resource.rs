use sea_orm::entity::prelude::*;

/// A chair or room that appointments are booked on.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "resources")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub name: String,
    pub office_id: i64,
    pub provider_id: Option<i64>,
    pub sort_order: i32,
}

impl ActiveModelBehavior for ActiveModel {}
