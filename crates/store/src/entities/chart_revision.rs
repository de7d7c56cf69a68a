use sea_orm::entity::prelude::*;

/// One version of a chart entry as it was saved: the entry's history, never changed.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "chart_revisions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub section: String,
    pub entry_id: i64,
    pub version: i32,
    /// `domain::clinical::ClinicalResource` as JSON.
    pub resource: String,
    pub recorded_at: DateTimeUtc,
    pub recorded_by: Option<i64>,
}

impl ActiveModelBehavior for ActiveModel {}
