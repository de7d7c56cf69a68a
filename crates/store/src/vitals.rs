//! Vitals measurements of a patient.

use chrono::{DateTime, Utc};
use domain::vitals::Vitals;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use crate::audit::AuditEntry;
use crate::entities::vitals;
use crate::{DbErr, Store};

impl Store {
    /// Records one measurement with its audit entry. Returns its id.
    pub async fn create_vitals(
        &self,
        patient_id: i64,
        measured_at: DateTime<Utc>,
        values: &Vitals,
        user_id: i64,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<i64, DbErr> {
        let txn = self.begin_write().await?;
        let created = vitals::ActiveModel {
            patient_id: Set(patient_id),
            measured_at: Set(measured_at),
            height_mm: Set(values.height_mm),
            weight_g: Set(values.weight_g),
            systolic: Set(values.systolic),
            diastolic: Set(values.diastolic),
            heart_rate: Set(values.heart_rate),
            temperature_tenths: Set(values.temperature_tenths),
            sp02_tenths: Set(values.sp02_tenths),
            respiratory_rate: Set(values.respiratory_rate),
            head_circumference_mm: Set(values.head_circumference_mm),
            recorded_by: Set(user_id),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        crate::audit::insert(&self.keys, &txn, now, AuditEntry { entity_id: Some(created.id.to_string()), ..audit })
            .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// A patient's measurements, newest first.
    pub async fn vitals_of(&self, patient_id: i64) -> Result<Vec<vitals::Model>, DbErr> {
        vitals::Entity::find()
            .filter(vitals::Column::PatientId.eq(patient_id))
            .order_by_desc(vitals::Column::MeasuredAt)
            .order_by_desc(vitals::Column::Id)
            .all(&self.db)
            .await
    }

    pub async fn vitals_by_id(&self, vitals_id: i64) -> Result<Option<vitals::Model>, DbErr> {
        vitals::Entity::find_by_id(vitals_id).one(&self.db).await
    }
}
