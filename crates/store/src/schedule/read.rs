//! Appointments and follow-ups as the API shows them: each row joined once, in the
//! database, with its patient, provider, resource, type and status. A day of the
//! schedule is one statement whatever the number of appointments; a patient's
//! follow-ups are one, with the appointment booked for each.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use domain::schedule::MAX_LENGTH_MINUTES;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, JoinType};
use sea_orm::{ColumnTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder, QueryTrait, Select};

use super::{PatientAppointmentFilter, not_expired_hold};
use crate::entities::{appointment, appointment_status, appointment_type, follow_up, patient, resource, user};
use crate::orders::{join_by_id, named_column};
use crate::{DbErr, Store};

/// An appointment with the names and colours the API shows beside its ids.
#[derive(Clone, Debug, FromQueryResult)]
pub struct AppointmentView {
    #[sea_orm(nested)]
    pub appointment: appointment::Model,
    pub patient_first_name: Option<String>,
    pub patient_last_name: Option<String>,
    pub patient_display_id: Option<String>,
    pub patient_birthdate: Option<NaiveDate>,
    pub patient_provider_id: Option<i64>,
    pub provider_first_name: Option<String>,
    pub provider_last_name: Option<String>,
    pub resource_name: Option<String>,
    pub resource_provider_id: Option<i64>,
    pub type_name: Option<String>,
    pub type_color: Option<String>,
    pub status_name: Option<String>,
    pub status_color: Option<String>,
    pub status_category: Option<String>,
}

/// A follow-up with its type's name and the live appointment booked for it, if any.
#[derive(Clone, Debug, FromQueryResult)]
pub struct FollowUpView {
    #[sea_orm(nested)]
    pub follow_up: follow_up::Model,
    pub type_name: Option<String>,
    pub booked_id: Option<i64>,
    pub booked_starts_at: Option<DateTime<Utc>>,
}

/// Appointments with their names joined on (the status as `s`, for filters).
fn with_names(mut select: Select<appointment::Entity>) -> Select<appointment::Entity> {
    use appointment::Column as C;
    let query = QueryTrait::query(&mut select);
    join_by_id(query, patient::Entity, "p", (appointment::Entity, C::PatientId));
    join_by_id(query, user::Entity, "provider", (appointment::Entity, C::ProviderId));
    join_by_id(query, resource::Entity, "r", (appointment::Entity, C::ResourceId));
    join_by_id(query, appointment_type::Entity, "t", (appointment::Entity, C::TypeId));
    join_by_id(query, appointment_status::Entity, "s", (appointment::Entity, C::StatusId));
    for (alias, column, name) in [
        ("p", "first_name", "patient_first_name"),
        ("p", "last_name", "patient_last_name"),
        ("p", "display_id", "patient_display_id"),
        ("p", "birthdate", "patient_birthdate"),
        ("p", "patient_provider_id", "patient_provider_id"),
        ("provider", "first_name", "provider_first_name"),
        ("provider", "last_name", "provider_last_name"),
        ("r", "name", "resource_name"),
        ("r", "provider_id", "resource_provider_id"),
        ("t", "name", "type_name"),
        ("t", "color", "type_color"),
        ("s", "name", "status_name"),
        ("s", "color", "status_color"),
        ("s", "category", "status_category"),
    ] {
        named_column(query, alias, column, name);
    }
    select
}

impl Store {
    /// Appointments (live holds included, deleted ones not) that overlap `[from, to)`,
    /// first to last, named: one statement.
    pub async fn appointments_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        resources: Option<&[i64]>,
        providers: Option<&[i64]>,
        now: DateTime<Utc>,
    ) -> Result<Vec<AppointmentView>, DbErr> {
        use appointment::Column as C;
        let mut query = appointment::Entity::find()
            .filter(C::Archived.eq(false))
            .filter(not_expired_hold(now))
            .filter(C::StartsAt.gt(from - Duration::minutes(MAX_LENGTH_MINUTES)))
            .filter(C::StartsAt.lt(to))
            .filter(C::EndsAt.gt(from));
        if let Some(resources) = resources {
            query = query.filter(C::ResourceId.is_in(resources.iter().copied()));
        }
        if let Some(providers) = providers {
            query = query.filter(C::ProviderId.is_in(providers.iter().copied()));
        }
        with_names(query).order_by_asc(C::StartsAt).order_by_asc(C::Id).into_model().all(&self.db).await
    }

    /// One appointment (held or deleted ones too), named.
    pub async fn appointment_view(&self, id: i64) -> Result<Option<AppointmentView>, DbErr> {
        with_names(appointment::Entity::find_by_id(id)).into_model().one(&self.db).await
    }

    /// A patient's appointments, oldest first (held ones never), named: one statement.
    pub async fn patient_appointments(
        &self,
        patient_id: i64,
        filter: &PatientAppointmentFilter,
    ) -> Result<Vec<AppointmentView>, DbErr> {
        use appointment::Column as C;
        let mut query = appointment::Entity::find().filter(C::PatientId.eq(patient_id)).filter(C::Pending.eq(false));
        if let Some(from) = filter.from {
            query = query.filter(C::StartsAt.gte(from));
        }
        if let Some(to) = filter.to {
            query = query.filter(C::StartsAt.lt(to));
        }
        if !filter.deleted {
            query = query.filter(C::Archived.eq(false));
        }
        if let Some(status) = filter.status_id {
            query = query.filter(C::StatusId.eq(status));
        }
        if !filter.inactive {
            query = query.filter(Expr::col((Alias::new("s"), Alias::new("category"))).eq("active"));
        }
        with_names(query).order_by_asc(C::StartsAt).order_by_asc(C::Id).into_model().all(&self.db).await
    }

    /// A patient's follow-ups by due date, each with its type's name and the live
    /// appointment booked for it: one statement.
    pub async fn follow_ups(&self, patient_id: i64) -> Result<Vec<FollowUpView>, DbErr> {
        use follow_up::Column as C;
        let mut select = follow_up::Entity::find().filter(C::PatientId.eq(patient_id));
        let query = QueryTrait::query(&mut select);
        join_by_id(query, appointment_type::Entity, "t", (follow_up::Entity, C::TypeId));
        // Only a booked appointment that was not deleted counts as scheduled.
        query.join_as(
            JoinType::LeftJoin,
            appointment::Entity,
            Alias::new("booked"),
            Expr::col((Alias::new("booked"), Alias::new("id")))
                .equals((follow_up::Entity, C::AppointmentId))
                .and(Expr::col((Alias::new("booked"), Alias::new("archived"))).eq(false)),
        );
        named_column(query, "t", "name", "type_name");
        named_column(query, "booked", "id", "booked_id");
        named_column(query, "booked", "starts_at", "booked_starts_at");
        select.order_by_asc(C::DueDate).order_by_asc(C::Id).into_model().all(&self.db).await
    }
}
