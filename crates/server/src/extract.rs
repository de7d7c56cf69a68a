//! Request extractors whose failures come back in the app's error shape, naming the
//! field at fault, instead of axum's plain-text rejections.

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::http::header;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::AppError;

mod objects;

/// A JSON body in, or a JSON body out.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

impl<S, T> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let is_json = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"));
        if !is_json {
            return Err(AppError::bad_request(
                "malformed_json",
                "Send the body as JSON (content-type: application/json)",
            ));
        }
        let bytes = Bytes::from_request(request, state).await.map_err(body_rejection)?;
        parse_json(&bytes).map(Json)
    }
}

fn body_rejection(rejection: BytesRejection) -> AppError {
    if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        AppError::payload_too_large()
    } else {
        AppError::bad_request("malformed_json", "The request body could not be read")
    }
}

/// Parses a JSON body, turning serde's messages into field errors in the users' words.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    let malformed = || AppError::bad_request("malformed_json", "The request body is not valid JSON");
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    // A struct is read from a JSON object only: `[null, null]` is not an empty update.
    let value = serde_path_to_error::deserialize(objects::ObjectsOnly(&mut deserializer)).map_err(|error| {
        let inner = error.inner();
        if inner.is_syntax() || inner.is_eof() {
            return malformed();
        }
        let path = error.path().to_string();
        let text = inner.to_string();
        let (field, problem) = describe(&path, &text);
        AppError::invalid_field(field, problem)
    })?;
    // Anything after the value (a second object, stray text) makes the body malformed.
    deserializer.end().map_err(|_| malformed())?;
    Ok(value)
}

/// Turns a serde error at `path` into (field name, message).
fn describe(path: &str, text: &str) -> (String, String) {
    let within = |name: &str| if path == "." || path.is_empty() { name.to_owned() } else { format!("{path}.{name}") };
    if let Some(name) = quoted_name(text, "missing field `") {
        return (within(name), "Required field".to_owned());
    }
    if let Some(name) = quoted_name(text, "unknown field `") {
        // The path already ends at the unknown field.
        let field = if path.rsplit('.').next() == Some(name) { path.to_owned() } else { within(name) };
        return (field, "Unknown field".to_owned());
    }
    let field = if path == "." || path.is_empty() { "body".to_owned() } else { path.to_owned() };
    // The bounded parsers of `domain::input` say what is wrong in the users' words.
    if let Some(message) = domain::input::MESSAGES.iter().find(|message| text.starts_with(**message)) {
        return (field, (*message).to_owned());
    }
    let problem = if text.contains("expected i") || text.contains("expected u") {
        "Must be a whole number"
    } else if text.contains("expected f") {
        "Must be a number"
    } else if text.contains("expected a string") {
        "Must be text"
    } else if text.contains("expected a boolean") {
        "Must be true or false"
    } else if text.contains("expected a sequence") {
        "Must be a list"
    } else if text.contains("expected struct") || text.contains("expected a map") {
        "Must be an object"
    } else {
        "Invalid value"
    };
    (field, problem.to_owned())
}

fn quoted_name<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let start = text.find(prefix)? + prefix.len();
    let end = text[start..].find('`')? + start;
    Some(&text[start..end])
}

/// Path parameters; a malformed one (such as a non-numeric id) is a 400 naming it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Path<T>(pub T);

impl<S, T> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(path) => Ok(Path(path.0)),
            Err(rejection) => {
                // A plain `Path<i64>` error does not say which parameter failed; the
                // route's parameter names do.
                let names: Vec<String> = RawPathParams::from_request_parts(parts, state)
                    .await
                    .map(|raw| raw.iter().map(|(name, _)| name.to_owned()).collect())
                    .unwrap_or_default();
                Err(path_rejection(rejection, &names))
            }
        }
    }
}

fn path_rejection(rejection: PathRejection, names: &[String]) -> AppError {
    use axum::extract::path::ErrorKind;
    let invalid = |name: Option<&String>| match name {
        Some(name) => AppError::invalid_field(name.clone(), "Must be a whole number"),
        None => AppError::bad_request("invalid_input", "A part of the address is not valid"),
    };
    match rejection {
        PathRejection::FailedToDeserializePathParams(error) => match error.into_kind() {
            ErrorKind::ParseErrorAtKey { key, .. } | ErrorKind::InvalidUtf8InPathParam { key } => invalid(Some(&key)),
            ErrorKind::ParseError { .. } => invalid(names.first()),
            ErrorKind::ParseErrorAtIndex { index, .. } => invalid(names.get(index)),
            other => AppError::internal(other),
        },
        other => AppError::internal(other),
    }
}

/// Query parameters; a malformed one is a 400 naming it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<S, T> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<T>::from_request_parts(parts, state).await.map(|q| Query(q.0)).map_err(query_rejection)
    }
}

fn query_rejection(rejection: QueryRejection) -> AppError {
    let text = rejection.body_text();
    // "Failed to deserialize query string: limit: invalid digit found in string"
    let detail = text.split_once(": ").map_or(text.as_str(), |(_, rest)| rest);
    match detail.split_once(": ") {
        Some((field, problem)) if !field.contains(' ') => {
            let problem = if problem.contains("digit") || problem.contains("number") {
                "Must be a whole number"
            } else if problem.contains("`true` or `false`") {
                "Must be true or false"
            } else {
                "Invalid value"
            };
            AppError::invalid_field(field, problem)
        }
        _ => match quoted_name(detail, "missing field `") {
            Some(field) => AppError::invalid_field(field, "Required field"),
            None => AppError::bad_request("invalid_input", "The query string is not valid"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    #[allow(dead_code)]
    struct Login {
        client_type: i32,
        username: String,
        remember: Option<bool>,
    }

    fn fields_of(error: &AppError) -> String {
        let response = format!("{error:?}");
        response
    }

    #[test]
    fn missing_field_is_required_field() {
        let error = parse_json::<Login>(br#"{"clientType": 8}"#).expect_err("missing");
        assert!(fields_of(&error).contains("\"username\": \"Required field\""), "{error:?}");
    }

    #[test]
    fn wrong_type_names_the_field_in_plain_words() {
        let error = parse_json::<Login>(br#"{"clientType": "eight", "username": "a"}"#).expect_err("type");
        assert!(fields_of(&error).contains("\"clientType\": \"Must be a whole number\""), "{error:?}");
        let error = parse_json::<Login>(br#"{"clientType": 8, "username": 5}"#).expect_err("type");
        assert!(fields_of(&error).contains("\"username\": \"Must be text\""), "{error:?}");
    }

    #[test]
    fn unknown_field_is_named() {
        let error = parse_json::<Login>(br#"{"clientType": 8, "username": "a", "admin": true}"#).expect_err("unknown");
        assert!(fields_of(&error).contains("\"admin\": \"Unknown field\""), "{error:?}");
    }

    #[test]
    fn a_list_is_not_an_object_at_any_depth() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Outer {
            #[serde(default)]
            inner: Option<Inner>,
            #[serde(default)]
            list: Vec<Inner>,
        }
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Inner {
            a: Option<i64>,
        }
        let error = parse_json::<Outer>(b"[null, null]").expect_err("top-level list");
        assert!(fields_of(&error).contains("\"body\": \"Must be an object\""), "{error:?}");
        let error = parse_json::<Outer>(br#"{"inner": [1]}"#).expect_err("nested list");
        assert!(fields_of(&error).contains("\"inner\": \"Must be an object\""), "{error:?}");
        let error = parse_json::<Outer>(br#"{"list": [{"a": 1}, [2]]}"#).expect_err("list item");
        assert!(fields_of(&error).contains("\"list[1]\": \"Must be an object\""), "{error:?}");
        let fine = parse_json::<Outer>(br#"{"inner": {"a": 1}, "list": [{"a": null}]}"#).expect("objects");
        assert_eq!(fine.list.len(), 1);
        assert_eq!(parse_json::<Vec<i64>>(b"[1, 2]").expect("a list where a list is wanted"), [1, 2]);
    }

    #[test]
    fn bounded_parsers_speak_for_themselves() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Timed {
            #[serde(default, deserialize_with = "domain::input::optional_instant")]
            start: Option<chrono::DateTime<chrono::Utc>>,
        }
        let error = parse_json::<Timed>(br#"{"start": "+262142-12-31T00:00:00Z"}"#).expect_err("extended year");
        assert!(fields_of(&error).contains(domain::input::INSTANT_FORMAT), "{error:?}");
        let error = parse_json::<Timed>(br#"{"start": "2201-01-01T00:00:00Z"}"#).expect_err("after 2200");
        assert!(fields_of(&error).contains("\"start\": \"The year must be from 1880 to 2200\""), "{error:?}");
        assert!(parse_json::<Timed>(br#"{}"#).expect("absent").start.is_none());
        assert!(parse_json::<Timed>(br#"{"start": null}"#).expect("null").start.is_none());
    }

    #[test]
    fn broken_json_is_malformed_json() {
        let error = parse_json::<Login>(br#"{"clientType": 8,"#).expect_err("syntax");
        assert_eq!(error.code(), "malformed_json");
        let error = parse_json::<Login>(br#"{"clientType": 8, "username": "a"} trailing"#).expect_err("trailing");
        assert_eq!(error.code(), "malformed_json");
    }
}
