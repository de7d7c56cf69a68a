//! Referrers (spec part 2: Referrers): the search the Referrers page and the referral
//! form send as the user types (`GET /referrers/?search=`), a referrer's detail, and
//! adding or changing one. A referrer is not patient data: reads are not audited,
//! changes are (`referrer.create`, `referrer.update`). A patient's referrals are in
//! `patient`.

pub mod model;
pub mod patient;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::referrers::{self, ReferrerInput};
use serde::Deserialize;
use store::referrers::Changed;
use utoipa::IntoParams;

use self::model::{Referrer, ReferrerSummary};
use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path, Query};
use crate::kit::{AuditEntries, expected_version, stale_change};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReferrerQuery {
    /// Words in any order, each the beginning of a word of the referrer's name, company,
    /// specialty or NPI ('desai anita', 'Desai, A', 'ortho', '12345'); a word that
    /// begins nothing is read as a near miss. Empty: the first referrers by name.
    #[param(max_length = 100)]
    pub search: Option<String>,
}

/// The referrer a path names.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
#[serde(rename_all = "camelCase")]
pub struct ReferrerPath {
    /// The referrer's id (the spec calls it `referralId`).
    pub referral_id: i64,
}

/// Up to 50 referrers, the best matches first.
#[utoipa::path(get, path = "/referrers/", tag = "referrers", params(ReferrerQuery),
    responses(
        (status = 200, body = Vec<ReferrerSummary>),
        (status = 400, description = "`search` too long, too many words or hidden characters", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn search_referrers(
    State(state): State<AppState>,
    _current: CurrentSession,
    Query(query): Query<ReferrerQuery>,
) -> Result<Json<Vec<ReferrerSummary>>, AppError> {
    let words = referrers::parse_search(query.search.as_deref().unwrap_or_default())
        .map_err(|problem| AppError::invalid_field("search", problem))?;
    let found = state.store.search_referrers(&words).await?;
    Ok(Json(found.iter().map(ReferrerSummary::from).collect()))
}

/// The same search at the address without the trailing slash.
#[utoipa::path(get, path = "/referrers", tag = "referrers", params(ReferrerQuery),
    responses((status = 200, body = Vec<ReferrerSummary>), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn search_referrers_without_slash(
    state: State<AppState>,
    current: CurrentSession,
    query: Query<ReferrerQuery>,
) -> Result<Json<Vec<ReferrerSummary>>, AppError> {
    search_referrers(state, current, query).await
}

fn not_found() -> AppError {
    AppError::not_found(referrers::NOT_FOUND)
}

/// A referrer with every field (spec part 2: Referrer).
#[utoipa::path(get, path = "/referrers/{referralId}", tag = "referrers", params(ReferrerPath),
    responses(
        (status = 200, body = Referrer),
        (status = 404, description = "'Referral not found'", body = ApiError),
        (status = 400, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn get_referrer(
    State(state): State<AppState>,
    _current: CurrentSession,
    Path(path): Path<ReferrerPath>,
) -> Result<Json<Referrer>, AppError> {
    let found = state.store.referrer(path.referral_id).await?.ok_or_else(not_found)?;
    Ok(Json(Referrer::from(&found)))
}

/// Adds a referrer (a person needs a first and last name, an organisation its name; an
/// NPI must carry its check digit).
#[utoipa::path(post, path = "/referrers", tag = "referrers", request_body = ReferrerInput,
    responses(
        (status = 201, description = "Added", body = Referrer),
        (status = 400, description = "The fields at fault", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn create_referrer(
    State(state): State<AppState>,
    current: CurrentSession,
    Json(input): Json<ReferrerInput>,
) -> Result<Response, AppError> {
    let checked = input.check().map_err(AppError::invalid_fields)?;
    let added = state.store.add_referrer(&checked, state.now(), current.audit("referrer.create")).await?;
    Ok((StatusCode::CREATED, Json(Referrer::from(&added))).into_response())
}

/// Changes a referrer made on `version` (the body's or `If-Match`); 409 with the
/// referrer as it is now when someone saved it since.
#[utoipa::path(patch, path = "/referrers/{referralId}", tag = "referrers", params(ReferrerPath),
    request_body = ReferrerInput,
    responses(
        (status = 200, description = "Changed", body = Referrer),
        (status = 400, description = "The fields at fault", body = ApiError),
        (status = 404, description = "'Referral not found'", body = ApiError),
        (status = 409, description = "'edit_conflict': `current` is the referrer now", body = ApiError),
        (status = 428, description = "No version named", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn update_referrer(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(path): Path<ReferrerPath>,
    headers: HeaderMap,
    Json(input): Json<ReferrerInput>,
) -> Result<Json<Referrer>, AppError> {
    let version = expected_version(&headers, input.version)?;
    let checked = input.check().map_err(AppError::invalid_fields)?;
    let audit = current.audit("referrer.update").entity("referrer", Some(path.referral_id.to_string()));
    match state.store.change_referrer(path.referral_id, version, &checked, state.now(), audit.clone()).await? {
        Changed::Saved(saved) => Ok(Json(Referrer::from(&saved))),
        Changed::Stale(stored) => Err(stale_change(&state, audit, Referrer::from(&stored)).await),
        Changed::Missing => Err(not_found()),
    }
}
