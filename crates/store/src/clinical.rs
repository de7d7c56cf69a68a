//! The clinical summary's reads: how many entries each chart section holds for a patient
//! (one statement over indexes, never a section's list), and each section's entries,
//! newest first. Sections with a table of their own are read from it; the others from
//! `chart_entries`, whose `resource` column holds the FHIR-shaped entry as JSON.

use chrono::NaiveDate;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query, SelectStatement, UnionType};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder, QueryTrait};

use crate::entities::{chart_entry, chart_file, chart_review, order, patient_referral, referrer};
use crate::orders::{OrderView, join_by_id, named_column, with_names};
use crate::{DbErr, Store};

/// Entries per section key, and the sections reviewed with none found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SectionCounts {
    pub entries: Vec<(String, i64)>,
    /// Keys of the sections marked 'reviewed, none found'.
    pub none_known: Vec<String>,
}

impl SectionCounts {
    pub fn of(&self, key: &str) -> i64 {
        self.entries.iter().filter(|(k, _)| k == key).map(|(_, n)| n).sum()
    }
}

/// A referral with its referrer's name and company.
#[derive(Clone, Debug, FromQueryResult)]
pub struct ReferralView {
    #[sea_orm(nested)]
    pub referral: patient_referral::Model,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub company: Option<String>,
    pub specialty: Option<String>,
}

/// `SELECT 'entries', <key>, COUNT(*) FROM <table> WHERE <column> = <id>`.
fn count_rows(key: &str, table: &str, column: &str, id: i64) -> SelectStatement {
    Query::select()
        .expr_as(Expr::val("entries"), Alias::new("kind"))
        .expr_as(Expr::val(key), Alias::new("section"))
        .expr_as(Expr::cust("COUNT(*)"), Alias::new("n"))
        .from(Alias::new(table))
        .and_where(Expr::col(Alias::new(column)).eq(id))
        .to_owned()
}

impl Store {
    /// Every section's count for one patient in one statement: each part is a count
    /// over the `patient_id` index of its table (or `account_id` for account alerts,
    /// unexpired ones only, as the list shows them).
    pub async fn section_counts(
        &self,
        patient_id: i64,
        account_id: i64,
        today: NaiveDate,
    ) -> Result<SectionCounts, DbErr> {
        let chart = Query::select()
            .expr_as(Expr::val("entries"), Alias::new("kind"))
            .column(chart_entry::Column::Section)
            .expr_as(Expr::cust("COUNT(*)"), Alias::new("n"))
            .from(chart_entry::Entity)
            .and_where(chart_entry::Column::PatientId.eq(patient_id))
            .group_by_col(chart_entry::Column::Section)
            .to_owned();
        let reviews = Query::select()
            .expr_as(Expr::val("review"), Alias::new("kind"))
            .column(chart_review::Column::Section)
            .expr_as(Expr::cust("COUNT(*)"), Alias::new("n"))
            .from(chart_review::Entity)
            .and_where(chart_review::Column::PatientId.eq(patient_id))
            .and_where(chart_review::Column::NoneKnown.eq(true))
            .group_by_col(chart_review::Column::Section)
            .to_owned();
        let mut account_alerts = count_rows("accountAlerts", "account_alerts", "account_id", account_id);
        account_alerts.and_where(
            Expr::col(Alias::new("expiration")).is_null().or(Expr::col(Alias::new("expiration")).gte(today)),
        );
        let mut union = chart;
        for part in [
            reviews,
            account_alerts,
            count_rows("patientAlerts", "patient_alerts", "patient_id", patient_id),
            count_rows("allergies", "allergies", "patient_id", patient_id),
            count_rows("problemList", "problems", "patient_id", patient_id),
            count_rows("vitals", "vitals", "patient_id", patient_id),
            count_rows("orders", "orders", "patient_id", patient_id),
            count_rows("treatmentPlans", "treatment_plans", "patient_id", patient_id),
            count_rows("referrals", "patient_referrals", "patient_id", patient_id),
        ] {
            union.union(UnionType::All, part);
        }
        let rows = self.db.query_all(&union).await?;
        let mut counts = SectionCounts::default();
        for row in rows {
            let kind: String = row.try_get("", "kind")?;
            let section: String = row.try_get("", "section")?;
            let n: i64 = row.try_get("", "n")?;
            if kind == "review" {
                counts.none_known.push(section);
            } else {
                counts.entries.push((section, n));
            }
        }
        Ok(counts)
    }

    /// One section's entries of a patient, newest first (then the latest recorded).
    pub async fn chart_entries(&self, patient_id: i64, section: &str) -> Result<Vec<chart_entry::Model>, DbErr> {
        chart_entry::Entity::find()
            .filter(chart_entry::Column::PatientId.eq(patient_id))
            .filter(chart_entry::Column::Section.eq(section))
            .order_by_desc(chart_entry::Column::Effective)
            .order_by_desc(chart_entry::Column::Id)
            .all(&self.db)
            .await
    }

    /// One entry, only when it is the patient's and in that section.
    pub async fn chart_entry(
        &self,
        patient_id: i64,
        section: &str,
        entry_id: i64,
    ) -> Result<Option<chart_entry::Model>, DbErr> {
        chart_entry::Entity::find_by_id(entry_id)
            .filter(chart_entry::Column::PatientId.eq(patient_id))
            .filter(chart_entry::Column::Section.eq(section))
            .one(&self.db)
            .await
    }

    /// The file of an attachment entry.
    pub async fn chart_file(&self, entry_id: i64) -> Result<Option<chart_file::Model>, DbErr> {
        chart_file::Entity::find_by_id(entry_id).one(&self.db).await
    }

    /// The 'reviewed' mark of one section of a patient, if any.
    pub async fn chart_review(&self, patient_id: i64, section: &str) -> Result<Option<chart_review::Model>, DbErr> {
        chart_review::Entity::find()
            .filter(chart_review::Column::PatientId.eq(patient_id))
            .filter(chart_review::Column::Section.eq(section))
            .one(&self.db)
            .await
    }

    /// A patient's orders, newest first by the day ordered (then the latest entered),
    /// with their names: one statement.
    pub async fn patient_orders(&self, patient_id: i64) -> Result<Vec<OrderView>, DbErr> {
        with_names(order::Entity::find().filter(order::Column::PatientId.eq(patient_id)))
            .order_by_desc(order::Column::Ordered)
            .order_by_desc(order::Column::Id)
            .into_model::<OrderView>()
            .all(&self.db)
            .await
    }

    /// A patient's referrals, newest first, with the referrer's name: one statement.
    pub async fn patient_referrals(&self, patient_id: i64) -> Result<Vec<ReferralView>, DbErr> {
        let mut select = patient_referral::Entity::find().filter(patient_referral::Column::PatientId.eq(patient_id));
        let query = QueryTrait::query(&mut select);
        join_by_id(query, referrer::Entity, "r", (patient_referral::Entity, patient_referral::Column::ReferrerId));
        for column in ["first_name", "last_name", "company", "specialty"] {
            named_column(query, "r", column, column);
        }
        select
            .order_by_desc(patient_referral::Column::ReferralDate)
            .order_by_desc(patient_referral::Column::Id)
            .into_model::<ReferralView>()
            .all(&self.db)
            .await
    }
}
