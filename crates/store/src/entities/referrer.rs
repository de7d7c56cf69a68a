use sea_orm::entity::prelude::*;

/// A person or practice that refers patients to the practice or receives its referrals.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "referrers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub company: String,
    /// 'person' or 'organisation'.
    pub referrer_type: String,
    pub specialty: String,
    pub npi: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub website: String,
    pub direct_address: String,
    pub email: String,
    pub notes: String,
    pub phone1_type: Option<i16>,
    pub phone1_number: String,
    pub phone1_ext: String,
    pub phone2_type: Option<i16>,
    pub phone2_number: String,
    pub phone2_ext: String,
    pub phone3_type: Option<i16>,
    pub phone3_number: String,
    pub phone3_ext: String,
    /// 'in', 'out' or 'both'.
    pub direction: String,
    pub version: i32,
    /// `domain::referrers::CheckedReferrer::name_key`: what lists sort by.
    pub name_key: String,
}

impl ActiveModelBehavior for ActiveModel {}
