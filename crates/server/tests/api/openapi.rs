//! The OpenAPI document: served, complete, and the same as the committed copy the web
//! app's types are generated from.

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::{TestApp, json_of, repository_root};
use crate::on_both_databases;

on_both_databases!(every_documented_operation_is_served);

async fn every_documented_operation_is_served(app: TestApp) {
    let document = json_of(app.call(Method::GET, "/api/openapi.json", None, None).await).await;
    let token = app.demo_token().await;
    let paths = document["paths"].as_object().expect("paths");
    assert!(paths.len() >= 18, "{} paths", paths.len());
    for (path, operations) in paths {
        for method in operations.as_object().expect("operations").keys() {
            let concrete = path.replace("{userId}", "3").replace("{serviceId}", "1").replace("{list}", "nothing");
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).expect("method");
            let response = app.call(method.clone(), &concrete, Some(&token), None).await;
            let status = response.status();
            let body: Value = response.json().await.unwrap_or(Value::Null);
            // The router's own fallbacks mean the route is missing.
            assert_ne!(body["message"], "There is nothing at this address", "{method} {path}");
            assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
        }
    }
}

/// The web app's types are generated from `web/src/api/openapi.json`; when the server's
/// routes or fields change, `make openapi` must be run and the result committed.
#[test]
fn committed_document_matches_the_code() {
    let committed_path = repository_root().join("web/src/api/openapi.json");
    let committed = std::fs::read_to_string(&committed_path)
        .unwrap_or_else(|_| panic!("{} is missing: run `make openapi`", committed_path.display()));
    let generated = server::openapi_document().to_pretty_json().expect("json");
    assert!(
        committed.trim_end() == generated.trim_end(),
        "web/src/api/openapi.json differs from the server's routes: run `make openapi` and commit the result"
    );
}

#[test]
fn every_route_but_login_health_help_and_the_document_needs_the_session_token() {
    let document: Value = serde_json::from_str(&server::openapi_document().to_json().expect("json")).expect("parse");
    assert_eq!(document["components"]["securitySchemes"]["jwt"]["in"], "header");
    for (path, operations) in document["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            let public = operation["security"]
                .as_array()
                .is_some_and(|s| s.iter().any(|r| r.as_object().is_some_and(|o| o.is_empty())));
            let should_be_public = matches!(path.as_str(), "/api/login" | "/api/health" | "/api/help");
            assert_eq!(public, should_be_public, "{method} {path}");
        }
    }
}
