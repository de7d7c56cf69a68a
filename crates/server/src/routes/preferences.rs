//! Per-user preferences stored on the server (spec part 1, sections 3 and 4). Keys,
//! types and defaults live in `domain::preferences`.

use std::collections::{BTreeMap, HashMap};

use axum::extract::State;
use domain::preferences::{PreferenceDef, Scope, lookup};
use domain::session::idle_timeout;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::Json;
use crate::state::AppState;

/// Most keys one request may read.
const MAX_KEYS: usize = 100;

/// A key to read: its name, or the spec's descriptor with an optional internal key.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum PreferenceKey {
    Name(String),
    Described {
        pkey: String,
        #[serde(rename = "internalKey")]
        internal_key: Option<String>,
    },
}

impl PreferenceKey {
    /// (name the answer is keyed by, name looked up).
    fn names(&self) -> (&str, &str) {
        match self {
            Self::Name(name) => (name, name),
            Self::Described { pkey, internal_key } => (pkey, internal_key.as_deref().unwrap_or(pkey)),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SavePreference {
    /// Short or internal key.
    pub key: String,
    /// The new value; its type depends on the key.
    pub update: Value,
}

/// Values by key. The type of each value depends on its key (see docs/preferences.md).
pub type PreferenceValues = BTreeMap<String, Value>;

fn unknown_key(name: &str) -> AppError {
    let shown: String = name.chars().take(80).collect();
    AppError::bad_request("unknown_preference", format!("Unknown preference key '{shown}'"))
        .with_field(shown, "Unknown preference key")
}

/// Reads preferences of the logged-in user; keys never saved answer their default.
#[utoipa::path(post, path = "/preferences", tag = "preferences", request_body = Vec<PreferenceKey>,
    responses(
        (status = 200, description = "Values by the keys asked for", body = BTreeMap<String, serde_json::Value>),
        (status = 400, description = "An unknown key, or not a list of keys", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn read_preferences(
    State(state): State<AppState>,
    current: CurrentSession,
    Json(keys): Json<Vec<PreferenceKey>>,
) -> Result<Json<PreferenceValues>, AppError> {
    if keys.len() > MAX_KEYS {
        return Err(AppError::invalid_field("body", format!("Ask for at most {MAX_KEYS} keys at once")));
    }
    let mut wanted: Vec<(&str, &'static PreferenceDef)> = Vec::with_capacity(keys.len());
    for key in &keys {
        let (answer_as, looked_up) = key.names();
        wanted.push((answer_as, lookup(looked_up).ok_or_else(|| unknown_key(looked_up))?));
    }
    let storage_keys = |scope: Scope| -> Vec<&str> {
        wanted.iter().filter(|(_, def)| def.scope == scope).map(|(_, def)| def.storage_key()).collect()
    };
    let user_values = state.store.user_preferences(current.user_id, &storage_keys(Scope::User)).await?;
    let practice_values = state.store.practice_preferences(&storage_keys(Scope::Practice)).await?;

    let answer = wanted
        .into_iter()
        .map(|(answer_as, def)| {
            let stored = match def.scope {
                Scope::User => &user_values,
                Scope::Practice => &practice_values,
            };
            (answer_as.to_owned(), current_value(def, stored))
        })
        .collect();
    Ok(Json(answer))
}

/// The stored value if it is still valid under today's rules, else the default.
fn current_value(def: &PreferenceDef, stored: &HashMap<String, Value>) -> Value {
    stored.get(def.storage_key()).and_then(|value| def.check(value).ok()).unwrap_or_else(|| def.default_value())
}

/// Saves one preference of the logged-in user and answers its stored value.
#[utoipa::path(post, path = "/preferences/save", tag = "preferences", request_body = SavePreference,
    responses(
        (status = 200, description = "The value now stored, by key", body = BTreeMap<String, serde_json::Value>),
        (status = 400, description = "Unknown key or a value of the wrong type", body = ApiError),
        (status = 401, body = ApiError),
        (status = 403, description = "A practice-wide preference, set in the desktop product", body = ApiError),
    ))]
pub async fn save_preference(
    State(state): State<AppState>,
    current: CurrentSession,
    Json(request): Json<SavePreference>,
) -> Result<Json<PreferenceValues>, AppError> {
    let def = lookup(&request.key).ok_or_else(|| unknown_key(&request.key))?;
    if def.scope == Scope::Practice {
        return Err(AppError::forbidden(
            "desktop_only",
            "This preference is set for the whole practice in the desktop product's preferences",
        ));
    }
    let value = def.check(&request.update).map_err(|problem| AppError::invalid_field("update", problem))?;
    state.store.save_user_preference(current.user_id, def.storage_key(), &value, state.now()).await?;
    if def.key == "autoLogout" {
        // The server's idle deadline follows the app's inactivity timer.
        let seconds = idle_timeout(value.as_i64()).num_seconds();
        state.store.set_user_idle_timeout(current.user_id, i32::try_from(seconds).unwrap_or(i32::MAX)).await?;
    }
    Ok(Json(BTreeMap::from([(request.key, value)])))
}
