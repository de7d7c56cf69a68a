use sea_orm::entity::prelude::*;

/// A block-out: a named, coloured span on a resource.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "transparencies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub resource_id: i64,
    pub type_id: i64,
    pub starts_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
