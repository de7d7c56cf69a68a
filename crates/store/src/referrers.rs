//! Referrers and a patient's referrals to or from them. A referrer is found by the words
//! of its names, company, specialty and NPI (`referrer_words`, each row with the
//! referrer's sort key). A search counts each typed word's matches (bounded), then walks
//! the index range of the rarest in the order it answers (by word, so the typed word itself comes
//! first, then by name) and keeps the referrers that also have a word beginning with each
//! other typed word (an index lookup by id), stopping at a page. A typed word that begins
//! no stored word is read as a near miss of the words sharing its first two letters.
//! Every change, its words and its audit row are one transaction; a change names the
//! version it was made on.

use chrono::{DateTime, Utc};
use domain::referrers::{self, CheckedPhone, CheckedReferral, CheckedReferrer};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, NotSet, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};

use crate::audit::AuditEntry;
use crate::clinical::ReferralView;
use crate::entities::{patient_referral, referrer, referrer_word};
use crate::orders::{join_by_id, named_column};
use crate::sql::prefix_range;
use crate::versions::{self, Versioned};
use crate::{DbErr, Store};

/// Rows of the walk read per page: a referrer whose several words begin with the typed
/// one appears once for each.
const WALK_ROWS: usize = 2 * referrers::MAX_RESULTS;
/// Rows per page when each page is filtered by the other typed words.
const FILTERED_PAGE_ROWS: usize = 500;
/// Pages a walk reads at most (20,000 rows): two common words that rarely meet answer
/// what these pages hold.
const MAX_PAGES: usize = 40;
/// A typed word's matches are counted up to this many: enough to tell a rare word from a
/// common one, bounded whatever the list's size.
const RANGE_COUNT_CAP: usize = 1_000;
/// Distinct stored words looked at for a near miss of one typed word.
const MAX_NEAR_CANDIDATES: u64 = 2_000;

/// What one typed word matches: stored words it begins, or (a near miss) these words.
#[derive(Clone, Debug)]
enum WordChoice {
    Prefix(String),
    Exact(Vec<String>),
}

impl WordChoice {
    /// `<column> >= $n AND <column> < $n+1`, or `<column> IN (...)`, with its values.
    fn condition(&self, column: &str, values: &mut Vec<sea_orm::Value>) -> String {
        let mut next = |value: String| {
            values.push(value.into());
            format!("${}", values.len())
        };
        match self {
            Self::Prefix(prefix) => {
                let (low, high) = prefix_range(prefix);
                format!("{column} >= {} AND {column} < {}", next(low), next(high))
            }
            Self::Exact(words) => {
                let list: Vec<String> = words.iter().map(|w| next(w.clone())).collect();
                format!("{column} IN ({})", list.join(", "))
            }
        }
    }

    /// The longer a typed word, the fewer stored words it begins.
    fn reach(&self) -> usize {
        match self {
            Self::Prefix(prefix) => prefix.len(),
            Self::Exact(words) => 100usize.saturating_sub(words.len()),
        }
    }
}

/// A referrer's fields as the domain checks them (for its words and the file export).
pub fn checked_of(model: &referrer::Model) -> CheckedReferrer {
    let phone = |kind: Option<i16>, digits: &str, ext: &str| CheckedPhone {
        kind,
        digits: digits.to_owned(),
        ext: ext.to_owned(),
    };
    CheckedReferrer {
        kind: model.referrer_type.clone(),
        direction: model.direction.clone(),
        first: model.first_name.clone(),
        last: model.last_name.clone(),
        company: model.company.clone(),
        specialty: model.specialty.clone(),
        npi: model.npi.clone(),
        address: model.address.clone(),
        city: model.city.clone(),
        state: model.state.clone(),
        zip: model.zip.clone(),
        website: model.website.clone(),
        direct_address: model.direct_address.clone(),
        email: model.email.clone(),
        phones: [
            phone(model.phone1_type, &model.phone1_number, &model.phone1_ext),
            phone(model.phone2_type, &model.phone2_number, &model.phone2_ext),
            phone(model.phone3_type, &model.phone3_number, &model.phone3_ext),
        ],
        notes: model.notes.clone(),
    }
}

/// The row of referrer `id` holding `r`, at `version` (the demo writes these directly).
pub fn row_of(id: i64, version: i32, r: &CheckedReferrer) -> referrer::Model {
    let [p1, p2, p3] = &r.phones;
    referrer::Model {
        id,
        first_name: r.first.clone(),
        last_name: r.last.clone(),
        company: r.company.clone(),
        referrer_type: r.kind.clone(),
        specialty: r.specialty.clone(),
        npi: r.npi.clone(),
        address: r.address.clone(),
        city: r.city.clone(),
        state: r.state.clone(),
        zip: r.zip.clone(),
        website: r.website.clone(),
        direct_address: r.direct_address.clone(),
        email: r.email.clone(),
        notes: r.notes.clone(),
        phone1_type: p1.kind,
        phone1_number: p1.digits.clone(),
        phone1_ext: p1.ext.clone(),
        phone2_type: p2.kind,
        phone2_number: p2.digits.clone(),
        phone2_ext: p2.ext.clone(),
        phone3_type: p3.kind,
        phone3_number: p3.digits.clone(),
        phone3_ext: p3.ext.clone(),
        direction: r.direction.clone(),
        version,
        name_key: r.name_key(),
    }
}

/// The columns of a referrer row holding `r`: every one set but the id and the version
/// (an insert numbers the row; a change moves the version with `versions`).
fn active_of(r: &CheckedReferrer) -> referrer::ActiveModel {
    let mut row = referrer::ActiveModel::from(row_of(0, 1, r)).reset_all();
    row.id = NotSet;
    row.version = NotSet;
    row
}

/// Replaces a referrer's words with those of `r`.
async fn write_words(txn: &DatabaseTransaction, id: i64, r: &CheckedReferrer) -> Result<(), DbErr> {
    referrer_word::Entity::delete_many().filter(referrer_word::Column::ReferrerId.eq(id)).exec(txn).await?;
    let words: Vec<referrer_word::ActiveModel> = r
        .search_words()
        .into_iter()
        .map(|word| referrer_word::ActiveModel { word: Set(word), name_key: Set(r.name_key()), referrer_id: Set(id) })
        .collect();
    if !words.is_empty() {
        referrer_word::Entity::insert_many(words).exec(txn).await?;
    }
    Ok(())
}

/// What a change of a referrer or a referral came to.
#[derive(Clone, Debug)]
pub enum Changed<T> {
    Saved(T),
    /// Someone saved after the version the change was made on: nothing written; the
    /// stored record.
    Stale(T),
    Missing,
}

/// A change of a patient's referral: its new status and, when given, reason.
#[derive(Clone, Debug)]
pub struct ReferralUpdate {
    pub patient_id: i64,
    pub id: i64,
    /// The version the change was made on.
    pub version: i32,
    pub status: String,
    pub reason: Option<String>,
}

/// What an import did: referrers added and referrers updated (same NPI).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    pub added: usize,
    pub updated: usize,
}

impl Store {
    /// Referrers with a word beginning with each of `words` (folded), at most
    /// `referrers::MAX_RESULTS`: those with the typed word itself first, then by word and
    /// name; with no words, the first by name.
    pub async fn search_referrers(&self, words: &[String]) -> Result<Vec<referrer::Model>, DbErr> {
        if words.is_empty() {
            return referrer::Entity::find()
                .order_by_asc(referrer::Column::NameKey)
                .order_by_asc(referrer::Column::Id)
                .limit(referrers::MAX_RESULTS as u64)
                .all(&self.db)
                .await;
        }
        let mut choices: Vec<WordChoice> = words.iter().map(|w| WordChoice::Prefix(w.clone())).collect();
        let mut sizes = self.range_sizes(&choices).await?;
        // Typing mistakes: a word that begins nothing is read as the stored words it is
        // one or two edits from.
        let mut changed = false;
        for ((word, choice), size) in words.iter().zip(choices.iter_mut()).zip(&sizes) {
            if *size == 0 && word.len() >= 3 {
                let near = self.near_words(word).await?;
                if !near.is_empty() {
                    *choice = WordChoice::Exact(near);
                    changed = true;
                }
            }
        }
        if changed {
            sizes = self.range_sizes(&choices).await?;
        }
        // The walk reads the smallest range (of equals, the longest typed word's).
        let driver = (0..choices.len()).min_by_key(|i| (sizes[*i], std::cmp::Reverse(choices[*i].reach())));
        let ids = match driver {
            Some(driver) if sizes[driver] > 0 => self.walk_words(&choices, driver).await?,
            _ => Vec::new(),
        };
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut found = referrer::Entity::find().filter(referrer::Column::Id.is_in(ids.clone())).all(&self.db).await?;
        found.sort_by_key(|r| ids.iter().position(|id| *id == r.id));
        Ok(found)
    }

    /// How many stored words each choice matches, counted up to `RANGE_COUNT_CAP` (one
    /// statement; each count an index range).
    async fn range_sizes(&self, choices: &[WordChoice]) -> Result<Vec<i64>, DbErr> {
        let mut values = Vec::new();
        let counts: Vec<String> = choices
            .iter()
            .map(|choice| {
                let condition = choice.condition("word", &mut values);
                format!(
                    "(SELECT COUNT(*) FROM (SELECT 1 FROM referrer_words WHERE {condition} LIMIT {RANGE_COUNT_CAP}) c)"
                )
            })
            .collect();
        let sql = format!("SELECT {}", counts.join(", "));
        let row = self.db.query_one_raw(crate::sql::bound(self.db.get_database_backend(), &sql, values)).await?;
        let Some(row) = row else { return Ok(vec![0; choices.len()]) };
        (0..choices.len()).map(|i| row.try_get_by_index::<i64>(i)).collect()
    }

    /// The ids of the first referrers (in the walk's order, each once) that match every
    /// choice: the `driver` choice's index range read in order a page at a time (by key,
    /// so a page costs the same wherever it starts), each page's referrers kept when they
    /// have a word for every other choice (one lookup by their ids per choice). Two
    /// statements a page, whatever the planner would guess of the ranges' sizes.
    async fn walk_words(&self, choices: &[WordChoice], driver: usize) -> Result<Vec<i64>, DbErr> {
        let backend = self.db.get_database_backend();
        let others: Vec<&WordChoice> =
            choices.iter().enumerate().filter(|(i, _)| *i != driver).map(|(_, c)| c).collect();
        let page_rows = if others.is_empty() { WALK_ROWS } else { FILTERED_PAGE_ROWS };
        let mut ids: Vec<i64> = Vec::with_capacity(referrers::MAX_RESULTS);
        let mut after: Option<(String, String, i64)> = None;
        for _ in 0..MAX_PAGES {
            let mut values = Vec::new();
            let mut sql = format!(
                "SELECT word, name_key, referrer_id FROM referrer_words WHERE {}",
                choices[driver].condition("word", &mut values)
            );
            if let Some((word, name_key, id)) = after.take() {
                values.extend([word.into(), name_key.into(), id.into()]);
                let n = values.len();
                sql.push_str(&format!(" AND (word, name_key, referrer_id) > (${}, ${}, ${n})", n - 2, n - 1));
            }
            sql.push_str(&format!(" ORDER BY word, name_key, referrer_id LIMIT {page_rows}"));
            let rows = self.db.query_all_raw(crate::sql::bound(backend, &sql, values)).await?;
            let mut page: Vec<i64> = Vec::with_capacity(rows.len());
            for row in &rows {
                let id: i64 = row.try_get_by_index(2)?;
                if !ids.contains(&id) && !page.contains(&id) {
                    page.push(id);
                }
            }
            for other in &others {
                if page.is_empty() {
                    break;
                }
                let kept = self.having_word(&page, other).await?;
                page.retain(|id| kept.contains(id));
            }
            ids.extend(page);
            if ids.len() >= referrers::MAX_RESULTS || rows.len() < page_rows {
                break;
            }
            let Some(last) = rows.last() else { break };
            after = Some((last.try_get_by_index(0)?, last.try_get_by_index(1)?, last.try_get_by_index(2)?));
        }
        ids.truncate(referrers::MAX_RESULTS);
        Ok(ids)
    }

    /// Which of `ids` have a word `choice` matches.
    async fn having_word(&self, ids: &[i64], choice: &WordChoice) -> Result<Vec<i64>, DbErr> {
        let mut values: Vec<sea_orm::Value> = ids.iter().map(|id| (*id).into()).collect();
        let list: Vec<String> = (1..=ids.len()).map(|n| format!("${n}")).collect();
        let condition = choice.condition("word", &mut values);
        let sql = format!(
            "SELECT DISTINCT referrer_id FROM referrer_words WHERE referrer_id IN ({}) AND {condition}",
            list.join(", ")
        );
        let rows = self.db.query_all_raw(crate::sql::bound(self.db.get_database_backend(), &sql, values)).await?;
        rows.iter().map(|row| row.try_get_by_index::<i64>(0)).collect()
    }

    /// Stored words a typed word may have been meant as (same first two letters).
    async fn near_words(&self, word: &str) -> Result<Vec<String>, DbErr> {
        let (low, high) = prefix_range(word.get(..2).unwrap_or(word));
        let candidates: Vec<String> = referrer_word::Entity::find()
            .select_only()
            .column(referrer_word::Column::Word)
            .distinct()
            .filter(referrer_word::Column::Word.gte(low))
            .filter(referrer_word::Column::Word.lt(high))
            .limit(MAX_NEAR_CANDIDATES)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(referrers::near_words(word, &candidates).into_iter().map(str::to_owned).collect())
    }

    pub async fn referrer(&self, id: i64) -> Result<Option<referrer::Model>, DbErr> {
        referrer::Entity::find_by_id(id).one(&self.db).await
    }

    /// Every referrer by name (the file export).
    pub async fn all_referrers(&self) -> Result<Vec<referrer::Model>, DbErr> {
        referrer::Entity::find()
            .order_by_asc(referrer::Column::NameKey)
            .order_by_asc(referrer::Column::Id)
            .all(&self.db)
            .await
    }

    /// Adds a referrer (version 1) with its words and audit row.
    pub async fn add_referrer(
        &self,
        r: &CheckedReferrer,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<referrer::Model, DbErr> {
        let txn = self.begin_write().await?;
        let model = referrer::ActiveModel { version: Set(1), ..active_of(r) }.insert(&txn).await?;
        write_words(&txn, model.id, r).await?;
        let audit = AuditEntry { entity: Some("referrer"), entity_id: Some(model.id.to_string()), ..audit };
        crate::audit::insert(&self.keys, &txn, now, audit).await?;
        txn.commit().await?;
        Ok(model)
    }

    /// Changes a referrer made on `version`; refused when someone saved after it.
    pub async fn change_referrer(
        &self,
        id: i64,
        version: i32,
        r: &CheckedReferrer,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<Changed<referrer::Model>, DbErr> {
        let txn = self.begin_write().await?;
        if !versions::claim(&txn, Versioned::Referrers, id, version).await? {
            drop(txn);
            return Ok(match self.referrer(id).await? {
                Some(current) => Changed::Stale(current),
                None => Changed::Missing,
            });
        }
        let mut row = active_of(r);
        row.id = sea_orm::ActiveValue::Unchanged(id);
        let model = row.update(&txn).await?;
        write_words(&txn, id, r).await?;
        let audit = AuditEntry { entity: Some("referrer"), entity_id: Some(id.to_string()), ..audit };
        crate::audit::insert(&self.keys, &txn, now, audit).await?;
        txn.commit().await?;
        Ok(Changed::Saved(model))
    }

    /// Loads a referrer file in one transaction: a referrer already stored (the same NPI;
    /// without one, the same name and company) is replaced (its version moves on), the
    /// rest are added. Readers see the list before
    /// or after, never half of it.
    pub async fn import_referrers(
        &self,
        list: &[CheckedReferrer],
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<Imported, DbErr> {
        let txn = self.begin_write().await?;
        let mut imported = Imported::default();
        for r in list {
            // The same referrer: the same NPI, or without one, the same name and company.
            let same = if r.npi.is_empty() {
                referrer::Entity::find()
                    .filter(referrer::Column::Npi.eq(""))
                    .filter(referrer::Column::NameKey.eq(r.name_key()))
                    .filter(referrer::Column::Company.eq(r.company.as_str()))
            } else {
                referrer::Entity::find().filter(referrer::Column::Npi.eq(r.npi.as_str()))
            };
            let existing = same.one(&txn).await?;
            let id = match existing {
                Some(existing) => {
                    versions::bump(&txn, Versioned::Referrers, existing.id).await?;
                    let mut row = active_of(r);
                    row.id = sea_orm::ActiveValue::Unchanged(existing.id);
                    row.update(&txn).await?;
                    imported.updated += 1;
                    existing.id
                }
                None => {
                    imported.added += 1;
                    referrer::ActiveModel { version: Set(1), ..active_of(r) }.insert(&txn).await?.id
                }
            };
            write_words(&txn, id, r).await?;
        }
        let by = audit.detail.clone().map(|who| format!("{who}: ")).unwrap_or_default();
        let detail = format!("{by}{} added, {} updated", imported.added, imported.updated);
        crate::audit::insert(&self.keys, &txn, now, AuditEntry { detail: Some(detail), ..audit }).await?;
        txn.commit().await?;
        Ok(imported)
    }

    /// One referral of a patient, with its referrer's name: one statement.
    pub async fn patient_referral(&self, patient_id: i64, id: i64) -> Result<Option<ReferralView>, DbErr> {
        let mut select = patient_referral::Entity::find()
            .filter(patient_referral::Column::PatientId.eq(patient_id))
            .filter(patient_referral::Column::Id.eq(id));
        let query = QueryTrait::query(&mut select);
        join_by_id(query, referrer::Entity, "r", (patient_referral::Entity, patient_referral::Column::ReferrerId));
        for column in ["first_name", "last_name", "company", "specialty"] {
            named_column(query, "r", column, column);
        }
        select.into_model::<ReferralView>().one(&self.db).await
    }

    /// Adds a referral of a patient (version 1) with its audit row; answers it.
    pub async fn add_patient_referral(
        &self,
        patient_id: i64,
        referral: &CheckedReferral,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<ReferralView, DbErr> {
        let txn = self.begin_write().await?;
        let model = patient_referral::ActiveModel {
            patient_id: Set(patient_id),
            referrer_id: Set(referral.referrer_id),
            referral_date: Set(referral.date),
            direction: Set(referral.direction.clone()),
            status: Set(referral.status.clone()),
            reason: Set(referral.reason.clone()),
            created_at: Set(now),
            version: Set(1),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let audit = AuditEntry { entity: Some("referral"), entity_id: Some(model.id.to_string()), ..audit };
        crate::audit::insert(&self.keys, &txn, now, audit).await?;
        txn.commit().await?;
        self.patient_referral(patient_id, model.id).await?.ok_or_else(|| DbErr::RecordNotFound("referral".into()))
    }

    /// Changes a referral's status (and its reason, when given) made on its `version`.
    pub async fn change_patient_referral(
        &self,
        change: &ReferralUpdate,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<Changed<ReferralView>, DbErr> {
        let ReferralUpdate { patient_id, id, version, ref status, ref reason } = *change;
        let txn = self.begin_write().await?;
        let mine = patient_referral::Entity::find_by_id(id)
            .filter(patient_referral::Column::PatientId.eq(patient_id))
            .count(&txn)
            .await?
            == 1;
        if !mine {
            return Ok(Changed::Missing);
        }
        if !versions::claim(&txn, Versioned::PatientReferrals, id, version).await? {
            drop(txn);
            return Ok(match self.patient_referral(patient_id, id).await? {
                Some(current) => Changed::Stale(current),
                None => Changed::Missing,
            });
        }
        let mut update = patient_referral::Entity::update_many()
            .col_expr(patient_referral::Column::Status, status.as_str().into())
            .filter(patient_referral::Column::Id.eq(id));
        if let Some(reason) = reason {
            update = update.col_expr(patient_referral::Column::Reason, reason.as_str().into());
        }
        update.exec(&txn).await?;
        let audit = AuditEntry { entity: Some("referral"), entity_id: Some(id.to_string()), ..audit };
        crate::audit::insert(&self.keys, &txn, now, audit).await?;
        txn.commit().await?;
        match self.patient_referral(patient_id, id).await? {
            Some(view) => Ok(Changed::Saved(view)),
            None => Ok(Changed::Missing),
        }
    }
}
