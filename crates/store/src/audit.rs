//! The audit log: an append-only record of who did what, to which patient, when, from
//! where, and with what outcome. The database refuses updates and deletes of it.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::NotSet, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, DbBackend, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Statement,
};

use crate::Store;
use crate::entities::audit_log;
use crate::keys::Keys;
use crate::sql::bound;

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
    /// Every patient a list answer showed.
    pub patient_ids: Vec<i64>,
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
            patient_ids: Vec::new(),
        }
    }
}

/// Builders, so a route says only what differs from the session's entry.
impl AuditEntry {
    /// The patient whose record was read or changed.
    #[must_use]
    pub fn patient(self, patient_id: impl Into<i64>) -> Self {
        Self { patient_id: Some(patient_id.into()), ..self }
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

    /// The patients a list showed (a search, the orders page, a day of the schedule).
    #[must_use]
    pub fn patients_shown(self, patient_ids: impl IntoIterator<Item = i64>) -> Self {
        let mut patient_ids: Vec<i64> = patient_ids.into_iter().collect();
        patient_ids.sort_unstable();
        patient_ids.dedup();
        Self { patient_ids, ..self }
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

/// The instant as the chain signs it: microseconds, which both databases keep exactly.
fn chain_instant(at: DateTime<Utc>) -> DateTime<Utc> {
    DateTime::<Utc>::from_timestamp_micros(at.timestamp_micros()).unwrap_or(at)
}

/// The bytes a row's link signs: every column but the database's own id, in a fixed
/// order, as a JSON array (unambiguous whatever the texts hold).
fn signed_bytes(row: &audit_log::Model) -> Vec<u8> {
    let value = serde_json::json!([
        row.seq,
        row.at.format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string(),
        row.user_id,
        row.username,
        row.action,
        row.patient_id,
        row.entity,
        row.entity_id,
        row.ip,
        row.outcome,
        row.detail,
        row.patient_ids,
    ]);
    serde_json::to_vec(&value).unwrap_or_default()
}

/// `,1,2,3,`: findable with `LIKE '%,2,%'`.
fn patient_ids_text(ids: &[i64]) -> Option<String> {
    (!ids.is_empty()).then(|| format!(",{},", ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")))
}

/// The condition "about this patient": the row's patient, or a list that showed them.
fn about_patient(patient_id: i64) -> Condition {
    Condition::any()
        .add(audit_log::Column::PatientId.eq(patient_id))
        .add(audit_log::Column::PatientIds.like(format!("%,{patient_id},%")))
}

/// The chain's last position and link, as a writer last left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainHead {
    pub seq: i64,
    pub link: String,
}

/// Appends entries to the chain inside `txn`, which must be a write transaction: the
/// chain's head row is locked until it commits, so concurrent writers (on every server
/// sharing the database) link one after another. Take it last in a transaction.
///
/// `known` is the head this caller wrote last (the audit writer keeps it between
/// batches): the entries are linked after it and the head row is moved only if it still
/// holds it, which saves reading the head. When another writer has appended since, the
/// head is read and the entries linked after it. Returns the new head.
pub(crate) async fn insert_all(
    keys: &Keys,
    txn: &DatabaseTransaction,
    known: Option<&ChainHead>,
    entries: Vec<(DateTime<Utc>, AuditEntry)>,
) -> Result<Option<ChainHead>, DbErr> {
    if entries.is_empty() {
        return Ok(known.cloned());
    }
    let backend = txn.get_database_backend();
    let move_head = |from: Option<&ChainHead>, to: &ChainHead| match from {
        Some(from) => bound(
            backend,
            "UPDATE audit_chain SET seq = $1, link = $2 WHERE id = 1 AND seq = $3 AND link = $4",
            [to.seq.into(), to.link.clone().into(), from.seq.into(), from.link.clone().into()],
        ),
        None => bound(
            backend,
            "UPDATE audit_chain SET seq = $1, link = $2 WHERE id = 1",
            [to.seq.into(), to.link.clone().into()],
        ),
    };
    // The head row is moved before the rows are written: that takes its lock (PostgreSQL
    // re-reads a row another transaction changed before matching it).
    let mut rows = None;
    if let Some(known) = known {
        let (linked, head) = linked_rows(keys, known, &entries);
        if txn.execute_raw(move_head(Some(known), &head)).await?.rows_affected() == 1 {
            rows = Some((linked, head));
        }
    }
    let (rows, head) = match rows {
        Some(written) => written,
        None => {
            let lock = if backend == DbBackend::Postgres { " FOR UPDATE" } else { "" };
            let current = txn
                .query_one_raw(Statement::from_string(
                    backend,
                    format!("SELECT seq, link FROM audit_chain WHERE id = 1{lock}"),
                ))
                .await?
                .ok_or_else(|| DbErr::Custom("the audit chain has no head row".into()))?;
            let current = ChainHead { seq: current.try_get("", "seq")?, link: current.try_get("", "link")? };
            let (linked, head) = linked_rows(keys, &current, &entries);
            txn.execute_raw(move_head(None, &head)).await?;
            (linked, head)
        }
    };
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let batch: Vec<_> = rows.by_ref().take(500).collect();
        audit_log::Entity::insert_many(batch).exec_without_returning(txn).await?;
    }
    Ok(Some(head))
}

/// The entries as rows linked one after another from `head`, and the head after them.
fn linked_rows(
    keys: &Keys,
    head: &ChainHead,
    entries: &[(DateTime<Utc>, AuditEntry)],
) -> (Vec<audit_log::ActiveModel>, ChainHead) {
    let (mut seq, mut link) = (head.seq, head.link.clone());
    let mut rows = Vec::with_capacity(entries.len());
    for (at, entry) in entries.iter().cloned() {
        seq += 1;
        let mut model = audit_log::Model {
            id: 0,
            at: chain_instant(at),
            user_id: entry.user_id,
            username: entry.username,
            action: entry.action.to_owned(),
            patient_id: entry.patient_id,
            entity: entry.entity.map(str::to_owned),
            entity_id: entry.entity_id,
            ip: entry.ip,
            outcome: entry.outcome.as_str().to_owned(),
            detail: entry.detail,
            seq: Some(seq),
            link: None,
            patient_ids: patient_ids_text(&entry.patient_ids),
        };
        link = keys.audit_link(&link, &signed_bytes(&model));
        model.link = Some(link.clone());
        let mut active: audit_log::ActiveModel = model.into();
        active.id = NotSet;
        rows.push(active);
    }
    (rows, ChainHead { seq, link })
}

/// Writes one entry inside `txn`, the transaction of the change it records.
pub(crate) async fn insert(
    keys: &Keys,
    txn: &DatabaseTransaction,
    at: DateTime<Utc>,
    entry: AuditEntry,
) -> Result<(), DbErr> {
    insert_all(keys, txn, None, vec![(at, entry)]).await.map(|_| ())
}

/// What `audit verify` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainReport {
    /// Rows checked and found linked.
    pub verified: u64,
    /// Rows from before the chain began (no link), which nothing can vouch for.
    pub before_chain: u64,
    /// The last position and link: note them elsewhere to detect a cut-off tail later.
    pub head_seq: i64,
    pub head_link: String,
    /// The first break, in words naming the row; None when the chain is whole.
    pub first_break: Option<String>,
}

/// Rows read per round trip while verifying or reporting.
const PAGE: u64 = 5_000;

impl Store {
    /// Records one entry in a transaction of its own.
    pub async fn record_audit(&self, at: DateTime<Utc>, entry: AuditEntry) -> Result<(), DbErr> {
        self.record_audit_batch(None, vec![(at, entry)]).await.map(|_| ())
    }

    /// Writes many entries in one transaction (one commit, one sync to disk), linked
    /// after `known`, the head this caller wrote last, when it is still the head (see
    /// [`insert_all`]). Returns the new head, for the next batch.
    pub async fn record_audit_batch(
        &self,
        known: Option<&ChainHead>,
        entries: Vec<(DateTime<Utc>, AuditEntry)>,
    ) -> Result<Option<ChainHead>, DbErr> {
        let txn = self.begin_write().await?;
        let head = insert_all(&self.keys, &txn, known, entries).await?;
        txn.commit().await?;
        Ok(head)
    }

    pub async fn audit_entries(&self, query: AuditQuery) -> Result<Vec<audit_log::Model>, DbErr> {
        let mut select = audit_log::Entity::find();
        if let Some(action) = query.action {
            select = select.filter(audit_log::Column::Action.eq(action));
        }
        if let Some(user_id) = query.user_id {
            select = select.filter(audit_log::Column::UserId.eq(user_id));
        }
        if let Some(patient_id) = query.patient_id {
            select = select.filter(about_patient(patient_id));
        }
        select.order_by_desc(audit_log::Column::Id).limit(query.limit.clamp(1, 10_000)).all(&self.db).await
    }

    /// Walks the chain from its first row and names the first row that was changed,
    /// inserted or removed.
    pub async fn verify_audit_chain(&self) -> Result<ChainReport, DbErr> {
        let before_chain = audit_log::Entity::find().filter(audit_log::Column::Seq.is_null()).count(&self.db).await?;
        let mut report =
            ChainReport { verified: 0, before_chain, head_seq: 0, head_link: String::new(), first_break: None };
        let first_chained_id = audit_log::Entity::find()
            .filter(audit_log::Column::Seq.is_not_null())
            .order_by_asc(audit_log::Column::Id)
            .one(&self.db)
            .await?
            .map(|row| row.id);
        // A row without a link after the chain began was put there by hand.
        if let Some(first_id) = first_chained_id {
            let unlinked = audit_log::Entity::find()
                .filter(audit_log::Column::Seq.is_null())
                .filter(audit_log::Column::Id.gt(first_id))
                .order_by_asc(audit_log::Column::Id)
                .one(&self.db)
                .await?;
            if let Some(row) = unlinked {
                report.first_break = Some(format!("row id {} was inserted without a link", row.id));
                return Ok(report);
            }
        }
        let mut expected_seq = 1i64;
        let mut link = String::new();
        loop {
            let page = audit_log::Entity::find()
                .filter(audit_log::Column::Seq.gte(expected_seq))
                .order_by_asc(audit_log::Column::Seq)
                .limit(PAGE)
                .all(&self.db)
                .await?;
            let full_page = page.len() as u64 == PAGE;
            for row in &page {
                let seq = row.seq.unwrap_or_default();
                if seq != expected_seq {
                    report.first_break = Some(format!(
                        "position {expected_seq} of the chain is missing (removed); the next row is id {} at position {seq}",
                        row.id
                    ));
                    return Ok(report);
                }
                let computed = self.keys.audit_link(&link, &signed_bytes(row));
                if row.link.as_deref() != Some(computed.as_str()) {
                    report.first_break =
                        Some(format!("row id {} (position {seq}) was changed, or inserted with a forged link", row.id));
                    return Ok(report);
                }
                link = computed;
                expected_seq += 1;
                report.verified += 1;
            }
            if !full_page {
                break;
            }
        }
        report.head_seq = expected_seq - 1;
        report.head_link = link;
        let backend = self.db.get_database_backend();
        let head =
            self.db.query_one_raw(Statement::from_string(backend, "SELECT seq FROM audit_chain WHERE id = 1")).await?;
        let recorded_head: i64 = head.map(|row| row.try_get("", "seq")).transpose()?.unwrap_or_default();
        if recorded_head != report.head_seq {
            report.first_break = Some(format!(
                "the chain ends at position {} but its head says {recorded_head}: the rows after it were removed",
                report.head_seq
            ));
        }
        Ok(report)
    }

    /// Every entry from `from` (inclusive) to `to` (exclusive), oldest first, about one
    /// patient (lists that showed them included) and/or by one user when given; handed
    /// to `each` a page at a time. Returns how many there were.
    pub async fn audit_report(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        patient_id: Option<i64>,
        user_id: Option<i64>,
        mut each: impl FnMut(&[audit_log::Model]) -> std::io::Result<()>,
    ) -> Result<u64, DbErr> {
        let mut after_id = 0i64;
        let mut written = 0u64;
        loop {
            let mut select = audit_log::Entity::find()
                .filter(audit_log::Column::At.gte(from))
                .filter(audit_log::Column::At.lt(to))
                .filter(audit_log::Column::Id.gt(after_id));
            if let Some(patient_id) = patient_id {
                select = select.filter(about_patient(patient_id));
            }
            if let Some(user_id) = user_id {
                select = select.filter(audit_log::Column::UserId.eq(user_id));
            }
            let page = select.order_by_asc(audit_log::Column::Id).limit(PAGE).all(&self.db).await?;
            let Some(last) = page.last() else { break };
            after_id = last.id;
            written += page.len() as u64;
            each(&page).map_err(|e| DbErr::Custom(e.to_string()))?;
        }
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patient_lists_are_stored_findable_by_one_id() {
        assert_eq!(patient_ids_text(&[]), None);
        assert_eq!(patient_ids_text(&[1, 22, 3]).as_deref(), Some(",1,22,3,"));
    }

    #[test]
    fn signed_instants_keep_microseconds_only() {
        let at = DateTime::<Utc>::from_timestamp(1_790_000_000, 123_456_789).expect("time");
        assert_eq!(chain_instant(at).timestamp_subsec_nanos(), 123_456_000);
    }
}
