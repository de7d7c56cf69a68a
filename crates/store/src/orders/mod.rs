//! Orders: the work list with its filters, one order with its notes and status history,
//! creating and editing (notes only ever appended), and a patient's incidents.

use chrono::{DateTime, Utc};
use domain::orders::{OPEN_STATUSES, OrderFields};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Func, IntoTableRef, LikeExpr, Query, TableRef};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
};

use crate::audit::AuditEntry;
use crate::versions::{self, Versioned, WriteOutcome};
mod read;

pub use read::{NoteView, OrderDetail, OrderView, OrderViewPage, PersonName, StatusUpdateView};
pub(crate) use read::{join_by_id, named_column, with_names};

use crate::entities::{
    incident, office, order, order_note, order_status, order_status_update, order_type, patient, user,
};
use crate::{DbErr, Store};

/// Counts stop here: the Mine and All badges show at most 10000 (spec part 1, section 9),
/// and counting every one of a million rows for a badge would cost more than the page.
pub const COUNT_CAP: u64 = 10_000;

/// "all" or a list of ids; for offices, 0 stands for "no office".
pub type Selection = Option<Vec<i64>>;

/// The work list's filters (spec part 1, 'Order filters'); None means all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderFilter {
    /// The Mine tab: orders assigned to this user.
    pub assigned_to: Option<i64>,
    pub offices: Selection,
    pub providers: Selection,
    /// Already expanded: 'All Open' has become 1, 7 and 8.
    pub statuses: Selection,
    pub types: Selection,
    pub signed: Option<bool>,
    /// Lower-cased words that must each appear in a text the order's row shows.
    pub keyword: Vec<String>,
}

fn condition(filter: &OrderFilter) -> Condition {
    use order::Column as C;
    let mut all = Condition::all();
    if let Some(user) = filter.assigned_to {
        all = all.add(C::AssignedToUserId.eq(user));
    }
    if let Some(statuses) = &filter.statuses {
        // Written out for the open statuses, so the partial indexes are used.
        all = if statuses[..] == OPEN_STATUSES[..] {
            all.add(Expr::cust("status_id IN (1, 7, 8)"))
        } else {
            all.add(C::StatusId.is_in(statuses.iter().copied()))
        };
    }
    if let Some(offices) = &filter.offices {
        let chosen: Vec<i64> = offices.iter().copied().filter(|id| *id > 0).collect();
        let mut any = Condition::any().add(C::OfficeId.is_in(chosen));
        if offices.contains(&0) {
            any = any.add(C::OfficeId.is_null());
        }
        all = all.add(any);
    }
    if let Some(providers) = &filter.providers {
        all = all.add(C::ProviderId.is_in(providers.iter().copied()));
    }
    if let Some(types) = &filter.types {
        all = all.add(C::TypeId.is_in(types.iter().copied()));
    }
    if let Some(signed) = filter.signed {
        all = all.add(C::Signed.eq(signed));
    }
    for word in &filter.keyword {
        all = all.add(keyword_word(word));
    }
    all
}

/// One keyword word: in the descriptions, the order number, or the name of the order's
/// patient, type, status, assignee, provider or office (the texts its row shows). The
/// names are looked up by subquery, so the list's page query joins nothing more.
fn keyword_word(word: &str) -> Condition {
    use order::Column as C;
    let pattern = format!("%{}%", word.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
    let like = |column: Expr| Expr::expr(Func::lower(column)).like(LikeExpr::new(pattern.clone()).escape('\\'));
    let ids_where = |table: TableRef, columns: &[&str]| {
        let mut any = Condition::any();
        for column in columns {
            any = any.add(like(Expr::col(Alias::new(*column))));
        }
        Query::select().column(Alias::new("id")).from(table).cond_where(any).to_owned()
    };
    let people = || ids_where(user::Entity.into_table_ref(), &["first_name", "last_name"]);
    let mut any = Condition::any()
        .add(like(Expr::col((order::Entity, C::ShortDescription))))
        .add(like(Expr::col((order::Entity, C::LongDescription))))
        .add(C::PatientId.in_subquery(ids_where(patient::Entity.into_table_ref(), &["first_name", "last_name"])))
        .add(C::TypeId.in_subquery(ids_where(order_type::Entity.into_table_ref(), &["name"])))
        .add(C::StatusId.in_subquery(ids_where(order_status::Entity.into_table_ref(), &["name"])))
        .add(C::AssignedToUserId.in_subquery(people()))
        .add(C::ProviderId.in_subquery(people()))
        .add(C::OfficeId.in_subquery(ids_where(office::Entity.into_table_ref(), &["name"])));
    // The order number is the id shown with leading zeros ("000123").
    if let Ok(number) = word.parse::<i64>() {
        any = any.add(C::Id.eq(number));
    }
    any
}

impl Store {
    pub async fn order_types(&self) -> Result<Vec<order_type::Model>, DbErr> {
        order_type::Entity::find().order_by_asc(order_type::Column::Id).all(&self.db).await
    }

    pub async fn order_statuses(&self) -> Result<Vec<order_status::Model>, DbErr> {
        order_status::Entity::find().order_by_asc(order_status::Column::Id).all(&self.db).await
    }

    /// Creates an order with its first status update and note. Returns its id.
    pub async fn create_order(
        &self,
        patient_id: Option<i64>,
        fields: &OrderFields,
        user_id: i64,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<i64, DbErr> {
        let txn = self.begin_write().await?;
        let created = order::ActiveModel {
            patient_id: Set(patient_id),
            provider_id: Set(fields.provider_id.map(i64::from)),
            office_id: Set(fields.office_id.map(i64::from)),
            incident_id: Set(fields.incident_id.map(i64::from)),
            resource_id: Set(None),
            assigned_to_user_id: Set(i64::from(fields.assigned_to_user_id)),
            type_id: Set(fields.type_id),
            status_id: Set(fields.status_id),
            urgent: Set(fields.urgent),
            due: Set(fields.due),
            ordered: Set(now.date_naive()),
            short_description: Set(fields.short_description.clone()),
            long_description: Set(fields.long_description.clone()),
            signed: Set(false),
            created_by: Set(user_id),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        record_status(&txn, created.id, fields.status_id, user_id, now).await?;
        if !fields.order_note.is_empty() {
            append_note(
                &txn,
                created.id,
                &fields.order_note,
                user_id,
                Some(i64::from(fields.assigned_to_user_id)),
                now,
            )
            .await?;
        }
        crate::audit::insert(&self.keys, &txn, now, AuditEntry { entity_id: Some(created.id.to_string()), ..audit })
            .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Saves an edit made on `version`: the fields replaced, a status change added to the
    /// history, a new note appended (never replacing earlier ones).
    pub async fn update_order(
        &self,
        order_id: i64,
        version: i32,
        fields: &OrderFields,
        user_id: i64,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<WriteOutcome, DbErr> {
        let txn = self.begin_write().await?;
        let Some(stored) = order::Entity::find_by_id(order_id).one(&txn).await? else {
            return Ok(WriteOutcome::Missing);
        };
        if !versions::claim(&txn, Versioned::Orders, order_id, version).await? {
            return Ok(WriteOutcome::Stale);
        }
        let status_changed = stored.status_id != fields.status_id;
        let mut row: order::ActiveModel = stored.into();
        row.provider_id = Set(fields.provider_id.map(i64::from));
        row.office_id = Set(fields.office_id.map(i64::from));
        row.incident_id = Set(fields.incident_id.map(i64::from));
        row.assigned_to_user_id = Set(i64::from(fields.assigned_to_user_id));
        row.type_id = Set(fields.type_id);
        row.status_id = Set(fields.status_id);
        row.urgent = Set(fields.urgent);
        row.due = Set(fields.due);
        row.short_description = Set(fields.short_description.clone());
        row.long_description = Set(fields.long_description.clone());
        row.updated_at = Set(now);
        row.update(&txn).await?;
        if status_changed {
            record_status(&txn, order_id, fields.status_id, user_id, now).await?;
        }
        if !fields.order_note.is_empty() {
            append_note(&txn, order_id, &fields.order_note, user_id, Some(i64::from(fields.assigned_to_user_id)), now)
                .await?;
        }
        crate::audit::insert(&self.keys, &txn, now, audit).await?;
        txn.commit().await?;
        Ok(WriteOutcome::Saved)
    }

    pub async fn incidents(&self, patient_id: i64) -> Result<Vec<incident::Model>, DbErr> {
        incident::Entity::find()
            .filter(incident::Column::PatientId.eq(patient_id))
            .order_by_desc(incident::Column::CreatedAt)
            .order_by_desc(incident::Column::Id)
            .all(&self.db)
            .await
    }

    pub async fn incidents_by_ids(&self, ids: &[i64]) -> Result<Vec<incident::Model>, DbErr> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        incident::Entity::find().filter(incident::Column::Id.is_in(ids.iter().copied())).all(&self.db).await
    }

    pub async fn incident(&self, incident_id: i64) -> Result<Option<incident::Model>, DbErr> {
        incident::Entity::find_by_id(incident_id).one(&self.db).await
    }

    /// The patient's incident marked current, if any.
    pub async fn current_incident(&self, patient_id: i64) -> Result<Option<incident::Model>, DbErr> {
        incident::Entity::find()
            .filter(incident::Column::PatientId.eq(patient_id))
            .filter(incident::Column::IsCurrent.eq(true))
            .order_by_desc(incident::Column::Id)
            .one(&self.db)
            .await
    }
}

async fn record_status(
    db: &impl ConnectionTrait,
    order_id: i64,
    status_id: i64,
    user_id: i64,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    order_status_update::ActiveModel {
        order_id: Set(order_id),
        created_at: Set(now),
        status_id: Set(status_id),
        user_id: Set(user_id),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

async fn append_note(
    db: &impl ConnectionTrait,
    order_id: i64,
    message: &str,
    author: i64,
    assigned_to: Option<i64>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    order_note::ActiveModel {
        order_id: Set(order_id),
        created_at: Set(now),
        message: Set(message.to_owned()),
        author_user_id: Set(author),
        assigned_to_user_id: Set(assigned_to),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}
