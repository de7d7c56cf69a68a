use sea_orm::entity::prelude::*;

/// A referral of a patient to or from a referrer.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "patient_referrals")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub referrer_id: i64,
    pub referral_date: Date,
    pub direction: String,
    pub status: String,
    pub reason: String,
    pub created_at: DateTimeUtc,
    pub version: i32,
}

impl ActiveModelBehavior for ActiveModel {}
