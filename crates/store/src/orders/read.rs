//! Orders as the API shows them: each row joined once, in the database, with the names
//! beside its ids (patient, provider, assignee, office, type, status, incident). A page
//! of the work list is one statement plus its capped count, whatever its size; one
//! order with its notes and history is three.

use sea_orm::sea_query::{Alias, Expr, ExprTrait, IntoIden, JoinType, Order, Query, SelectStatement};
use sea_orm::{ColumnTrait, Condition, EntityTrait, FromQueryResult, QueryFilter, QueryOrder, QueryTrait, Select};

use super::{COUNT_CAP, OrderFilter, condition, word_matches};
use crate::entities::{
    incident, office, order, order_note, order_status, order_status_update, order_type, patient, user,
};
use crate::{DbErr, Store};

/// A user's name beside their id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PersonName {
    pub user_id: i64,
    pub first_name: String,
    pub last_name: String,
    pub unique_id: String,
}

/// An order with the names the API shows beside its ids.
#[derive(Clone, Debug, FromQueryResult)]
pub struct OrderView {
    #[sea_orm(nested)]
    pub order: order::Model,
    pub patient_first_name: Option<String>,
    pub patient_last_name: Option<String>,
    pub provider_first_name: Option<String>,
    pub provider_last_name: Option<String>,
    pub assignee_first_name: Option<String>,
    pub assignee_last_name: Option<String>,
    pub office_name: Option<String>,
    pub type_name: Option<String>,
    pub status_name: Option<String>,
    pub incident_name: Option<String>,
}

/// A note with its author and the assignee when it was written.
#[derive(Clone, Debug, FromQueryResult)]
pub struct NoteView {
    #[sea_orm(nested)]
    pub note: order_note::Model,
    pub author_first_name: Option<String>,
    pub author_last_name: Option<String>,
    pub author_unique_id: Option<String>,
    pub assignee_first_name: Option<String>,
    pub assignee_last_name: Option<String>,
    pub assignee_unique_id: Option<String>,
}

impl NoteView {
    pub fn author(&self) -> Option<PersonName> {
        person(Some(self.note.author_user_id), &self.author_first_name, &self.author_last_name, &self.author_unique_id)
    }

    pub fn assignee(&self) -> Option<PersonName> {
        person(
            self.note.assigned_to_user_id,
            &self.assignee_first_name,
            &self.assignee_last_name,
            &self.assignee_unique_id,
        )
    }
}

/// A status change with its status's name and who made it.
#[derive(Clone, Debug, FromQueryResult)]
pub struct StatusUpdateView {
    #[sea_orm(nested)]
    pub update: order_status_update::Model,
    pub status_name: Option<String>,
    pub user_first_name: Option<String>,
    pub user_last_name: Option<String>,
    pub user_unique_id: Option<String>,
}

impl StatusUpdateView {
    pub fn user(&self) -> Option<PersonName> {
        person(Some(self.update.user_id), &self.user_first_name, &self.user_last_name, &self.user_unique_id)
    }
}

fn person(
    id: Option<i64>,
    first: &Option<String>,
    last: &Option<String>,
    unique_id: &Option<String>,
) -> Option<PersonName> {
    match (id, first, last) {
        (Some(user_id), Some(first), Some(last)) => Some(PersonName {
            user_id,
            first_name: first.clone(),
            last_name: last.clone(),
            unique_id: unique_id.clone().unwrap_or_default(),
        }),
        _ => None,
    }
}

/// One page of the work list with its names, and the capped count of the filter.
#[derive(Clone, Debug)]
pub struct OrderViewPage {
    pub orders: Vec<OrderView>,
    /// Orders matching the filter, exact up to [`COUNT_CAP`]; `COUNT_CAP + 1` means more.
    pub total: u64,
}

/// One order with its notes and status history, oldest first, named.
#[derive(Clone, Debug)]
pub struct OrderDetail {
    pub view: OrderView,
    pub notes: Vec<NoteView>,
    pub status_updates: Vec<StatusUpdateView>,
}

/// `LEFT JOIN table AS alias ON alias.id = from_table.from_column`.
pub(crate) fn join_by_id(
    query: &mut SelectStatement,
    table: impl IntoIden,
    alias: &str,
    from: (impl IntoIden, impl IntoIden),
) {
    query.join_as(
        JoinType::LeftJoin,
        table,
        Alias::new(alias),
        Expr::col((Alias::new(alias), Alias::new("id"))).equals(from),
    );
}

/// `alias.column AS name` in the answer.
pub(crate) fn named_column(query: &mut SelectStatement, alias: &str, column: &str, name: &str) {
    query.expr_as(Expr::col((Alias::new(alias), Alias::new(column))), Alias::new(name));
}

/// Orders with their names joined on.
pub(crate) fn with_names(mut select: Select<order::Entity>) -> Select<order::Entity> {
    use order::Column as C;
    let query = QueryTrait::query(&mut select);
    join_by_id(query, patient::Entity, "p", (order::Entity, C::PatientId));
    join_by_id(query, user::Entity, "provider", (order::Entity, C::ProviderId));
    join_by_id(query, user::Entity, "assignee", (order::Entity, C::AssignedToUserId));
    join_by_id(query, office::Entity, "o", (order::Entity, C::OfficeId));
    join_by_id(query, order_type::Entity, "t", (order::Entity, C::TypeId));
    join_by_id(query, order_status::Entity, "s", (order::Entity, C::StatusId));
    join_by_id(query, incident::Entity, "i", (order::Entity, C::IncidentId));
    for (alias, column, name) in [
        ("p", "first_name", "patient_first_name"),
        ("p", "last_name", "patient_last_name"),
        ("provider", "first_name", "provider_first_name"),
        ("provider", "last_name", "provider_last_name"),
        ("assignee", "first_name", "assignee_first_name"),
        ("assignee", "last_name", "assignee_last_name"),
        ("o", "name", "office_name"),
        ("t", "name", "type_name"),
        ("s", "name", "status_name"),
        ("i", "name", "incident_name"),
    ] {
        named_column(query, alias, column, name);
    }
    select
}

impl Store {
    /// One page of the work list, newest first, with its names: two statements (the
    /// page and its capped count), whatever the page size.
    pub async fn order_page(&self, filter: &OrderFilter, limit: u64, offset: u64) -> Result<OrderViewPage, DbErr> {
        // The page's ids are chosen by the filter alone, in the same statement, and only
        // those rows are joined: the names never weigh on how the page is found.
        let keyword = word_matches(&self.db, &filter.keyword).await?;
        let page_ids = Query::select()
            .column(order::Column::Id)
            .from(order::Entity)
            .cond_where(condition(filter, &keyword, self.backend()))
            .order_by(order::Column::Id, Order::Desc)
            .limit(limit)
            .offset(offset)
            .to_owned();
        let mut select = order::Entity::find();
        // Joined as a derived table, not `id IN (...)`: PostgreSQL then reads the page
        // first and the 25 rows by key, instead of checking every order against it.
        QueryTrait::query(&mut select).join_subquery(
            JoinType::InnerJoin,
            page_ids,
            Alias::new("page"),
            Expr::col((Alias::new("page"), Alias::new("id"))).equals((order::Entity, order::Column::Id)),
        );
        let orders =
            with_names(select).order_by_desc(order::Column::Id).into_model::<OrderView>().all(&self.db).await?;
        let total = self.count_matching(condition(filter, &keyword, self.backend())).await?;
        Ok(OrderViewPage { orders, total })
    }

    /// Orders matching `condition`, counted up to [`COUNT_CAP`] (`COUNT_CAP + 1` means more).
    async fn count_matching(&self, condition: Condition) -> Result<u64, DbErr> {
        use sea_orm::ConnectionTrait;
        let capped = Query::select()
            .expr(Expr::val(1))
            .from(order::Entity)
            .cond_where(condition)
            .limit(COUNT_CAP + 1)
            .to_owned();
        let count = Query::select()
            .expr_as(Expr::cust("COUNT(*)"), Alias::new("n"))
            .from_subquery(capped, Alias::new("page"))
            .to_owned();
        let row = self.db.query_one(&count).await?;
        Ok(match row {
            Some(row) => u64::try_from(row.try_get_by_index::<i64>(0)?).unwrap_or(0),
            None => 0,
        })
    }

    /// One order with its names, notes and status history: three statements.
    pub async fn order_detail(&self, order_id: i64) -> Result<Option<OrderDetail>, DbErr> {
        let Some(view) =
            with_names(order::Entity::find_by_id(order_id)).into_model::<OrderView>().one(&self.db).await?
        else {
            return Ok(None);
        };

        let mut notes = order_note::Entity::find().filter(order_note::Column::OrderId.eq(order_id));
        let query = QueryTrait::query(&mut notes);
        join_by_id(query, user::Entity, "author", (order_note::Entity, order_note::Column::AuthorUserId));
        join_by_id(query, user::Entity, "assignee", (order_note::Entity, order_note::Column::AssignedToUserId));
        for (alias, column, name) in [
            ("author", "first_name", "author_first_name"),
            ("author", "last_name", "author_last_name"),
            ("author", "unique_id", "author_unique_id"),
            ("assignee", "first_name", "assignee_first_name"),
            ("assignee", "last_name", "assignee_last_name"),
            ("assignee", "unique_id", "assignee_unique_id"),
        ] {
            named_column(query, alias, column, name);
        }
        let notes = notes.order_by_asc(order_note::Column::Id).into_model::<NoteView>().all(&self.db).await?;

        let mut updates = order_status_update::Entity::find().filter(order_status_update::Column::OrderId.eq(order_id));
        let query = QueryTrait::query(&mut updates);
        join_by_id(
            query,
            order_status::Entity,
            "s",
            (order_status_update::Entity, order_status_update::Column::StatusId),
        );
        join_by_id(query, user::Entity, "u", (order_status_update::Entity, order_status_update::Column::UserId));
        for (alias, column, name) in [
            ("s", "name", "status_name"),
            ("u", "first_name", "user_first_name"),
            ("u", "last_name", "user_last_name"),
            ("u", "unique_id", "user_unique_id"),
        ] {
            named_column(query, alias, column, name);
        }
        let status_updates = updates
            .order_by_asc(order_status_update::Column::Id)
            .into_model::<StatusUpdateView>()
            .all(&self.db)
            .await?;
        Ok(Some(OrderDetail { view, notes, status_updates }))
    }
}
