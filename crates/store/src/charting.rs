//! Chart writes: adding and changing entries of the sections a user charts from the phone,
//! with every version kept in `chart_revisions` (who, when, what it was), the section's
//! 'reviewed, none found' mark, and the vaccines the practice adds to the built-in list.
//! Each write, its revision and its audit row are one transaction; a change names the
//! version it was made on and is refused when someone saved after it.

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set,
};

use crate::audit::AuditEntry;
use crate::entities::{allergy, chart_entry, chart_file, chart_review, chart_revision, problem, user, vaccine};
use crate::versions::{self, Versioned, WriteOutcome};
use crate::{DbErr, Store};

/// The columns an entry is kept in, by where its section lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryColumns {
    /// A `chart_entries` row: the resource is the row's JSON.
    Chart { section: &'static str, effective: Option<NaiveDate>, status: String },
    Allergy {
        description: String,
        allergy_type: String,
        severity: String,
        reaction: String,
        status: String,
        notes: String,
        onset: Option<NaiveDate>,
        verification_status: String,
    },
    Problem {
        problem_code: String,
        description: String,
        umls_id: String,
        status: String,
        onset: Option<NaiveDate>,
        resolved: Option<NaiveDate>,
    },
}

/// An entry to add or the new state of one to change.
#[derive(Clone, Debug)]
pub struct EntryWrite {
    pub patient_id: i64,
    /// The section's widget key.
    pub section: &'static str,
    /// The entry as `domain::clinical::ClinicalResource` JSON: its revision (and, for a
    /// `chart_entries` row, the row itself).
    pub resource: String,
    pub columns: EntryColumns,
    /// An active allergy, problem or medication: the section is no longer 'none known'.
    pub clears_none_known: bool,
    /// An attachment's file: (media type, bytes), stored with the entry.
    pub file: Option<(String, Vec<u8>)>,
}

/// The stored state a change replaces, for entries recorded before history was kept:
/// it becomes their first revision.
#[derive(Clone, Debug)]
pub struct PreviousVersion {
    pub version: i32,
    pub resource: String,
    pub recorded_at: DateTime<Utc>,
    pub recorded_by: Option<i64>,
}

/// A section reviewed with the patient on a day, by a user.
#[derive(Clone, Debug)]
pub struct SectionReview {
    pub patient_id: i64,
    pub section: &'static str,
    /// Reviewed and none found.
    pub none_known: bool,
    pub reviewed_on: NaiveDate,
    pub reviewed_by: i64,
}

/// A revision with the name of who saved it.
#[derive(Clone, Debug)]
pub struct RevisionView {
    pub revision: chart_revision::Model,
    /// "First Last", or '' when not recorded.
    pub recorded_by_name: String,
}

fn versioned(columns: &EntryColumns) -> Versioned {
    match columns {
        EntryColumns::Chart { .. } => Versioned::ChartEntries,
        EntryColumns::Allergy { .. } => Versioned::Allergies,
        EntryColumns::Problem { .. } => Versioned::Problems,
    }
}

async fn add_revision(
    txn: &DatabaseTransaction,
    write: &EntryWrite,
    entry_id: i64,
    version: i32,
    resource: &str,
    at: DateTime<Utc>,
    by: Option<i64>,
) -> Result<(), DbErr> {
    chart_revision::ActiveModel {
        patient_id: Set(write.patient_id),
        section: Set(write.section.to_owned()),
        entry_id: Set(entry_id),
        version: Set(version),
        resource: Set(resource.to_owned()),
        recorded_at: Set(at),
        recorded_by: Set(by),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}

/// Takes back a 'none known' mark when an entry says otherwise.
async fn clear_none_known(txn: &DatabaseTransaction, patient_id: i64, section: &str) -> Result<(), DbErr> {
    chart_review::Entity::update_many()
        .col_expr(chart_review::Column::NoneKnown, false.into())
        .filter(chart_review::Column::PatientId.eq(patient_id))
        .filter(chart_review::Column::Section.eq(section))
        .exec(txn)
        .await?;
    Ok(())
}

/// The entry's row is the patient's and in the section the path names.
async fn belongs(txn: &DatabaseTransaction, write: &EntryWrite, entry_id: i64) -> Result<bool, DbErr> {
    let count = match &write.columns {
        EntryColumns::Chart { section, .. } => {
            chart_entry::Entity::find_by_id(entry_id)
                .filter(chart_entry::Column::PatientId.eq(write.patient_id))
                .filter(chart_entry::Column::Section.eq(*section))
                .count(txn)
                .await?
        }
        EntryColumns::Allergy { .. } => {
            allergy::Entity::find_by_id(entry_id)
                .filter(allergy::Column::PatientId.eq(write.patient_id))
                .count(txn)
                .await?
        }
        EntryColumns::Problem { .. } => {
            problem::Entity::find_by_id(entry_id)
                .filter(problem::Column::PatientId.eq(write.patient_id))
                .count(txn)
                .await?
        }
    };
    Ok(count == 1)
}

impl Store {
    /// Adds an entry (version 1) with its first revision and audit row; answers its id.
    pub async fn add_chart_entry(
        &self,
        write: &EntryWrite,
        user_id: i64,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<i64, DbErr> {
        let txn = self.begin_write().await?;
        let id = match write.columns.clone() {
            EntryColumns::Chart { section, effective, status } => {
                chart_entry::ActiveModel {
                    patient_id: Set(write.patient_id),
                    section: Set(section.to_owned()),
                    effective: Set(effective),
                    status: Set(status),
                    resource: Set(write.resource.clone()),
                    recorded_at: Set(now),
                    recorded_by: Set(Some(user_id)),
                    version: Set(1),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
                .id
            }
            EntryColumns::Allergy {
                description,
                allergy_type,
                severity,
                reaction,
                status,
                notes,
                onset,
                verification_status,
            } => {
                allergy::ActiveModel {
                    patient_id: Set(write.patient_id),
                    description: Set(description),
                    allergy_type: Set(allergy_type),
                    severity: Set(severity),
                    reaction: Set(reaction),
                    status: Set(status),
                    notes: Set(notes),
                    onset: Set(onset),
                    created_at: Set(now),
                    verification_status: Set(verification_status),
                    version: Set(1),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
                .id
            }
            EntryColumns::Problem { problem_code, description, umls_id, status, onset, resolved } => {
                problem::ActiveModel {
                    patient_id: Set(write.patient_id),
                    problem_code: Set(problem_code),
                    description: Set(description),
                    umls_id: Set(umls_id),
                    status: Set(status),
                    onset: Set(onset),
                    resolved: Set(resolved),
                    created_at: Set(now),
                    version: Set(1),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
                .id
            }
        };
        if let Some((content_type, content)) = &write.file {
            chart_file::ActiveModel {
                entry_id: Set(id),
                content_type: Set(content_type.clone()),
                content: Set(content.clone()),
            }
            .insert(&txn)
            .await?;
        }
        add_revision(&txn, write, id, 1, &write.resource, now, Some(user_id)).await?;
        if write.clears_none_known {
            clear_none_known(&txn, write.patient_id, write.section).await?;
        }
        crate::audit::insert(
            &self.keys,
            &txn,
            now,
            AuditEntry { entity_id: Some(format!("{}/{id}", write.section)), ..audit },
        )
        .await?;
        txn.commit().await?;
        Ok(id)
    }

    /// Changes an entry made on `previous.version`: refused (nothing written) when it is
    /// no longer the stored version. The replaced state stays as a revision.
    pub async fn change_chart_entry(
        &self,
        entry_id: i64,
        write: &EntryWrite,
        previous: &PreviousVersion,
        user_id: i64,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<WriteOutcome, DbErr> {
        let txn = self.begin_write().await?;
        if !belongs(&txn, write, entry_id).await? {
            return Ok(WriteOutcome::Missing);
        }
        if !versions::claim(&txn, versioned(&write.columns), entry_id, previous.version).await? {
            return Ok(WriteOutcome::Stale);
        }
        let kept = chart_revision::Entity::find()
            .filter(chart_revision::Column::Section.eq(write.section))
            .filter(chart_revision::Column::EntryId.eq(entry_id))
            .count(&txn)
            .await?;
        if kept == 0 {
            add_revision(
                &txn,
                write,
                entry_id,
                previous.version,
                &previous.resource,
                previous.recorded_at,
                previous.recorded_by,
            )
            .await?;
        }
        match write.columns.clone() {
            EntryColumns::Chart { effective, status, .. } => {
                chart_entry::Entity::update_many()
                    .col_expr(chart_entry::Column::Effective, effective.into())
                    .col_expr(chart_entry::Column::Status, status.into())
                    .col_expr(chart_entry::Column::Resource, write.resource.clone().into())
                    .filter(chart_entry::Column::Id.eq(entry_id))
                    .exec(&txn)
                    .await?;
            }
            EntryColumns::Allergy {
                description,
                allergy_type,
                severity,
                reaction,
                status,
                notes,
                onset,
                verification_status,
            } => {
                allergy::Entity::update_many()
                    .col_expr(allergy::Column::Description, description.into())
                    .col_expr(allergy::Column::AllergyType, allergy_type.into())
                    .col_expr(allergy::Column::Severity, severity.into())
                    .col_expr(allergy::Column::Reaction, reaction.into())
                    .col_expr(allergy::Column::Status, status.into())
                    .col_expr(allergy::Column::Notes, notes.into())
                    .col_expr(allergy::Column::Onset, onset.into())
                    .col_expr(allergy::Column::VerificationStatus, verification_status.into())
                    .filter(allergy::Column::Id.eq(entry_id))
                    .exec(&txn)
                    .await?;
            }
            EntryColumns::Problem { problem_code, description, umls_id, status, onset, resolved } => {
                problem::Entity::update_many()
                    .col_expr(problem::Column::ProblemCode, problem_code.into())
                    .col_expr(problem::Column::Description, description.into())
                    .col_expr(problem::Column::UmlsId, umls_id.into())
                    .col_expr(problem::Column::Status, status.into())
                    .col_expr(problem::Column::Onset, onset.into())
                    .col_expr(problem::Column::Resolved, resolved.into())
                    .filter(problem::Column::Id.eq(entry_id))
                    .exec(&txn)
                    .await?;
            }
        }
        add_revision(&txn, write, entry_id, previous.version + 1, &write.resource, now, Some(user_id)).await?;
        if write.clears_none_known {
            clear_none_known(&txn, write.patient_id, write.section).await?;
        }
        crate::audit::insert(
            &self.keys,
            &txn,
            now,
            AuditEntry { entity_id: Some(format!("{}/{entry_id}", write.section)), ..audit },
        )
        .await?;
        txn.commit().await?;
        Ok(WriteOutcome::Saved)
    }

    /// Every kept version of an entry, newest first, with who saved each.
    pub async fn chart_revisions(
        &self,
        patient_id: i64,
        section: &str,
        entry_id: i64,
    ) -> Result<Vec<RevisionView>, DbErr> {
        let revisions = chart_revision::Entity::find()
            .filter(chart_revision::Column::PatientId.eq(patient_id))
            .filter(chart_revision::Column::Section.eq(section))
            .filter(chart_revision::Column::EntryId.eq(entry_id))
            .order_by_desc(chart_revision::Column::Version)
            .all(&self.db)
            .await?;
        let mut ids: Vec<i64> = revisions.iter().filter_map(|r| r.recorded_by).collect();
        ids.sort_unstable();
        ids.dedup();
        let users = user::Entity::find().filter(user::Column::Id.is_in(ids)).all(&self.db).await?;
        Ok(revisions
            .into_iter()
            .map(|revision| {
                let recorded_by_name = users
                    .iter()
                    .find(|u| Some(u.id) == revision.recorded_by)
                    .map(|u| format!("{} {}", u.first_name, u.last_name).trim().to_owned())
                    .unwrap_or_default();
                RevisionView { revision, recorded_by_name }
            })
            .collect())
    }

    /// Records that a section was reviewed with the patient today, and whether none was
    /// found; one mark per section, the latest review replacing the one before.
    pub async fn review_chart_section(
        &self,
        review: &SectionReview,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<(), DbErr> {
        let txn = self.begin_write().await?;
        chart_review::Entity::insert(chart_review::ActiveModel {
            patient_id: Set(review.patient_id),
            section: Set(review.section.to_owned()),
            none_known: Set(review.none_known),
            reviewed_on: Set(review.reviewed_on),
            reviewed_by: Set(Some(review.reviewed_by)),
            ..Default::default()
        })
        .on_conflict(
            OnConflict::columns([chart_review::Column::PatientId, chart_review::Column::Section])
                .update_columns([
                    chart_review::Column::NoneKnown,
                    chart_review::Column::ReviewedOn,
                    chart_review::Column::ReviewedBy,
                ])
                .to_owned(),
        )
        .exec(&txn)
        .await?;
        crate::audit::insert(&self.keys, &txn, now, audit).await?;
        txn.commit().await?;
        Ok(())
    }

    /// The vaccines the practice added, by CVX code.
    pub async fn added_vaccines(&self) -> Result<Vec<vaccine::Model>, DbErr> {
        vaccine::Entity::find().order_by_asc(vaccine::Column::Name).all(&self.db).await
    }

    /// Adds a vaccine to the practice's list, or renames one it added. The caller keeps
    /// the built-in list's codes out (`domain::clinical::codes::built_in_vaccine`).
    pub async fn add_vaccine(&self, cvx: &str, name: &str, now: DateTime<Utc>) -> Result<(), DbErr> {
        vaccine::Entity::insert(vaccine::ActiveModel {
            cvx: Set(cvx.to_owned()),
            name: Set(name.to_owned()),
            added_at: Set(now),
        })
        .on_conflict(OnConflict::column(vaccine::Column::Cvx).update_column(vaccine::Column::Name).to_owned())
        .exec(&self.db)
        .await?;
        Ok(())
    }
}
