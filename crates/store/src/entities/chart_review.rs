use sea_orm::entity::prelude::*;

/// A section reviewed with the patient; `none_known` when nothing was found.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "chart_reviews")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub section: String,
    pub none_known: bool,
    pub reviewed_on: Date,
    pub reviewed_by: Option<i64>,
}

impl ActiveModelBehavior for ActiveModel {}
