//! Orders: the work list, one order, creating and editing, their reference lists, and a
//! patient's incidents (spec part 1: 'Orders list', 'Order detail', 'Order form',
//! section 4 'Order', section 7 'Orders').

pub mod model;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::ids::{ChosenId, IncidentId, OfficeId, OrderId, UserId};
use domain::input::MAX_OFFSET;
use domain::orders::{OrderDraft, PAGE_DEFAULT, PAGE_MAX, StoredOrder, expand_statuses, keyword_words};
use domain::patient::FieldErrors;
use store::orders::{OrderDetail, OrderFilter};
use store::versions::WriteOutcome;

use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path, Query};
use crate::kit::{AuditEntries, Choices, IdList, List, PatientRead, expected_version, stale_change};
use crate::state::AppState;
use model::{CurrentIncident, IncidentRef, Order, OrderInput, OrderStatus, OrderType, OrdersQuery, draft_of};

crate::read_action!(
    /// A read of a patient's incidents.
    Incidents,
    "patient.incidents.read"
);

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
    let limit = query.limit.unwrap_or(PAGE_DEFAULT);
    if !(1..=PAGE_MAX).contains(&limit) {
        return Err(AppError::invalid_field("limit", format!("Must be a whole number from 1 to {PAGE_MAX}")));
    }
    for (field, flag) in [("signed", query.signed), ("unsigned", query.unsigned)] {
        if flag.is_some_and(|f| f > 1) {
            return Err(AppError::invalid_field(field, "Must be 0 or 1"));
        }
    }
    let signed = match (query.signed, query.unsigned) {
        (Some(1), Some(1)) | (None, None) => None,
        (Some(1), _) => Some(true),
        (_, Some(1)) => Some(false),
        _ => None,
    };
    let filter = OrderFilter {
        assigned_to: query.user,
        offices: IdList::parse("offices", query.offices.as_deref())?.chosen(),
        providers: IdList::parse("providers", query.providers.as_deref())?.chosen(),
        statuses: IdList::parse("statuses", query.statuses.as_deref())?.chosen().map(|chosen| expand_statuses(&chosen)),
        types: IdList::parse("types", query.types.as_deref())?.chosen(),
        signed,
        keyword: keyword_words(query.keyword.as_deref().unwrap_or_default())
            .map_err(|problem| AppError::invalid_field("keyword", problem))?,
    };
    let offset = query.offset.unwrap_or(0);
    if offset > MAX_OFFSET {
        return Err(AppError::invalid_field("offset", format!("Must be a whole number from 0 to {MAX_OFFSET}")));
    }
    let page = state.store.order_page(&filter, limit, offset).await?;
    let answer: Vec<Order> = page.orders.iter().map(Order::from).collect();
    let shown = page.orders.iter().map(|o| o.order.id.to_string()).collect::<Vec<_>>().join(",");
    let patients = page.orders.iter().filter_map(|o| o.order.patient_id);
    state.audit(current.audit("order.list").entity("orders", Some(shown)).patients_shown(patients)).await?;
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

async fn detail_of(state: &AppState, order_id: i64) -> Result<OrderDetail, AppError> {
    state
        .store
        .order_detail(order_id)
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
    Path(OrderId(order_id)): Path<OrderId>,
) -> Result<Json<Order>, AppError> {
    let detail = detail_of(&state, order_id).await?;
    let entry = current.audit("order.read").maybe_patient(detail.view.order.patient_id);
    state.audit(entry.entity("order", Some(order_id.to_string()))).await?;
    Ok(Json(Order::from(&detail)))
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
    let chosen = |id: Option<i64>| id.filter(|id| *id > 0);
    // An incident must be the patient's own: looked up before the checker borrows `errors`.
    let incident_ok = match (IncidentId::chosen(draft.incident_id).map(i64::from), patient_id) {
        (None, _) => true,
        (Some(incident), Some(patient)) => {
            state.store.incident(incident).await?.is_some_and(|i| i.patient_id == patient)
        }
        (Some(_), None) => false,
    };
    let mut choices = Choices::new(state, errors).await?;
    choices.on("typeId", List::OrderType, chosen(draft.type_id)).on(
        "orderStatusId",
        List::OrderStatus,
        chosen(draft.status_id),
    );
    choices.user("providerId", UserId::chosen(draft.provider_id), true).await?;
    choices.user("assignedToUserId", UserId::chosen(draft.assigned_to_user_id), false).await?;
    choices.on("officeId", List::Office, OfficeId::chosen(draft.office_id));
    if !incident_ok {
        choices.refuse_choice("incidentId");
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
    if let Some(patient) = patient_id
        && state.store.patient_record(patient).await?.is_none()
    {
        return Err(AppError::not_found(format!("No patient with ID {patient}")));
    }
    let draft = input.over(OrderDraft::default());
    let checked = draft.check(None);
    let mut errors = checked.as_ref().err().cloned().unwrap_or_default();
    check_references(&state, patient_id, &draft, &mut errors).await?;
    let (Ok(fields), true) = (checked, errors.is_empty()) else {
        return Err(AppError::invalid_fields(errors));
    };
    let audit = current.audit("order.create").maybe_patient(patient_id).entity("order", None);
    let order_id = state.store.create_order(patient_id, &fields, current.user_id, state.now(), audit).await?;
    let detail = detail_of(&state, order_id).await?;
    Ok((StatusCode::CREATED, Json(Order::from(&detail))).into_response())
}

/// Saves an edit. A new note is appended to the earlier ones; a status change is added
/// to the history.
#[utoipa::path(patch, path = "/orders/{ordersId}", tag = "orders", request_body = OrderInput,
    params(("ordersId" = i64, Path, description = "The order's id")),
    responses(
        (status = 200, description = "The order as saved", body = Order),
        (status = 400, description = "Fields at fault, each named; nothing was saved", body = ApiError),
        (status = 404, description = "No such order", body = ApiError),
        (status = 409, description = "Made on an older version than the stored one; nothing was saved. `current` holds the record as it is now", body = ApiError),
        (status = 428, description = "No `version` (or If-Match) sent", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn update_order(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(OrderId(order_id)): Path<OrderId>,
    headers: HeaderMap,
    Json(input): Json<OrderInput>,
) -> Result<Json<Order>, AppError> {
    let version = expected_version(&headers, input.version)?;
    let detail = detail_of(&state, order_id).await?;
    let stored = &detail.view.order;
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
    let audit =
        current.audit("order.update").maybe_patient(stored.patient_id).entity("order", Some(order_id.to_string()));
    let outcome =
        state.store.update_order(order_id, version, &fields, current.user_id, state.now(), audit.clone()).await?;
    let answer = Order::from(&detail_of(&state, order_id).await?);
    match outcome {
        WriteOutcome::Saved => Ok(Json(answer)),
        WriteOutcome::Stale => Err(stale_change(&state, audit, answer).await),
        WriteOutcome::Missing => Err(AppError::not_found(format!("No order found with ID {order_id}"))),
    }
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

/// The patient's incidents, newest first.
#[utoipa::path(get, path = "/patients/{patientId}/incidents", tag = "orders",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Vec<IncidentRef>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn incidents(
    State(state): State<AppState>,
    patient: PatientRead<Incidents>,
) -> Result<Json<Vec<IncidentRef>>, AppError> {
    let rows = state.store.incidents(patient.patient_id.0).await?;
    Ok(Json(rows.into_iter().map(|i| IncidentRef { incident_id: IncidentId(i.id), incident_name: i.name }).collect()))
}

/// The incident new orders for the patient default to.
#[utoipa::path(get, path = "/patients/{patientId}/incidents/current", tag = "orders",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = CurrentIncident), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn current_incident(
    State(state): State<AppState>,
    patient: PatientRead<Incidents>,
) -> Result<Json<CurrentIncident>, AppError> {
    let found = state.store.current_incident(patient.patient_id.0).await?;
    Ok(Json(CurrentIncident { incident_id: found.map(|i| i.id).map(IncidentId) }))
}
