//! The audit log: an append-only record of who did what, to which patient, when, from
//! where, and with what outcome. The database refuses updates and deletes of it.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::NotSet, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend,
    DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Statement, Value,
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
/// chain's head row is read and locked until it commits, so concurrent writers (on every
/// server sharing the database) link one after another. Take it last in a transaction.
/// Returns the new head.
pub(crate) async fn insert_all(
    keys: &Keys,
    txn: &DatabaseTransaction,
    entries: Vec<(DateTime<Utc>, AuditEntry)>,
) -> Result<Option<ChainHead>, DbErr> {
    if entries.is_empty() {
        return Ok(None);
    }
    let backend = txn.get_database_backend();
    let lock = if backend == DbBackend::Postgres { " FOR UPDATE" } else { "" };
    let current = txn
        .query_one_raw(Statement::from_string(backend, format!("SELECT seq, link FROM audit_chain WHERE id = 1{lock}")))
        .await?
        .ok_or_else(|| DbErr::Custom("the audit chain has no head row".into()))?;
    let current = ChainHead { seq: current.try_get("", "seq")?, link: current.try_get("", "link")? };
    let (rows, head) = linked_rows(keys, &current, &entries);
    txn.execute_raw(bound(
        backend,
        "UPDATE audit_chain SET seq = $1, link = $2 WHERE id = 1",
        [head.seq.into(), head.link.clone().into()],
    ))
    .await?;
    let mut rows = rows.into_iter().map(|row| {
        let mut active: audit_log::ActiveModel = row.into();
        active.id = NotSet;
        active
    });
    loop {
        let batch: Vec<_> = rows.by_ref().take(500).collect();
        if batch.is_empty() {
            break;
        }
        audit_log::Entity::insert_many(batch).exec_without_returning(txn).await?;
    }
    Ok(Some(head))
}

/// The entries as rows linked one after another from `head`, and the head after them.
fn linked_rows(
    keys: &Keys,
    head: &ChainHead,
    entries: &[(DateTime<Utc>, AuditEntry)],
) -> (Vec<audit_log::Model>, ChainHead) {
    let (mut seq, mut link) = (head.seq, head.link.clone());
    let mut rows = Vec::with_capacity(entries.len());
    for (at, entry) in entries.iter().cloned() {
        seq += 1;
        let mut row = audit_log::Model {
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
        link = keys.audit_link(&link, &signed_bytes(&row));
        row.link = Some(link.clone());
        rows.push(row);
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
    insert_all(keys, txn, vec![(at, entry)]).await.map(|_| ())
}

/// Rows appended by [`append_after`] in one statement; a larger batch goes through a
/// transaction. Each row binds 13 values, well within both databases' limits.
const APPEND_ROWS: usize = 500;

/// The columns [`append_after`] writes, in the order of [`row_values`].
const APPEND_COLUMNS: &str =
    "at, user_id, username, action, patient_id, entity, entity_id, ip, outcome, detail, seq, link, patient_ids";

fn row_values(row: audit_log::Model) -> [Value; 13] {
    [
        row.at.into(),
        row.user_id.into(),
        row.username.into(),
        row.action.into(),
        row.patient_id.into(),
        row.entity.into(),
        row.entity_id.into(),
        row.ip.into(),
        row.outcome.into(),
        row.detail.into(),
        row.seq.into(),
        row.link.into(),
        row.patient_ids.into(),
    ]
}

/// `($5, $6, ...), (...)`: one group of placeholders per row, after the head's four.
fn values_placeholders(rows: usize, mark: char) -> String {
    (0..rows)
        .map(|row| {
            let first = 5 + row * 13;
            let marks: Vec<String> = (first..first + 13).map(|n| format!("{mark}{n}")).collect();
            format!("({})", marks.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Appends `rows`, already linked after `known`, and moves the head from `known` to `head`,
/// in one round trip to the database, in one transaction: only if the head is still
/// `known` (nothing is written otherwise: returns false). A read's entry waits for this
/// commit before its answer goes out, so it is a statement (PostgreSQL) or a script run in
/// one go on SQLite's connection thread rather than four hops (begin, move, insert,
/// commit).
async fn append_after(
    db: &DatabaseConnection,
    known: &ChainHead,
    head: &ChainHead,
    rows: Vec<audit_log::Model>,
) -> Result<bool, DbErr> {
    let count = rows.len();
    let mut values: Vec<Value> =
        vec![head.seq.into(), head.link.clone().into(), known.seq.into(), known.link.clone().into()];
    values.extend(rows.into_iter().flat_map(row_values));
    match db.get_database_backend() {
        DbBackend::Postgres => {
            // The head is moved first (the CTE), which takes its row lock; the rows join
            // its answer, so none is written when it did not match.
            let sql = format!(
                "WITH moved AS (UPDATE audit_chain SET seq = $1, link = $2 WHERE id = 1 AND seq = $3 AND link = $4 \
                 RETURNING id) INSERT INTO audit_log ({APPEND_COLUMNS}) SELECT appended.* FROM (VALUES {}) \
                 AS appended CROSS JOIN moved ORDER BY appended.column11",
                values_placeholders(count, '$')
            );
            let written = db.execute_raw(Statement::from_sql_and_values(DbBackend::Postgres, sql, values)).await?;
            Ok(written.rows_affected() == count as u64)
        }
        _ => {
            let script = format!(
                "BEGIN IMMEDIATE; \
                 UPDATE audit_chain SET seq = ?1, link = ?2 WHERE id = 1 AND seq = ?3 AND link = ?4; \
                 INSERT INTO audit_log ({APPEND_COLUMNS}) SELECT * FROM (VALUES {}) \
                 WHERE EXISTS (SELECT 1 FROM audit_chain WHERE id = 1 AND seq = ?1 AND link = ?2); \
                 SELECT seq FROM audit_chain WHERE id = 1 AND seq = ?1 AND link = ?2; \
                 COMMIT",
                values_placeholders(count, '?')
            );
            sqlite_script(db.get_sqlite_connection_pool().clone(), script, values).await.map(|rows| rows == 1)
        }
    }
}

/// Runs a script that opens and commits its own transaction on one pooled SQLite
/// connection and returns how many rows it selected. It runs as a task of its own, so a
/// caller that stops waiting cannot cut it off between its begin and its commit; if it
/// fails, it is rolled back and the connection closed rather than handed back to the pool
/// inside a transaction.
async fn sqlite_script(pool: sea_orm::sqlx::SqlitePool, script: String, values: Vec<Value>) -> Result<usize, DbErr> {
    use sea_orm::sqlx;
    let task = tokio::spawn(async move {
        let mut query = sqlx::query(sqlx::AssertSqlSafe(script));
        for value in values {
            query = match value {
                Value::BigInt(v) => query.bind(v),
                Value::String(v) => query.bind(v),
                Value::ChronoDateTimeUtc(v) => query.bind(v),
                other => return Err(DbErr::Custom(format!("no SQLite binding for {other:?}"))),
            };
        }
        let mut connection = pool.acquire().await.map_err(|error| DbErr::Conn(sqlx_error(error)))?;
        match query.fetch_all(&mut *connection).await {
            Ok(rows) => Ok(rows.len()),
            Err(error) => {
                let _ = sqlx::query("ROLLBACK").execute(&mut *connection).await;
                let _ = connection.close().await;
                Err(DbErr::Exec(sqlx_error(error)))
            }
        }
    });
    task.await.map_err(|error| DbErr::Custom(format!("the audit append stopped: {error}")))?
}

fn sqlx_error(error: sea_orm::sqlx::Error) -> sea_orm::RuntimeErr {
    sea_orm::RuntimeErr::SqlxError(std::sync::Arc::new(error))
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

    /// Writes many entries in one commit (one sync to disk) and returns the new head, for
    /// the next batch. `known` is the head this caller wrote last (the audit writer keeps it
    /// between batches): while it is still the head, the entries are linked after it and
    /// appended in one round trip ([`append_after`]). When another writer has appended
    /// since, or there is no known head, the head is read in a transaction and the entries
    /// linked after it.
    pub async fn record_audit_batch(
        &self,
        known: Option<&ChainHead>,
        entries: Vec<(DateTime<Utc>, AuditEntry)>,
    ) -> Result<Option<ChainHead>, DbErr> {
        if entries.is_empty() {
            return Ok(known.cloned());
        }
        if let Some(known) = known
            && entries.len() <= APPEND_ROWS
        {
            let (rows, head) = linked_rows(&self.keys, known, &entries);
            if append_after(&self.db, known, &head, rows).await? {
                return Ok(Some(head));
            }
        }
        let txn = self.begin_write().await?;
        let head = insert_all(&self.keys, &txn, entries).await?;
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

    #[test]
    fn appended_rows_take_the_placeholders_after_the_heads() {
        let two = values_placeholders(2, '$');
        assert!(two.starts_with("($5, $6, "), "{two}");
        assert!(two.contains("$17), ($18, "), "{two}");
        assert!(two.ends_with("$30)"), "{two}");
        assert_eq!(values_placeholders(1, '?').matches('?').count(), APPEND_COLUMNS.split(", ").count());
        let row = audit_log::Model {
            id: 0,
            at: chain_instant(Utc::now()),
            user_id: None,
            username: None,
            action: "patient.read".into(),
            patient_id: Some(5),
            entity: None,
            entity_id: None,
            ip: None,
            outcome: "success".into(),
            detail: None,
            seq: Some(11),
            link: Some("link".into()),
            patient_ids: None,
        };
        // The eleventh value is the position, which the PostgreSQL statement orders by.
        assert_eq!(row_values(row)[10], Value::BigInt(Some(11)));
    }
}
