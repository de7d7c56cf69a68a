//! The audit log: an append-only record of who did what, to which patient, when, from
//! where, and with what outcome. The database refuses updates and deletes of it.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use crate::Store;
use crate::entities::audit_log;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Success,
    /// The request was understood and refused (wrong password, invalid input, missing record).
    Failure,
    /// Refused before it was looked at: throttled, no session, not allowed.
    Denied,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Success => "success",
            Self::Failure => "failure",
            Self::Denied => "denied",
        }
    }
}

/// One event. Carries ids, never names or other patient data.
#[derive(Clone, Debug)]
pub struct AuditEntry {
    pub user_id: Option<i64>,
    pub username: Option<String>,
    pub action: &'static str,
    pub patient_id: Option<i64>,
    pub entity: Option<&'static str>,
    pub entity_id: Option<String>,
    pub ip: Option<String>,
    pub outcome: Outcome,
    pub detail: Option<String>,
}

impl AuditEntry {
    pub fn new(action: &'static str, outcome: Outcome) -> Self {
        Self {
            user_id: None,
            username: None,
            action,
            patient_id: None,
            entity: None,
            entity_id: None,
            ip: None,
            outcome,
            detail: None,
        }
    }
}

/// Builders, so a route says only what differs from the session's entry.
impl AuditEntry {
    /// The patient whose record was read or changed.
    #[must_use]
    pub fn patient(self, patient_id: i64) -> Self {
        Self { patient_id: Some(patient_id), ..self }
    }

    /// The patient, when there is one (a blank order has none).
    #[must_use]
    pub fn maybe_patient(self, patient_id: Option<i64>) -> Self {
        Self { patient_id, ..self }
    }

    /// The kind of record, and its id (or ids, comma-separated) when known.
    #[must_use]
    pub fn entity(self, entity: &'static str, id: Option<String>) -> Self {
        Self { entity: Some(entity), entity_id: id, ..self }
    }

    #[must_use]
    pub fn detail(self, detail: impl Into<String>) -> Self {
        Self { detail: Some(detail.into()), ..self }
    }

    /// Understood and refused.
    #[must_use]
    pub fn failed(self) -> Self {
        Self { outcome: Outcome::Failure, ..self }
    }
}

/// Which entries to read back, newest first.
#[derive(Clone, Debug, Default)]
pub struct AuditQuery {
    pub action: Option<String>,
    pub user_id: Option<i64>,
    pub patient_id: Option<i64>,
    pub limit: u64,
}

fn row(at: DateTime<Utc>, entry: AuditEntry) -> audit_log::ActiveModel {
    audit_log::ActiveModel {
        at: Set(at),
        user_id: Set(entry.user_id),
        username: Set(entry.username),
        action: Set(entry.action.to_owned()),
        patient_id: Set(entry.patient_id),
        entity: Set(entry.entity.map(str::to_owned)),
        entity_id: Set(entry.entity_id),
        ip: Set(entry.ip),
        outcome: Set(entry.outcome.as_str().to_owned()),
        detail: Set(entry.detail),
        ..Default::default()
    }
}

/// Writes one entry with `db`, which may be the transaction of the change it records.
pub(crate) async fn insert(
    db: &impl ConnectionTrait,
    at: DateTime<Utc>,
    entry: AuditEntry,
) -> Result<(), crate::DbErr> {
    audit_log::Entity::insert(row(at, entry)).exec_without_returning(db).await?;
    Ok(())
}

impl Store {
    pub async fn record_audit(&self, at: DateTime<Utc>, entry: AuditEntry) -> Result<(), crate::DbErr> {
        insert(&self.db, at, entry).await
    }

    /// Writes many entries in one statement (one commit, one sync to disk).
    pub async fn record_audit_batch(&self, entries: Vec<(DateTime<Utc>, AuditEntry)>) -> Result<(), crate::DbErr> {
        let mut rows = entries.into_iter().map(|(at, entry)| row(at, entry)).peekable();
        while rows.peek().is_some() {
            let batch: Vec<_> = rows.by_ref().take(500).collect();
            audit_log::Entity::insert_many(batch).exec_without_returning(&self.db).await?;
        }
        Ok(())
    }

    pub async fn audit_entries(&self, query: AuditQuery) -> Result<Vec<audit_log::Model>, crate::DbErr> {
        let mut select = audit_log::Entity::find();
        if let Some(action) = query.action {
            select = select.filter(audit_log::Column::Action.eq(action));
        }
        if let Some(user_id) = query.user_id {
            select = select.filter(audit_log::Column::UserId.eq(user_id));
        }
        if let Some(patient_id) = query.patient_id {
            select = select.filter(audit_log::Column::PatientId.eq(patient_id));
        }
        select.order_by_desc(audit_log::Column::Id).limit(query.limit.clamp(1, 10_000)).all(&self.db).await
    }
}
