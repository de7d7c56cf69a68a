//! Staff and providers, for names on screen and for pickers (spec part 1, section 3).

use axum::extract::State;
use domain::ids::UserId;
use domain::reference::is_real_user_id;
use serde::Serialize;
use store::entities::user;
use utoipa::ToSchema;

use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub user_id: UserId,
    /// Short code shown in audit trails and on printouts.
    pub unique_id: String,
    pub first_name: String,
    pub last_name: String,
    /// Credentials or role, such as "DDS" or "Front Desk Coordinator".
    pub professional_title: String,
    /// The id the audit log records for this user.
    pub audit_id: i64,
}

impl From<user::Model> for User {
    fn from(model: user::Model) -> Self {
        Self {
            user_id: UserId(model.id),
            unique_id: model.unique_id,
            first_name: model.first_name,
            last_name: model.last_name,
            professional_title: model.professional_title,
            audit_id: model.id,
        }
    }
}

/// Active users, by last then first name. System users (id 1 or less) are never listed.
#[utoipa::path(get, path = "/users", tag = "users",
    responses((status = 200, body = Vec<User>), (status = 401, body = ApiError)))]
pub async fn list_users(State(state): State<AppState>) -> Result<Json<Vec<User>>, AppError> {
    Ok(Json(state.store.list_users(false).await?.into_iter().map(User::from).collect()))
}

/// Active providers, by last then first name.
#[utoipa::path(get, path = "/providers", tag = "users",
    responses((status = 200, body = Vec<User>), (status = 401, body = ApiError)))]
pub async fn list_providers(State(state): State<AppState>) -> Result<Json<Vec<User>>, AppError> {
    Ok(Json(state.store.list_users(true).await?.into_iter().map(User::from).collect()))
}

/// One user, including a disabled one (their name still appears on old records).
#[utoipa::path(get, path = "/users/{userId}", tag = "users",
    params(("userId" = i64, Path, description = "The user's id")),
    responses(
        (status = 200, body = User),
        (status = 400, description = "The id is not a number", body = ApiError),
        (status = 404, description = "No such user", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn get_user(
    State(state): State<AppState>,
    Path(UserId(user_id)): Path<UserId>,
) -> Result<Json<User>, AppError> {
    let found = if is_real_user_id(user_id) { state.store.user_by_id(user_id).await? } else { None };
    found.map(|u| Json(User::from(u))).ok_or_else(|| AppError::not_found(format!("No user with ID {user_id}")))
}
