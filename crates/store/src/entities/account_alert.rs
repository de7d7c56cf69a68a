use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "account_alerts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub account_id: i64,
    pub description: String,
    pub created_at: DateTimeUtc,
    pub expiration: Option<Date>,
}

impl ActiveModelBehavior for ActiveModel {}
