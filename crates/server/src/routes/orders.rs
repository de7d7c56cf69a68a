//! Orders: the work list, one order, creating and editing, their reference lists, and a
//! patient's incidents (spec part 1: 'Orders list', 'Order detail', 'Order form',
//! section 4 'Order', section 7 'Orders').

use std::collections::HashMap;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, NaiveDate, Utc};
use domain::orders::{OrderDraft, StoredOrder, expand_statuses};
use domain::patient::FieldErrors;
use serde::{Deserialize, Serialize};
use store::audit::{AuditEntry, Outcome};
use store::entities::{order, user};
use store::orders::{OrderFilter, OrderRecord};
use utoipa::{IntoParams, ToSchema};

use super::patients::record_or_404;
use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path, Query};
use crate::state::AppState;

/// Orders on one page unless asked otherwise (spec part 1, section 9).
const DEFAULT_LIMIT: u64 = 25;
const MAX_LIMIT: u64 = 200;
const CHOOSE_FROM_LIST: &str = "Choose from the list";

/// A user named on an order or a note.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Person {
    pub user_id: i64,
    pub first_name: String,
    pub last_name: String,
    pub unique_id: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderNote {
    pub note_id: i64,
    pub created: DateTime<Utc>,
    pub message: String,
    pub author: Option<Person>,
    /// Who the order was assigned to when the note was written.
    pub assigned_to: Option<Person>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusUpdate {
    pub created: DateTime<Utc>,
    pub order_status_id: i64,
    pub status_string: String,
    pub user: Option<Person>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncidentRef {
    pub incident_id: i64,
    pub incident_name: String,
}

/// An order, with the display strings the app shows beside the ids.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub orders_id: i64,
    /// The number staff quote, the order's id zero-padded.
    pub order_number: String,
    pub patient_id: Option<i64>,
    pub patient_first: Option<String>,
    pub patient_last: Option<String>,
    /// "Last, First", or null for a blank order.
    pub patient_name: Option<String>,
    pub provider_id: Option<i64>,
    pub provider_name: Option<String>,
    pub office_id: Option<i64>,
    pub office_string: Option<String>,
    pub incident_id: Option<i64>,
    pub incident: Option<IncidentRef>,
    pub resource_id: Option<i64>,
    pub assigned_to_user_id: i64,
    pub assigned_to_name: String,
    pub type_id: i64,
    pub type_string: String,
    pub order_status_id: i64,
    pub status_string: String,
    pub urgent: bool,
    pub signed: bool,
    /// yyyy-MM-dd.
    pub due: Option<NaiveDate>,
    /// MM/dd/yyyy, as shown.
    pub due_date: Option<String>,
    /// yyyy-MM-dd.
    pub ordered: NaiveDate,
    pub short_description: String,
    pub long_description: String,
    /// Oldest first. Empty in lists.
    pub order_notes: Vec<OrderNote>,
    /// Oldest first. Empty in lists.
    pub status_updates: Vec<StatusUpdate>,
}

/// Names the answers need, loaded once per request.
struct Names {
    users: HashMap<i64, user::Model>,
    patients: HashMap<i64, (String, String)>,
    offices: HashMap<i64, String>,
    types: HashMap<i64, String>,
    statuses: HashMap<i64, String>,
    incidents: HashMap<i64, String>,
}

fn person(users: &HashMap<i64, user::Model>, id: i64) -> Option<Person> {
    users.get(&id).map(|u| Person {
        user_id: u.id,
        first_name: u.first_name.clone(),
        last_name: u.last_name.clone(),
        unique_id: u.unique_id.clone(),
    })
}

fn last_first(last: &str, first: &str) -> String {
    format!("{last}, {first}")
}

impl Names {
    async fn load(state: &AppState, orders: &[&order::Model], extra_user_ids: &[i64]) -> Result<Self, AppError> {
        let store = &state.store;
        let mut user_ids: Vec<i64> = orders
            .iter()
            .flat_map(|o| [o.assigned_to_user_id])
            .chain(orders.iter().filter_map(|o| o.provider_id))
            .collect();
        user_ids.extend_from_slice(extra_user_ids);
        user_ids.sort_unstable();
        user_ids.dedup();
        let patient_ids: Vec<i64> = orders.iter().filter_map(|o| o.patient_id).collect();
        let incident_ids: Vec<i64> = orders.iter().filter_map(|o| o.incident_id).collect();
        let incidents = store.incidents_by_ids(&incident_ids).await?.into_iter().map(|i| (i.id, i.name)).collect();
        Ok(Self {
            users: store.users_by_ids(&user_ids).await?.into_iter().map(|u| (u.id, u)).collect(),
            patients: store
                .patients_by_ids(&patient_ids)
                .await?
                .into_iter()
                .map(|p| (p.id, (p.first_name, p.last_name)))
                .collect(),
            offices: store.offices().await?.into_iter().map(|o| (o.id, o.name)).collect(),
            types: store.order_types().await?.into_iter().map(|t| (t.id, t.name)).collect(),
            statuses: store.order_statuses().await?.into_iter().map(|s| (s.id, s.name)).collect(),
            incidents,
        })
    }

    fn order(&self, o: &order::Model) -> Order {
        let patient = o.patient_id.and_then(|id| self.patients.get(&id));
        let user_name = |id: i64| self.users.get(&id).map(|u| last_first(&u.last_name, &u.first_name));
        Order {
            orders_id: o.id,
            order_number: format!("{:06}", o.id),
            patient_id: o.patient_id,
            patient_first: patient.map(|p| p.0.clone()),
            patient_last: patient.map(|p| p.1.clone()),
            patient_name: patient.map(|p| last_first(&p.1, &p.0)),
            provider_id: o.provider_id,
            provider_name: o.provider_id.and_then(user_name),
            office_id: o.office_id,
            office_string: o.office_id.and_then(|id| self.offices.get(&id).cloned()),
            incident_id: o.incident_id,
            incident: o.incident_id.and_then(|id| {
                self.incidents.get(&id).map(|name| IncidentRef { incident_id: id, incident_name: name.clone() })
            }),
            resource_id: o.resource_id,
            assigned_to_user_id: o.assigned_to_user_id,
            assigned_to_name: user_name(o.assigned_to_user_id).unwrap_or_default(),
            type_id: o.type_id,
            type_string: self.types.get(&o.type_id).cloned().unwrap_or_default(),
            order_status_id: o.status_id,
            status_string: self.statuses.get(&o.status_id).cloned().unwrap_or_default(),
            urgent: o.urgent,
            signed: o.signed,
            due: o.due,
            due_date: o.due.map(|d| d.format("%m/%d/%Y").to_string()),
            ordered: o.ordered,
            short_description: o.short_description.clone(),
            long_description: o.long_description.clone(),
            order_notes: Vec::new(),
            status_updates: Vec::new(),
        }
    }
}

async fn order_answer(state: &AppState, record: &OrderRecord) -> Result<Order, AppError> {
    let note_people: Vec<i64> = record
        .notes
        .iter()
        .flat_map(|n| [Some(n.author_user_id), n.assigned_to_user_id])
        .flatten()
        .chain(record.status_updates.iter().map(|u| u.user_id))
        .collect();
    let names = Names::load(state, &[&record.order], &note_people).await?;
    let mut answer = names.order(&record.order);
    answer.order_notes = record
        .notes
        .iter()
        .map(|n| OrderNote {
            note_id: n.id,
            created: n.created_at,
            message: n.message.clone(),
            author: person(&names.users, n.author_user_id),
            assigned_to: n.assigned_to_user_id.and_then(|id| person(&names.users, id)),
        })
        .collect();
    answer.status_updates = record
        .status_updates
        .iter()
        .map(|u| StatusUpdate {
            created: u.created_at,
            order_status_id: u.status_id,
            status_string: names.statuses.get(&u.status_id).cloned().unwrap_or_default(),
            user: person(&names.users, u.user_id),
        })
        .collect();
    Ok(answer)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrdersQuery {
    /// Orders per page (default 25, at most 200).
    pub limit: Option<u64>,
    /// Orders to skip.
    pub offset: Option<u64>,
    /// The Mine tab: orders assigned to this user id.
    pub user: Option<i64>,
    /// Office ids separated by commas; 0 is "no office". Absent or "all": every office.
    pub offices: Option<String>,
    pub providers: Option<String>,
    /// Status ids; 0 is 'All Open' (1, 7 and 8).
    pub statuses: Option<String>,
    pub types: Option<String>,
    /// 1: signed orders only.
    pub signed: Option<u8>,
    /// 1: unsigned orders only.
    pub unsigned: Option<u8>,
}

fn selection(field: &str, text: &Option<String>) -> Result<Option<Vec<i64>>, AppError> {
    let Some(text) = text.as_deref().map(str::trim).filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("all")) else {
        return Ok(None);
    };
    text.split(',')
        .map(|part| part.trim().parse::<i64>())
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
        .map_err(|_| AppError::invalid_field(field, "Must be \"all\" or ids separated by commas"))
}

/// The work list, newest first, with `x-total-count` (exact up to 10000; 10001 means
/// more) and `pagecount` headers.
#[utoipa::path(get, path = "/orders/", tag = "orders", params(OrdersQuery),
    responses(
        (status = 200, body = Vec<Order>, headers(
            ("x-total-count" = u64, description = "Orders matching, exact up to 10000; 10001 means more"),
            ("pagecount" = u64, description = "Pages of this size"))),
        (status = 400, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn list_orders(
    State(state): State<AppState>,
    current: CurrentSession,
    Query(query): Query<OrdersQuery>,
) -> Result<Response, AppError> {
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(AppError::invalid_field("limit", format!("Must be a whole number from 1 to {MAX_LIMIT}")));
    }
    let signed = match (query.signed, query.unsigned) {
        (Some(1), Some(1)) | (None, None) => None,
        (Some(1), _) => Some(true),
        (_, Some(1)) => Some(false),
        _ => None,
    };
    let filter = OrderFilter {
        assigned_to: query.user,
        offices: selection("offices", &query.offices)?,
        providers: selection("providers", &query.providers)?,
        statuses: selection("statuses", &query.statuses)?.map(|chosen| expand_statuses(&chosen)),
        types: selection("types", &query.types)?,
        signed,
    };
    let page = state.store.list_orders(&filter, limit, query.offset.unwrap_or(0)).await?;
    let orders: Vec<&order::Model> = page.orders.iter().collect();
    let names = Names::load(&state, &orders, &[]).await?;
    let answer: Vec<Order> = page.orders.iter().map(|o| names.order(o)).collect();
    state
        .audit(AuditEntry {
            user_id: Some(current.user_id),
            ip: Some(current.ip),
            entity: Some("orders"),
            entity_id: Some(page.orders.iter().map(|o| o.id.to_string()).collect::<Vec<_>>().join(",")),
            ..AuditEntry::new("order.list", Outcome::Success)
        })
        .await?;
    let mut headers = HeaderMap::new();
    headers.insert("x-total-count", HeaderValue::from(page.total));
    headers.insert("pagecount", HeaderValue::from(page.total.div_ceil(limit)));
    Ok((headers, Json(answer)).into_response())
}

/// The same list at the address without the trailing slash.
#[utoipa::path(get, path = "/orders", tag = "orders", params(OrdersQuery),
    responses((status = 200, body = Vec<Order>), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn list_orders_without_slash(
    state: State<AppState>,
    current: CurrentSession,
    query: Query<OrdersQuery>,
) -> Result<Response, AppError> {
    list_orders(state, current, query).await
}

async fn record_of(state: &AppState, order_id: i64) -> Result<OrderRecord, AppError> {
    state
        .store
        .order_record(order_id)
        .await?
        .ok_or_else(|| AppError::not_found(format!("No order found with ID {order_id}")))
}

/// One order with its notes and status history.
#[utoipa::path(get, path = "/orders/{ordersId}", tag = "orders",
    params(("ordersId" = i64, Path, description = "The order's id")),
    responses((status = 200, body = Order), (status = 404, description = "No such order", body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn get_order(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(order_id): Path<i64>,
) -> Result<Json<Order>, AppError> {
    let record = record_of(&state, order_id).await?;
    state
        .audit(AuditEntry {
            user_id: Some(current.user_id),
            ip: Some(current.ip),
            patient_id: record.order.patient_id,
            entity: Some("order"),
            entity_id: Some(order_id.to_string()),
            ..AuditEntry::new("order.read", Outcome::Success)
        })
        .await?;
    Ok(Json(order_answer(&state, &record).await?))
}

/// An order as its form sends it. On an edit, fields left out keep their values.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct OrderInput {
    /// Absent or 0 for a blank order. Fixed once the order exists.
    pub patient_id: Option<i64>,
    pub type_id: Option<i64>,
    pub short_description: Option<String>,
    pub long_description: Option<String>,
    pub provider_id: Option<i64>,
    pub order_status_id: Option<i64>,
    pub office_id: Option<i64>,
    /// 0 means none.
    pub incident_id: Option<i64>,
    pub assigned_to_user_id: Option<i64>,
    /// yyyy-MM-dd; '' clears it.
    pub due: Option<String>,
    pub urgent: Option<bool>,
    /// A new note to append.
    pub order_note: Option<String>,
}

impl OrderInput {
    fn over(&self, mut base: OrderDraft) -> OrderDraft {
        let set = |target: &mut String, value: &Option<String>| {
            if let Some(value) = value {
                target.clone_from(value);
            }
        };
        set(&mut base.short_description, &self.short_description);
        set(&mut base.long_description, &self.long_description);
        set(&mut base.due, &self.due);
        set(&mut base.order_note, &self.order_note);
        for (target, value) in [
            (&mut base.type_id, self.type_id),
            (&mut base.provider_id, self.provider_id),
            (&mut base.status_id, self.order_status_id),
            (&mut base.office_id, self.office_id),
            (&mut base.incident_id, self.incident_id),
            (&mut base.assigned_to_user_id, self.assigned_to_user_id),
        ] {
            if value.is_some() {
                *target = value;
            }
        }
        if let Some(urgent) = self.urgent {
            base.urgent = urgent;
        }
        base
    }
}

fn draft_of(o: &order::Model) -> OrderDraft {
    OrderDraft {
        type_id: Some(o.type_id),
        short_description: o.short_description.clone(),
        long_description: o.long_description.clone(),
        provider_id: o.provider_id,
        status_id: Some(o.status_id),
        office_id: o.office_id,
        incident_id: o.incident_id,
        assigned_to_user_id: Some(o.assigned_to_user_id),
        due: o.due.map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default(),
        urgent: o.urgent,
        order_note: String::new(),
    }
}

/// Every id an order names must exist; an incident must be the patient's own. Checked
/// even when other fields are wrong, so the form learns every problem at once; a rule's
/// own message on a field comes first.
async fn check_references(
    state: &AppState,
    patient_id: Option<i64>,
    draft: &OrderDraft,
    errors: &mut FieldErrors,
) -> Result<(), AppError> {
    let store = &state.store;
    let chosen = |id: Option<i64>| id.filter(|id| *id > 0);
    let mut refuse = |field: &str| {
        errors.entry(field.to_owned()).or_insert_with(|| CHOOSE_FROM_LIST.into());
    };
    if let Some(type_id) = chosen(draft.type_id)
        && !store.order_types().await?.iter().any(|t| t.id == type_id)
    {
        refuse("typeId");
    }
    if let Some(status) = chosen(draft.status_id)
        && !store.order_statuses().await?.iter().any(|s| s.id == status)
    {
        refuse("orderStatusId");
    }
    if let Some(provider) = chosen(draft.provider_id).filter(|id| *id > 1)
        && !store.list_users(true).await?.iter().any(|u| u.id == provider)
    {
        refuse("providerId");
    }
    if let Some(assignee) = chosen(draft.assigned_to_user_id).filter(|id| *id > 1)
        && !store.list_users(false).await?.iter().any(|u| u.id == assignee)
    {
        refuse("assignedToUserId");
    }
    if let Some(office) = chosen(draft.office_id)
        && !store.offices().await?.iter().any(|o| o.id == office)
    {
        refuse("officeId");
    }
    if let Some(incident) = chosen(draft.incident_id) {
        let belongs = match (store.incident(incident).await?, patient_id) {
            (Some(found), Some(patient)) => found.patient_id == patient,
            _ => false,
        };
        if !belongs {
            refuse("incidentId");
        }
    }
    Ok(())
}

/// Creates an order; the answer holds its `ordersId`.
#[utoipa::path(post, path = "/orders", tag = "orders", request_body = OrderInput,
    responses(
        (status = 201, description = "Created", body = Order),
        (status = 400, description = "Fields at fault, each named", body = ApiError),
        (status = 404, description = "No such patient", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn create_order(
    State(state): State<AppState>,
    current: CurrentSession,
    Json(input): Json<OrderInput>,
) -> Result<Response, AppError> {
    let patient_id = input.patient_id.filter(|id| *id > 0);
    if let Some(patient) = patient_id {
        record_or_404(&state, patient).await?;
    }
    let draft = input.over(OrderDraft::default());
    let checked = draft.check(None);
    let mut errors = checked.as_ref().err().cloned().unwrap_or_default();
    check_references(&state, patient_id, &draft, &mut errors).await?;
    let (Ok(fields), true) = (checked, errors.is_empty()) else {
        return Err(AppError::invalid_fields(errors));
    };
    let audit = AuditEntry {
        user_id: Some(current.user_id),
        ip: Some(current.ip),
        patient_id,
        entity: Some("order"),
        ..AuditEntry::new("order.create", Outcome::Success)
    };
    let order_id = state.store.create_order(patient_id, &fields, current.user_id, state.now(), audit).await?;
    let record = record_of(&state, order_id).await?;
    Ok((StatusCode::CREATED, Json(order_answer(&state, &record).await?)).into_response())
}

/// Saves an edit. A new note is appended to the earlier ones; a status change is added
/// to the history.
#[utoipa::path(patch, path = "/orders/{ordersId}", tag = "orders", request_body = OrderInput,
    params(("ordersId" = i64, Path, description = "The order's id")),
    responses(
        (status = 200, description = "The order as saved", body = Order),
        (status = 400, description = "Fields at fault, each named; nothing was saved", body = ApiError),
        (status = 404, description = "No such order", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn update_order(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(order_id): Path<i64>,
    Json(input): Json<OrderInput>,
) -> Result<Json<Order>, AppError> {
    let record = record_of(&state, order_id).await?;
    let stored = &record.order;
    let draft = input.over(draft_of(stored));
    let checked =
        draft.check(Some(StoredOrder { type_id: stored.type_id, long_description: &stored.long_description }));
    let mut errors = checked.as_ref().err().cloned().unwrap_or_default();
    if input.patient_id.is_some_and(|id| Some(id).filter(|id| *id > 0) != stored.patient_id) {
        errors.insert("patientId".into(), "The patient of an order cannot be changed".into());
    }
    check_references(&state, stored.patient_id, &draft, &mut errors).await?;
    let (Ok(fields), true) = (checked, errors.is_empty()) else {
        return Err(AppError::invalid_fields(errors));
    };
    let audit = AuditEntry {
        user_id: Some(current.user_id),
        ip: Some(current.ip),
        patient_id: stored.patient_id,
        entity: Some("order"),
        entity_id: Some(order_id.to_string()),
        ..AuditEntry::new("order.update", Outcome::Success)
    };
    state.store.update_order(order_id, &fields, current.user_id, state.now(), audit).await?;
    let record = record_of(&state, order_id).await?;
    Ok(Json(order_answer(&state, &record).await?))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderType {
    pub type_id: i64,
    pub r#type: String,
    /// Whether a user may choose it for a new order (1-4, 100-102, above 110).
    pub selectable: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderStatus {
    pub order_status_id: i64,
    pub order_status: String,
    /// Counted as open (1, 7, 8).
    pub open: bool,
}

#[utoipa::path(get, path = "/orderTypes", tag = "orders", responses((status = 200, body = Vec<OrderType>), (status = 401, body = ApiError)))]
pub async fn order_types(State(state): State<AppState>) -> Result<Json<Vec<OrderType>>, AppError> {
    Ok(Json(
        state
            .store
            .order_types()
            .await?
            .into_iter()
            .map(|t| OrderType { type_id: t.id, selectable: domain::orders::is_selectable_type(t.id), r#type: t.name })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/orderStatuses", tag = "orders", responses((status = 200, body = Vec<OrderStatus>), (status = 401, body = ApiError)))]
pub async fn order_statuses(State(state): State<AppState>) -> Result<Json<Vec<OrderStatus>>, AppError> {
    Ok(Json(
        state
            .store
            .order_statuses()
            .await?
            .into_iter()
            .map(|s| OrderStatus {
                order_status_id: s.id,
                open: domain::orders::OPEN_STATUSES.contains(&s.id),
                order_status: s.name,
            })
            .collect(),
    ))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrentIncident {
    /// Null when the patient has no current incident.
    pub incident_id: Option<i64>,
}

/// The patient's incidents, newest first.
#[utoipa::path(get, path = "/patients/{patientId}/incidents", tag = "orders",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Vec<IncidentRef>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn incidents(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(patient_id): Path<i64>,
) -> Result<Json<Vec<IncidentRef>>, AppError> {
    record_or_404(&state, patient_id).await?;
    let rows = state.store.incidents(patient_id).await?;
    super::patients::audit_read(&state, &current, "patient.incidents.read", patient_id).await?;
    Ok(Json(rows.into_iter().map(|i| IncidentRef { incident_id: i.id, incident_name: i.name }).collect()))
}

/// The incident new orders for the patient default to.
#[utoipa::path(get, path = "/patients/{patientId}/incidents/current", tag = "orders",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = CurrentIncident), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn current_incident(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(patient_id): Path<i64>,
) -> Result<Json<CurrentIncident>, AppError> {
    record_or_404(&state, patient_id).await?;
    let found = state.store.current_incident(patient_id).await?;
    super::patients::audit_read(&state, &current, "patient.incidents.read", patient_id).await?;
    Ok(Json(CurrentIncident { incident_id: found.map(|i| i.id) }))
}
