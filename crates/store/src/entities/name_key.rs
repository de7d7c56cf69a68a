use sea_orm::entity::prelude::*;

/// A distinct folded name, for the in-memory typo index.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "name_keys")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// 0 last name, 1 first name.
    pub kind: i16,
    pub key: String,
}

impl ActiveModelBehavior for ActiveModel {}
