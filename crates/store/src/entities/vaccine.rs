use sea_orm::entity::prelude::*;

/// A vaccine the practice added to the built-in CVX list (`domain::clinical::VACCINES`).
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "vaccines")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub cvx: String,
    pub name: String,
    pub added_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
