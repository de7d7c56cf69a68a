use sea_orm::entity::prelude::*;

/// One word a referrer is found by (`domain::referrers::CheckedReferrer::search_words`).
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "referrer_words")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub word: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub referrer_id: i64,
}

impl ActiveModelBehavior for ActiveModel {}
