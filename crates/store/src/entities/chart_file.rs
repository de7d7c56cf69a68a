use sea_orm::entity::prelude::*;

/// The file of an attachment entry.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "chart_files")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub entry_id: i64,
    pub content_type: String,
    pub content: Vec<u8>,
}

impl ActiveModelBehavior for ActiveModel {}
