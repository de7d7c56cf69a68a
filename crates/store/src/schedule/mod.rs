//! The schedule: a day of appointments and block-outs; saving an appointment with its
//! conflicts decided inside one transaction; confirming or discarding a held booking; a
//! patient's appointments, follow-ups and treatment plans; the change counter.
//!
//! No double booking: a booking reads what it would overlap and writes itself in one
//! transaction that no other booking of the same resource can interleave with. On SQLite
//! every write transaction starts BEGIN IMMEDIATE (one writer at a time); on PostgreSQL
//! the resource's row is locked FOR UPDATE, which serializes bookings of that resource
//! across every server sharing the database.

use chrono::{DateTime, Duration, Utc};
use domain::schedule::{
    AppointmentFields, BlockRule, Booking, HOLD_MINUTES, MAX_LENGTH_MINUTES, decide, status_holds_slot,
};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, DbBackend,
    EntityTrait, QueryFilter, QueryOrder, Statement,
};

mod read;

pub use read::{AppointmentView, FollowUpView};

use crate::audit::AuditEntry;
use crate::entities::{
    appointment, appointment_status, transparency, transparency_type, treatment_charge, treatment_phase, treatment_plan,
};
use crate::versions::{self, Versioned};
use crate::{Backend, DbErr, Store};

/// Block-outs longer than this are not looked for before a day starts.
const LONGEST_BLOCK_OUT: Duration = Duration::days(7);

/// A block-out with what its type says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockOut {
    pub id: i64,
    pub resource_id: i64,
    pub name: String,
    pub color: String,
    pub rule: BlockRule,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

/// What saving an appointment came to.
#[derive(Clone, Debug)]
pub enum SaveOutcome {
    Booked(i64),
    /// Held until confirmed: the id to confirm or discard, and the block-outs that ask
    /// for confirmation.
    Held {
        pending_id: i64,
        block_outs: Vec<BlockOut>,
    },
    /// Nothing saved: what it would have overlapped.
    Refused {
        appointments: Vec<appointment::Model>,
        block_outs: Vec<BlockOut>,
    },
    /// Nothing saved: someone changed the appointment after the version the edit was
    /// made on.
    Stale,
}

/// What confirming a held appointment came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfirmOutcome {
    Booked(i64),
    /// Not confirmed within `HOLD_MINUTES`: released, nothing booked.
    Expired,
    NotFound,
}

/// A treatment plan with its phases and their charges, in order.
pub type TreatmentPlan = (treatment_plan::Model, Vec<(treatment_phase::Model, Vec<treatment_charge::Model>)>);

/// Which of a patient's appointments to list.
#[derive(Clone, Debug, Default)]
pub struct PatientAppointmentFilter {
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    /// Include deleted (archived) appointments.
    pub deleted: bool,
    /// Only this status.
    pub status_id: Option<i64>,
    /// Include missed, cancelled and to-reschedule appointments.
    pub inactive: bool,
}

fn not_archived_overlapping(resource_id: i64, starts_at: DateTime<Utc>, ends_at: DateTime<Utc>) -> Condition {
    use appointment::Column as C;
    Condition::all()
        .add(C::ResourceId.eq(resource_id))
        .add(C::Archived.eq(false))
        // Bounded below by the longest appointment, so the index range stays short.
        .add(C::StartsAt.gt(starts_at - Duration::minutes(MAX_LENGTH_MINUTES)))
        .add(C::StartsAt.lt(ends_at))
        .add(C::EndsAt.gt(starts_at))
}

/// The ids of the appointment statuses whose appointments do not hold their slot.
async fn slot_freeing_statuses(db: &impl ConnectionTrait) -> Result<Vec<i64>, DbErr> {
    let statuses = appointment_status::Entity::find().all(db).await?;
    Ok(statuses.into_iter().filter(|s| !status_holds_slot(&s.category)).map(|s| s.id).collect())
}

/// Booked appointments and holds younger than `HOLD_MINUTES`.
fn not_expired_hold(now: DateTime<Utc>) -> Condition {
    use appointment::Column as C;
    Condition::any().add(C::Pending.eq(false)).add(C::CreatedAt.gt(hold_cutoff(now)))
}

fn hold_cutoff(now: DateTime<Utc>) -> DateTime<Utc> {
    now - Duration::minutes(HOLD_MINUTES)
}

async fn block_outs_in(
    db: &impl ConnectionTrait,
    resources: Option<&[i64]>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<BlockOut>, DbErr> {
    use transparency::Column as C;
    let mut query = transparency::Entity::find()
        .filter(C::StartsAt.gt(from - LONGEST_BLOCK_OUT))
        .filter(C::StartsAt.lt(to))
        .filter(C::EndsAt.gt(from));
    if let Some(resources) = resources {
        query = query.filter(C::ResourceId.is_in(resources.iter().copied()));
    }
    let spans = query.order_by_asc(C::StartsAt).order_by_asc(C::Id).all(db).await?;
    let types = transparency_type::Entity::find().all(db).await?;
    Ok(spans
        .into_iter()
        .filter_map(|span| {
            let kind = types.iter().find(|t| t.id == span.type_id)?;
            Some(BlockOut {
                id: span.id,
                resource_id: span.resource_id,
                name: kind.name.clone(),
                color: kind.color.clone(),
                rule: BlockRule::from_code(&kind.rule),
                starts_at: span.starts_at,
                ends_at: span.ends_at,
            })
        })
        .collect())
}

/// Holds nobody confirmed in time give their slot back.
async fn release_expired_holds(txn: &DatabaseTransaction, resource_id: i64, now: DateTime<Utc>) -> Result<(), DbErr> {
    use appointment::Column as C;
    appointment::Entity::delete_many()
        .filter(C::ResourceId.eq(resource_id))
        .filter(C::Pending.eq(true))
        .filter(C::CreatedAt.lte(hold_cutoff(now)))
        .exec(txn)
        .await?;
    Ok(())
}

async fn bump_version(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    db.execute_unprepared("UPDATE schedule_version SET version = version + 1 WHERE id = 1").await?;
    Ok(())
}

impl Store {
    /// The change counter: it moves whenever anything on the schedule changes.
    pub async fn schedule_version(&self) -> Result<i64, DbErr> {
        let row = self
            .db
            .query_one_raw(Statement::from_string(
                self.db.get_database_backend(),
                "SELECT version FROM schedule_version WHERE id = 1",
            ))
            .await?;
        row.map_or(Ok(0), |row| row.try_get::<i64>("", "version"))
    }

    pub async fn block_outs_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        resources: Option<&[i64]>,
    ) -> Result<Vec<BlockOut>, DbErr> {
        block_outs_in(&self.db, resources, from, to).await
    }

    pub async fn appointment(&self, id: i64) -> Result<Option<appointment::Model>, DbErr> {
        appointment::Entity::find_by_id(id).one(&self.db).await
    }

    /// Books a new appointment (`existing` None) or changes one made on the given
    /// version, deciding conflicts inside the transaction that writes it.
    pub async fn save_appointment(
        &self,
        existing: Option<(i64, i32)>,
        fields: &AppointmentFields,
        overlaps_allowed: bool,
        user_id: i64,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<SaveOutcome, DbErr> {
        let resource_id = fields.resource_id.0;
        let txn = self.begin_write().await?;
        self.lock_resource(&txn, resource_id).await?;
        if let Some((id, version)) = existing
            && !versions::claim(&txn, Versioned::Appointments, id, version).await?
        {
            txn.rollback().await?;
            return Ok(SaveOutcome::Stale);
        }
        let existing = existing.map(|(id, _)| id);
        release_expired_holds(&txn, resource_id, now).await?;

        let mut overlapping = appointment::Entity::find()
            .filter(not_archived_overlapping(resource_id, fields.start, fields.end))
            .order_by_asc(appointment::Column::StartsAt)
            .all(&txn)
            .await?;
        // An appointment never conflicts with itself, nor with a held change of itself.
        if let Some(id) = existing {
            overlapping.retain(|a| a.id != id && a.replaces_id != Some(id));
        }
        // A missed or cancelled visit gives its slot back, and one saved as such takes none.
        let free = slot_freeing_statuses(&txn).await?;
        if free.contains(&fields.status_id.0) {
            overlapping.clear();
        }
        overlapping.retain(|a| !free.contains(&a.status_id));
        let block_outs = block_outs_in(&txn, Some(&[resource_id]), fields.start, fields.end).await?;
        let rules: Vec<BlockRule> = block_outs.iter().map(|b| b.rule).collect();

        let outcome = match decide(overlapping.len(), &rules, overlaps_allowed) {
            Booking::Refuse { appointments, block_outs: refusing } => {
                txn.rollback().await?;
                return Ok(SaveOutcome::Refused {
                    appointments: appointments.into_iter().map(|i| overlapping[i].clone()).collect(),
                    block_outs: refusing.into_iter().map(|i| block_outs[i].clone()).collect(),
                });
            }
            Booking::Book => match existing {
                Some(id) => {
                    write_fields(&txn, Some(id), fields, false, None, user_id, now).await?;
                    SaveOutcome::Booked(id)
                }
                None => SaveOutcome::Booked(write_fields(&txn, None, fields, false, None, user_id, now).await?),
            },
            Booking::HoldForConfirmation { block_outs: confirming } => {
                // A held change to an existing appointment is a row of its own that
                // replaces it only once confirmed.
                let pending_id = write_fields(&txn, None, fields, true, existing, user_id, now).await?;
                SaveOutcome::Held {
                    pending_id,
                    block_outs: confirming.into_iter().map(|i| block_outs[i].clone()).collect(),
                }
            }
        };
        let entity_id = match &outcome {
            SaveOutcome::Booked(id) => *id,
            SaveOutcome::Held { pending_id, .. } => *pending_id,
            SaveOutcome::Refused { .. } | SaveOutcome::Stale => 0,
        };
        bump_version(&txn).await?;
        crate::audit::insert(&self.keys, &txn, now, AuditEntry { entity_id: Some(entity_id.to_string()), ..audit })
            .await?;
        txn.commit().await?;
        Ok(outcome)
    }

    /// Books a held appointment: the booked appointment's id (the original's, for a
    /// held change).
    pub async fn confirm_appointment(
        &self,
        pending_id: i64,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<ConfirmOutcome, DbErr> {
        let txn = self.begin_write().await?;
        let Some(held) = appointment::Entity::find_by_id(pending_id).one(&txn).await? else {
            return Ok(ConfirmOutcome::NotFound);
        };
        if !held.pending {
            // Already booked: confirming again changes nothing, but shows the appointment.
            let entry = AuditEntry { entity_id: Some(held.id.to_string()), ..audit }.detail("already booked");
            crate::audit::insert(&self.keys, &txn, now, entry).await?;
            txn.commit().await?;
            return Ok(ConfirmOutcome::Booked(held.id));
        }
        self.lock_resource(&txn, held.resource_id).await?;
        if held.created_at <= hold_cutoff(now) {
            // Its slot was given back; another booking may have taken it since.
            release_expired_holds(&txn, held.resource_id, now).await?;
            bump_version(&txn).await?;
            let entry = AuditEntry { entity_id: Some(held.id.to_string()), ..audit }.failed().detail("hold expired");
            crate::audit::insert(&self.keys, &txn, now, entry).await?;
            txn.commit().await?;
            return Ok(ConfirmOutcome::Expired);
        }
        let booked_id = match held.replaces_id {
            Some(original) => {
                let mut row: appointment::ActiveModel = appointment::Entity::find_by_id(original)
                    .one(&txn)
                    .await?
                    .ok_or_else(|| DbErr::RecordNotFound(format!("appointment {original}")))?
                    .into();
                row.resource_id = Set(held.resource_id);
                row.provider_id = Set(held.provider_id);
                row.type_id = Set(held.type_id);
                row.status_id = Set(held.status_id);
                row.starts_at = Set(held.starts_at);
                row.ends_at = Set(held.ends_at);
                row.length_minutes = Set(held.length_minutes);
                row.notes = Set(held.notes.clone());
                row.updated_at = Set(now);
                row.update(&txn).await?;
                versions::bump(&txn, Versioned::Appointments, original).await?;
                appointment::Entity::delete_by_id(held.id).exec(&txn).await?;
                original
            }
            None => {
                let mut row: appointment::ActiveModel = held.into();
                row.pending = Set(false);
                row.updated_at = Set(now);
                row.update(&txn).await?.id
            }
        };
        bump_version(&txn).await?;
        crate::audit::insert(&self.keys, &txn, now, AuditEntry { entity_id: Some(booked_id.to_string()), ..audit })
            .await?;
        txn.commit().await?;
        Ok(ConfirmOutcome::Booked(booked_id))
    }

    /// Deletes an appointment: a held one disappears (it was never booked); a booked
    /// one is kept, marked deleted, for the patient's history. False when unknown.
    pub async fn delete_appointment(&self, id: i64, now: DateTime<Utc>, audit: AuditEntry) -> Result<bool, DbErr> {
        let txn = self.begin_write().await?;
        let Some(found) = appointment::Entity::find_by_id(id).one(&txn).await? else { return Ok(false) };
        if found.pending {
            appointment::Entity::delete_by_id(id).exec(&txn).await?;
        } else {
            appointment::Entity::update_many()
                .col_expr(appointment::Column::Archived, Expr::value(true))
                .col_expr(appointment::Column::UpdatedAt, Expr::value(now))
                .filter(appointment::Column::Id.eq(id))
                .exec(&txn)
                .await?;
        }
        bump_version(&txn).await?;
        crate::audit::insert(&self.keys, &txn, now, audit).await?;
        txn.commit().await?;
        Ok(true)
    }

    /// On PostgreSQL, holds the resource's row until the transaction ends, so bookings
    /// of one resource take turns. (SQLite's BEGIN IMMEDIATE already admits one writer.)
    async fn lock_resource(&self, txn: &DatabaseTransaction, resource_id: i64) -> Result<(), DbErr> {
        if self.backend == Backend::Postgres {
            txn.execute_raw(Statement::from_sql_and_values(
                DbBackend::Postgres,
                "SELECT id FROM resources WHERE id = $1 FOR UPDATE",
                [resource_id.into()],
            ))
            .await?;
        }
        Ok(())
    }

    /// The patient's booked appointments just before and just after `at`.
    pub async fn last_and_next(
        &self,
        patient_id: i64,
        at: DateTime<Utc>,
        except: i64,
    ) -> Result<(Option<appointment::Model>, Option<appointment::Model>), DbErr> {
        use appointment::Column as C;
        let booked = || {
            appointment::Entity::find()
                .filter(C::PatientId.eq(patient_id))
                .filter(C::Pending.eq(false))
                .filter(C::Archived.eq(false))
                .filter(C::Id.ne(except))
        };
        let last = booked().filter(C::StartsAt.lt(at)).order_by_desc(C::StartsAt).one(&self.db).await?;
        let next = booked().filter(C::StartsAt.gt(at)).order_by_asc(C::StartsAt).one(&self.db).await?;
        Ok((last, next))
    }

    pub async fn treatment_plans(&self, patient_id: i64) -> Result<Vec<TreatmentPlan>, DbErr> {
        let plans = treatment_plan::Entity::find()
            .filter(treatment_plan::Column::PatientId.eq(patient_id))
            .order_by_asc(treatment_plan::Column::Id)
            .all(&self.db)
            .await?;
        let mut answer = Vec::with_capacity(plans.len());
        for plan in plans {
            let phases = treatment_phase::Entity::find()
                .filter(treatment_phase::Column::PlanId.eq(plan.id))
                .order_by_asc(treatment_phase::Column::SortOrder)
                .all(&self.db)
                .await?;
            let mut with_charges = Vec::with_capacity(phases.len());
            for phase in phases {
                let charges = treatment_charge::Entity::find()
                    .filter(treatment_charge::Column::PhaseId.eq(phase.id))
                    .order_by_asc(treatment_charge::Column::SortOrder)
                    .all(&self.db)
                    .await?;
                with_charges.push((phase, charges));
            }
            answer.push((plan, with_charges));
        }
        Ok(answer)
    }

    pub async fn transparency_types(&self) -> Result<Vec<transparency_type::Model>, DbErr> {
        transparency_type::Entity::find().order_by_asc(transparency_type::Column::Id).all(&self.db).await
    }
}

/// Writes an appointment's fields: a new row (`id` None) or over an existing one.
async fn write_fields(
    txn: &DatabaseTransaction,
    id: Option<i64>,
    fields: &AppointmentFields,
    pending: bool,
    replaces: Option<i64>,
    user_id: i64,
    now: DateTime<Utc>,
) -> Result<i64, DbErr> {
    let mut row = appointment::ActiveModel {
        patient_id: Set(fields.patient_id.into()),
        resource_id: Set(fields.resource_id.into()),
        provider_id: Set(fields.provider_id.map(i64::from)),
        type_id: Set(fields.type_id.into()),
        status_id: Set(fields.status_id.into()),
        starts_at: Set(fields.start),
        ends_at: Set(fields.end),
        length_minutes: Set(i32::try_from(fields.length_minutes).unwrap_or(i32::MAX)),
        notes: Set(fields.notes.clone()),
        pending: Set(pending),
        replaces_id: Set(replaces),
        updated_at: Set(now),
        ..Default::default()
    };
    match id {
        Some(id) => {
            row.id = sea_orm::ActiveValue::Unchanged(id);
            Ok(row.update(txn).await?.id)
        }
        None => {
            row.archived = Set(false);
            row.created_by = Set(user_id);
            row.created_at = Set(now);
            Ok(row.insert(txn).await?.id)
        }
    }
}
