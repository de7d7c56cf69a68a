use sea_orm::entity::prelude::*;

/// A kind of block-out and what it does to bookings.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "transparency_types")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub name: String,
    pub color: String,
    /// refuse, confirm or display (`domain::schedule::BlockRule`).
    pub rule: String,
}

impl ActiveModelBehavior for ActiveModel {}
