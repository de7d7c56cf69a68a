//! Help (spec part 2): the practice's help desk and contact details. No patient data and
//! no login needed (the login screen shows it to someone who cannot log in), so browsers
//! may keep it for an hour.

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::config::HelpContent;
use crate::extract::Json;
use crate::state::AppState;

/// How long a browser may keep the help details.
const CACHE_CONTROL: &str = "public, max-age=3600";

#[utoipa::path(get, path = "/help", tag = "help", security(()),
    responses((status = 200, description = "Values left empty by the practice are not shown", body = HelpContent)))]
pub async fn help(State(state): State<AppState>) -> Response {
    let mut response = Json(state.config.help.clone()).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(CACHE_CONTROL));
    response
}
