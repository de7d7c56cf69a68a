//! The practice's reference lists: offices, fee schedules, languages, statuses,
//! relationships, scheduling resources, appointment types and statuses.

use sea_orm::{EntityTrait, QueryOrder};

use crate::Store;
use crate::entities::{
    appointment_status, appointment_type, employment_status, fee_schedule, language, marital_status, office,
    patient_relationship, resource,
};

impl Store {
    pub async fn offices(&self) -> Result<Vec<office::Model>, crate::DbErr> {
        office::Entity::find().order_by_asc(office::Column::Id).all(&self.db).await
    }

    pub async fn fee_schedules(&self) -> Result<Vec<fee_schedule::Model>, crate::DbErr> {
        fee_schedule::Entity::find().order_by_asc(fee_schedule::Column::Id).all(&self.db).await
    }

    pub async fn languages(&self) -> Result<Vec<language::Model>, crate::DbErr> {
        language::Entity::find().order_by_asc(language::Column::Id).all(&self.db).await
    }

    pub async fn marital_statuses(&self) -> Result<Vec<marital_status::Model>, crate::DbErr> {
        marital_status::Entity::find().order_by_asc(marital_status::Column::Id).all(&self.db).await
    }

    pub async fn employment_statuses(&self) -> Result<Vec<employment_status::Model>, crate::DbErr> {
        employment_status::Entity::find().order_by_asc(employment_status::Column::Id).all(&self.db).await
    }

    pub async fn patient_relationships(&self) -> Result<Vec<patient_relationship::Model>, crate::DbErr> {
        patient_relationship::Entity::find().order_by_asc(patient_relationship::Column::Id).all(&self.db).await
    }

    pub async fn resources(&self) -> Result<Vec<resource::Model>, crate::DbErr> {
        resource::Entity::find()
            .order_by_asc(resource::Column::SortOrder)
            .order_by_asc(resource::Column::Id)
            .all(&self.db)
            .await
    }

    pub async fn appointment_types(&self) -> Result<Vec<appointment_type::Model>, crate::DbErr> {
        appointment_type::Entity::find().order_by_asc(appointment_type::Column::Id).all(&self.db).await
    }

    pub async fn appointment_statuses(&self) -> Result<Vec<appointment_status::Model>, crate::DbErr> {
        appointment_status::Entity::find().order_by_asc(appointment_status::Column::Id).all(&self.db).await
    }
}
