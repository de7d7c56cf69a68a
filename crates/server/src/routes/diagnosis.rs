//! Diagnosis search (spec part 2, `GET /diagnosis/?search=`): the ICD-10-CM code set the
//! server carries, by a code's beginning or by words. Used by the problem list and the
//! billing order. No patient data: a search is not audited, and never logged.

use axum::extract::State;
use domain::diagnosis::{MAX_SEARCH_CHARS, SearchError};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Query};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
// An unknown parameter is a mistake to report, not to ignore.
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DiagnosisQuery {
    /// A code's beginning with or without its dot ('e11.9', 'E119') or words in any order,
    /// each the beginning of a word of the description ('diab type 2'). 2 to 100 characters.
    #[param(required = true, min_length = 2, max_length = 100)]
    pub search: Option<String>,
}

/// A diagnosis as the billing order and the problem list take it (spec part 2, Diagnosis).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Diagnosis {
    /// ICD-10-CM code with its dot.
    pub code: String,
    /// The code's description.
    pub diagnosis: String,
    /// The diagnosis's identity when a billing order lists it (duplicates are refused by
    /// it): 'ICD10CM:' and the code ('ICD10CM:E11.9'); UMLS concept ids need a licence.
    pub umls_id: String,
    /// The claim's pointer letter (A to L); '' until the billing order places it.
    pub pointer: String,
    /// The place in this answer, from 0.
    pub index: i64,
    /// A code a claim may carry; categories ('E11') are not.
    pub billable: bool,
}

/// Up to 50 codes, exact matches first, then billable ones.
#[utoipa::path(get, path = "/diagnosis/", tag = "diagnosis", params(DiagnosisQuery),
    responses(
        (status = 200, body = Vec<Diagnosis>),
        (status = 400, description = "`search` missing, shorter than 2 or longer than 100 characters", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn search_diagnoses(
    State(_state): State<AppState>,
    _current: CurrentSession,
    Query(query): Query<DiagnosisQuery>,
) -> Result<Json<Vec<Diagnosis>>, AppError> {
    let text = query.search.unwrap_or_default();
    let found = store::diagnosis::code_set().search(&text).map_err(|error| match error {
        SearchError::TooShort => AppError::invalid_field("search", error.to_string()),
        SearchError::TooLong => AppError::invalid_field("search", format!("At most {MAX_SEARCH_CHARS} characters")),
    })?;
    Ok(Json(
        found
            .into_iter()
            .enumerate()
            .map(|(index, code)| Diagnosis {
                code: code.code.clone(),
                diagnosis: code.description.clone(),
                umls_id: domain::billing::concept_id(&code.code),
                pointer: String::new(),
                index: index as i64,
                billable: code.billable,
            })
            .collect(),
    ))
}

/// The same search at the address without the trailing slash.
#[utoipa::path(get, path = "/diagnosis", tag = "diagnosis", params(DiagnosisQuery),
    responses((status = 200, body = Vec<Diagnosis>), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn search_diagnoses_without_slash(
    state: State<AppState>,
    current: CurrentSession,
    query: Query<DiagnosisQuery>,
) -> Result<Json<Vec<Diagnosis>>, AppError> {
    search_diagnoses(state, current, query).await
}
