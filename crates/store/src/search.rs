//! Patient search: the index lookups a query calls for, sent as one statement, ranked
//! with `domain::search::score`. The databases only ever answer key-ordered index
//! ranges and the ranking happens here, so SQLite and PostgreSQL give the same answer.
//!
//! A search costs two statements: the candidates, and the result markers of the best
//! 25. A single word, or a name with a word too short to hold a typo, costs a third when
//! fewer than 25 match as typed: the names a typo away. Each statement reads only the
//! columns ranking and the result list need.

use std::collections::HashMap;

use chrono::NaiveDate;
use domain::clinical::input::{ALERTING_ALLERGY_STATUS, NOT_ALERTING_VERIFICATIONS};
use domain::patient::PatientFields;
use domain::search::{CandidateKeys, PhoneQuery, SearchQuery, fold_name, is_possible_duplicate, score, typo_allowance};
use sea_orm::sea_query::{Alias, Asterisk, Expr, Query, SelectStatement, UnionType};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbBackend, FromQueryResult, Statement, Value};

use crate::entities::{patient, patient_phone};
use crate::names::NameKind;
use crate::sql::prefix_range;
use crate::{DbErr, Store};

/// How a name key must match in a candidate lookup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyMatch {
    Any,
    /// Starts with the text.
    Prefix(String),
    /// Equals one of these.
    In(Vec<String>),
}

/// Which patients to fetch as search candidates. Each is one index range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CandidateLookup {
    Name {
        last: KeyMatch,
        first: KeyMatch,
    },
    Birthdate(NaiveDate),
    /// All ten digits of a phone number.
    Phone(String),
    /// The last seven digits of a phone number.
    LocalPhone(String),
    DisplayId(String),
}

/// The columns of a patient that search ranks and lists.
#[derive(Clone, Debug, PartialEq, Eq, FromQueryResult)]
pub struct SearchRow {
    pub id: i64,
    pub display_id: String,
    pub first_name: String,
    pub middle: String,
    pub last_name: String,
    pub last_name_key: String,
    pub first_name_key: String,
    pub birthdate: Option<NaiveDate>,
    pub inactive: bool,
    pub patient_provider_id: Option<i64>,
    pub account_id: i64,
    pub phone1_number: String,
    pub phone2_number: String,
    pub phone3_number: String,
}

/// A patient found by a search, with what the result list shows besides the row.
#[derive(Clone, Debug)]
pub struct SearchHit {
    pub patient: SearchRow,
    pub account_provider_id: Option<i64>,
    pub has_patient_alerts: bool,
    pub has_account_alerts: bool,
    /// A current allergy (the alert rule of `domain::clinical::input::allergy_is_current`).
    pub has_allergies: bool,
    pub score: u32,
}

/// Rows each lookup may return: the page of 25 and a little room for ranking.
const CANDIDATES_PER_LOOKUP: u64 = 30;
/// Selective lookups (birth date, phone, chart number) rarely reach this.
const CANDIDATES_SELECTIVE: u64 = 200;

fn keys_of(row: &SearchRow) -> CandidateKeys<'_> {
    CandidateKeys {
        last_key: &row.last_name_key,
        first_key: &row.first_name_key,
        birthdate: row.birthdate,
        phones: [&row.phone1_number, &row.phone2_number, &row.phone3_number],
        display_id: &row.display_id,
        inactive: row.inactive,
    }
}

fn key_condition(column: patient::Column, wanted: &KeyMatch) -> Condition {
    match wanted {
        KeyMatch::Any => Condition::all(), // not added to a query
        KeyMatch::Prefix(prefix) => {
            let (low, high) = prefix_range(prefix);
            Condition::all().add(column.gte(low)).add(column.lt(high))
        }
        KeyMatch::In(keys) => Condition::all().add(column.is_in(keys.iter().cloned())),
    }
}

/// One lookup as a SELECT of the search columns, in the order of the index it runs on,
/// so LIMIT ends the scan early.
fn select_for(lookup: &CandidateLookup, limit: u64) -> SelectStatement {
    use patient::Column as C;
    let mut select = Query::select();
    select
        .columns([
            C::Id,
            C::DisplayId,
            C::FirstName,
            C::Middle,
            C::LastName,
            C::LastNameKey,
            C::FirstNameKey,
            C::Birthdate,
            C::Inactive,
            C::PatientProviderId,
            C::AccountId,
            C::Phone1Number,
            C::Phone2Number,
            C::Phone3Number,
        ])
        .from(patient::Entity);
    let by_first_name = matches!(lookup, CandidateLookup::Name { last: KeyMatch::Any, .. });
    match lookup {
        CandidateLookup::Name { last, first } => {
            for (column, wanted) in [(C::LastNameKey, last), (C::FirstNameKey, first)] {
                if *wanted != KeyMatch::Any {
                    select.cond_where(key_condition(column, wanted));
                }
            }
        }
        CandidateLookup::Birthdate(date) => {
            select.and_where(C::Birthdate.eq(*date));
        }
        CandidateLookup::DisplayId(id) => {
            select.and_where(C::DisplayId.eq(id.clone()));
        }
        CandidateLookup::Phone(number) | CandidateLookup::LocalPhone(number) => {
            let column = if matches!(lookup, CandidateLookup::Phone(_)) {
                patient_phone::Column::Number
            } else {
                patient_phone::Column::LocalNumber
            };
            let owners = Query::select()
                .column(patient_phone::Column::PatientId)
                .from(patient_phone::Entity)
                .and_where(column.eq(number.clone()))
                .to_owned();
            select.and_where(C::Id.in_subquery(owners));
        }
    }
    if by_first_name {
        select.order_by(C::FirstNameKey, sea_orm::Order::Asc).order_by(C::LastNameKey, sea_orm::Order::Asc);
    } else {
        select.order_by(C::LastNameKey, sea_orm::Order::Asc).order_by(C::FirstNameKey, sea_orm::Order::Asc);
    }
    select.order_by(C::Id, sea_orm::Order::Asc).limit(limit).to_owned()
}

/// `(?, ?), (?, ?)` or `($2::bigint, $3::bigint), ($4::bigint, $5::bigint)`: bound pairs
/// of ids for a VALUES list (PostgreSQL is told their type: nothing else in it names one).
fn id_pair_placeholders(backend: DbBackend, first: usize, count: usize) -> String {
    (0..count)
        .map(|i| {
            let n = first + 2 * i;
            if backend == DbBackend::Postgres {
                format!("(${n}::bigint, ${}::bigint)", n + 1)
            } else {
                "(?, ?)".to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Store {
    /// The rows of several lookups, in one statement.
    pub async fn search_candidates(&self, lookups: &[(CandidateLookup, u64)]) -> Result<Vec<SearchRow>, DbErr> {
        Ok(self.candidates_by_lookup(lookups).await?.into_iter().map(|(_, row)| row).collect())
    }

    /// The rows of several lookups in one statement, each with the position of the
    /// lookup that found it.
    async fn candidates_by_lookup(&self, lookups: &[(CandidateLookup, u64)]) -> Result<Vec<(usize, SearchRow)>, DbErr> {
        let mut branches = lookups.iter().enumerate().map(|(i, (lookup, limit))| {
            // Each branch keeps its own ORDER BY and LIMIT inside a subquery.
            Query::select()
                .column(Asterisk)
                .expr_as(Expr::val(i64::try_from(i).unwrap_or(i64::MAX)), Alias::new("lookup"))
                .from_subquery(select_for(lookup, *limit), Alias::new(format!("lookup{i}")))
                .to_owned()
        });
        let Some(mut statement) = branches.next() else { return Ok(Vec::new()) };
        for branch in branches {
            statement.union(UnionType::All, branch);
        }
        let rows = self.db.query_all(&statement).await?;
        rows.iter()
            .map(|row| {
                let lookup: i64 = row.try_get("", "lookup")?;
                Ok((usize::try_from(lookup).unwrap_or(usize::MAX), SearchRow::from_query_result(row, "")?))
            })
            .collect()
    }

    /// Name keys within a typo of `word`, from the in-memory index (loaded on first use
    /// and caught up with other servers' additions).
    pub async fn similar_names(&self, kind: NameKind, word: &str) -> Result<Vec<String>, DbErr> {
        self.names.catch_up_if_due(&self.db).await?;
        Ok(self.names.similar(kind, word))
    }

    /// The best `limit` patients for `query`, best first.
    pub async fn search_patients(
        &self,
        query: &SearchQuery,
        limit: usize,
        today: NaiveDate,
    ) -> Result<Vec<SearchHit>, DbErr> {
        if query.is_empty() {
            return Ok(Vec::new());
        }
        let mut found: HashMap<i64, (u32, SearchRow)> = HashMap::new();
        let consider = |rows: Vec<SearchRow>, found: &mut HashMap<i64, (u32, SearchRow)>| {
            for row in rows {
                if let Some(points) = score(query, &keys_of(&row)) {
                    found.entry(row.id).or_insert((points, row));
                }
            }
        };

        // A birth date, phone or chart number is selective: its lookup alone holds
        // every patient that can match; the names then only rank and filter.
        let selective: Vec<(CandidateLookup, u64)> = [
            query.birthdate.map(CandidateLookup::Birthdate),
            query.phone.as_ref().map(|phone| match phone {
                PhoneQuery::Full(number) => CandidateLookup::Phone(number.clone()),
                PhoneQuery::Local(local) => CandidateLookup::LocalPhone(local.clone()),
            }),
            query.display_id.clone().map(CandidateLookup::DisplayId),
        ]
        .into_iter()
        .flatten()
        .map(|lookup| (lookup, CANDIDATES_SELECTIVE))
        .collect();
        if !selective.is_empty() {
            consider(self.search_candidates(&selective).await?, &mut found);
        } else {
            let readings = query.name_readings();
            let mut lookups = Vec::new();
            for (last, first) in &readings {
                if first.is_empty() {
                    lookups.push(CandidateLookup::Name { last: KeyMatch::Prefix(last.clone()), first: KeyMatch::Any });
                    lookups.push(CandidateLookup::Name { last: KeyMatch::Any, first: KeyMatch::Prefix(last.clone()) });
                } else {
                    lookups.push(CandidateLookup::Name {
                        last: KeyMatch::Prefix(last.clone()),
                        first: KeyMatch::Prefix(first.clone()),
                    });
                }
            }
            let exact_lookups = lookups.len();
            // A whole name (two words or more, each long enough to hold a typo) seldom
            // fills the page by its exact spelling, so its typo lookups go in the same
            // statement: one round trip instead of two. Their rows count only as below.
            let whole_name = query.names.len() >= 2 && query.names.iter().all(|word| typo_allowance(word) > 0);
            if whole_name {
                lookups.extend(self.typo_lookups_of(&readings).await?);
            }
            let lookups: Vec<_> = lookups.into_iter().map(|lookup| (lookup, CANDIDATES_PER_LOOKUP)).collect();
            let (exact, typo): (Vec<_>, Vec<_>) =
                self.candidates_by_lookup(&lookups).await?.into_iter().partition(|(i, _)| *i < exact_lookups);
            consider(exact.into_iter().map(|(_, row)| row).collect(), &mut found);
            // Too few by exact spelling: add the typos, which always rank lower. (Asking
            // for them with every short word costs more than this second statement: a
            // short word has dozens of names one edit away, each an index seek.)
            if found.len() < limit {
                let typo = if whole_name {
                    typo.into_iter().map(|(_, row)| row).collect()
                } else {
                    let lookups: Vec<_> = self
                        .typo_lookups_of(&readings)
                        .await?
                        .into_iter()
                        .map(|lookup| (lookup, CANDIDATES_PER_LOOKUP))
                        .collect();
                    self.search_candidates(&lookups).await?
                };
                consider(typo, &mut found);
            }
        }

        let mut ranked: Vec<(u32, SearchRow)> = found.into_values().collect();
        ranked.sort_by(|(a_score, a), (b_score, b)| {
            b_score
                .cmp(a_score)
                .then_with(|| a.last_name_key.cmp(&b.last_name_key))
                .then_with(|| a.first_name_key.cmp(&b.first_name_key))
                .then_with(|| a.id.cmp(&b.id))
        });
        ranked.truncate(limit);
        self.enrich(ranked, today).await
    }

    /// Lookups for names one typo away from each reading of the words.
    async fn typo_lookups_of(&self, readings: &[(String, String)]) -> Result<Vec<CandidateLookup>, DbErr> {
        let mut lookups = Vec::new();
        for (last, first) in readings {
            lookups.extend(self.typo_lookups(last, first).await?);
        }
        Ok(lookups)
    }

    /// Lookups for names one typo away from what was typed.
    async fn typo_lookups(&self, last: &str, first: &str) -> Result<Vec<CandidateLookup>, DbErr> {
        let mut lookups = Vec::new();
        let similar_last = self.similar_names(NameKind::Last, last).await?;
        if first.is_empty() {
            let similar_first = self.similar_names(NameKind::First, last).await?;
            if !similar_last.is_empty() {
                lookups.push(CandidateLookup::Name { last: KeyMatch::In(similar_last), first: KeyMatch::Any });
            }
            if !similar_first.is_empty() {
                lookups.push(CandidateLookup::Name { last: KeyMatch::Any, first: KeyMatch::In(similar_first) });
            }
        } else {
            let similar_first = self.similar_names(NameKind::First, first).await?;
            if !similar_last.is_empty() {
                lookups.push(CandidateLookup::Name {
                    last: KeyMatch::In(similar_last),
                    first: KeyMatch::Prefix(first.to_owned()),
                });
            }
            if !similar_first.is_empty() {
                lookups.push(CandidateLookup::Name {
                    last: KeyMatch::Prefix(last.to_owned()),
                    first: KeyMatch::In(similar_first),
                });
            }
        }
        Ok(lookups)
    }

    /// Patients who may be the same person as a new patient with `fields`: the same
    /// birth date or a shared phone number, and names no more than a typo apart.
    pub async fn possible_duplicates(
        &self,
        fields: &PatientFields,
        limit: usize,
        today: NaiveDate,
    ) -> Result<Vec<SearchHit>, DbErr> {
        let last_key = fold_name(&fields.last_name);
        let first_key = fold_name(&fields.first_name);
        let phone = |i: usize| fields.phones.get(i).map_or("", |p| p.digits.as_str());
        let new = CandidateKeys {
            last_key: &last_key,
            first_key: &first_key,
            birthdate: fields.birthdate,
            phones: [phone(0), phone(1), phone(2)],
            display_id: "",
            inactive: false,
        };
        let mut lookups: Vec<(CandidateLookup, u64)> =
            fields.phones.iter().map(|p| (CandidateLookup::Phone(p.digits.clone()), CANDIDATES_SELECTIVE)).collect();
        if let Some(date) = fields.birthdate {
            lookups.push((CandidateLookup::Birthdate(date), CANDIDATES_SELECTIVE));
        }
        let mut found: HashMap<i64, SearchRow> = HashMap::new();
        for candidate in self.search_candidates(&lookups).await? {
            if is_possible_duplicate(&new, &keys_of(&candidate)) {
                found.insert(candidate.id, candidate);
            }
        }
        let mut ranked: Vec<(u32, SearchRow)> = found.into_values().map(|row| (0, row)).collect();
        ranked.sort_by(|(_, a), (_, b)| {
            (&a.last_name_key, &a.first_name_key, a.id).cmp(&(&b.last_name_key, &b.first_name_key, b.id))
        });
        ranked.truncate(limit);
        self.enrich(ranked, today).await
    }

    /// Patients by id in the order given (recently viewed patients), unknown ids left out.
    pub async fn patients_in_order(&self, ids: &[i64], today: NaiveDate) -> Result<Vec<SearchHit>, DbErr> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut select =
            select_for(&CandidateLookup::Name { last: KeyMatch::Any, first: KeyMatch::Any }, ids.len() as u64);
        select.and_where(patient::Column::Id.is_in(ids.iter().copied()));
        let rows = self.db.query_all(&select).await?;
        let mut by_id: HashMap<i64, SearchRow> = rows
            .iter()
            .map(|row| SearchRow::from_query_result(row, ""))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .map(|r| (r.id, r))
            .collect();
        let ordered = ids.iter().filter_map(|id| by_id.remove(id)).map(|row| (0, row)).collect();
        self.enrich(ordered, today).await
    }

    /// Adds the account provider and the alert markers of each patient, in one statement.
    async fn enrich(&self, ranked: Vec<(u32, SearchRow)>, today: NaiveDate) -> Result<Vec<SearchHit>, DbErr> {
        if ranked.is_empty() {
            return Ok(Vec::new());
        }
        let backend = self.db.get_database_backend();
        // The rows already hold each patient's account: the statement starts from
        // (patient, account) pairs, so it looks up each account but not the patient again.
        let pairs = id_pair_placeholders(backend, 2, ranked.len());
        let date_placeholder = if backend == DbBackend::Postgres { "$1" } else { "?" };
        let sql = format!(
            "SELECT p.column1 AS id, a.account_provider_id, \
               CASE WHEN EXISTS (SELECT 1 FROM patient_alerts x WHERE x.patient_id = p.column1 {probe}) THEN 1 ELSE 0 END AS patient_alerts, \
               CASE WHEN EXISTS (SELECT 1 FROM allergies x WHERE x.patient_id = p.column1 \
                 AND LOWER(TRIM(x.status)) = '{active}' \
                 AND LOWER(TRIM(x.verification_status)) NOT IN ('{refuted}', '{in_error}') {probe}) \
                 THEN 1 ELSE 0 END AS allergies, \
               CASE WHEN EXISTS (SELECT 1 FROM account_alerts x WHERE x.account_id = p.column2 \
                 AND (x.expiration IS NULL OR x.expiration >= {date_placeholder}) {probe}) THEN 1 ELSE 0 END AS account_alerts \
             FROM (VALUES {pairs}) p JOIN accounts a ON a.id = p.column2",
            // Each marker is an index probe per patient shown. Without the OFFSET,
            // PostgreSQL may read a small table whole into a hash for 25 rows (account
            // alerts: a scan of every alert, most of the call's time).
            probe = "LIMIT 1 OFFSET 0",
            // Constants of the domain's rule (plain lower-case words), not request input.
            active = ALERTING_ALLERGY_STATUS,
            refuted = NOT_ALERTING_VERIFICATIONS[0],
            in_error = NOT_ALERTING_VERIFICATIONS[1],
        );
        let mut values: Vec<Value> = vec![today.into()];
        for (_, row) in &ranked {
            values.push(row.id.into());
            values.push(row.account_id.into());
        }
        let rows = self.db.query_all_raw(Statement::from_sql_and_values(backend, sql, values)).await?;
        let mut markers: HashMap<i64, (Option<i64>, bool, bool, bool)> = HashMap::new();
        for row in rows {
            let flag = |name: &str| row.try_get::<i32>("", name).map(|v| v != 0);
            markers.insert(
                row.try_get("", "id")?,
                (
                    row.try_get("", "account_provider_id")?,
                    flag("patient_alerts")?,
                    flag("allergies")?,
                    flag("account_alerts")?,
                ),
            );
        }
        Ok(ranked
            .into_iter()
            .map(|(score, patient)| {
                let (account_provider_id, has_patient_alerts, has_allergies, has_account_alerts) =
                    markers.get(&patient.id).copied().unwrap_or((None, false, false, false));
                SearchHit { patient, account_provider_id, has_patient_alerts, has_account_alerts, has_allergies, score }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::sea_query::{PostgresQueryBuilder, SqliteQueryBuilder};

    #[test]
    fn a_prefix_is_a_range_with_bound_values() {
        let select =
            select_for(&CandidateLookup::Name { last: KeyMatch::Prefix("smi".into()), first: KeyMatch::Any }, 30);
        let (sql, values) = select.build(PostgresQueryBuilder);
        assert!(
            sql.contains(r#""patients"."last_name_key" >= $1 AND "patients"."last_name_key" < $2 ORDER BY"#),
            "{sql}"
        );
        assert!(!sql.contains("LIKE") && !sql.contains("smi"), "values are bound, not written: {sql}");
        assert_eq!(values.0.len(), 3, "two range ends and the limit");
        let (sql, _) = select.build(SqliteQueryBuilder);
        assert!(sql.contains(r#"ORDER BY "last_name_key" ASC, "first_name_key" ASC, "id" ASC LIMIT ?"#), "{sql}");
    }

    #[test]
    fn first_name_lookups_follow_the_first_name_index() {
        let select =
            select_for(&CandidateLookup::Name { last: KeyMatch::Any, first: KeyMatch::Prefix("jo".into()) }, 30);
        let (sql, _) = select.build(SqliteQueryBuilder);
        assert!(sql.contains(r#"ORDER BY "first_name_key" ASC, "last_name_key" ASC"#), "{sql}");
    }

    #[test]
    fn placeholders_suit_each_database() {
        assert_eq!(id_pair_placeholders(DbBackend::Sqlite, 2, 2), "(?, ?), (?, ?)");
        assert_eq!(
            id_pair_placeholders(DbBackend::Postgres, 2, 2),
            "($2::bigint, $3::bigint), ($4::bigint, $5::bigint)"
        );
    }
}
