//! Users and providers.

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    users_list_hides_system_users_and_is_sorted_by_name,
    providers_list_holds_only_providers,
    one_user_by_id,
    system_unknown_and_malformed_user_ids,
    user_routes_need_a_session,
);

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().expect("array").iter().map(|u| u["userId"].as_i64().expect("id")).collect()
}

async fn users_list_hides_system_users_and_is_sorted_by_name(app: TestApp) {
    let token = app.demo_token().await;
    let users = json_of(app.get("/api/users", &token).await).await;
    assert_eq!(users.as_array().map(Vec::len), Some(9));
    assert!(ids(&users).iter().all(|id| *id > 1));
    let last_names: Vec<&str> =
        users.as_array().expect("array").iter().map(|u| u["lastName"].as_str().expect("name")).collect();
    let mut sorted = last_names.clone();
    sorted.sort_unstable();
    assert_eq!(last_names, sorted);
    let first = &users[0];
    for field in ["userId", "uniqueId", "firstName", "lastName", "professionalTitle", "auditId"] {
        assert!(first.get(field).is_some(), "{field} missing from {first}");
    }
}

async fn providers_list_holds_only_providers(app: TestApp) {
    let token = app.demo_token().await;
    let providers = json_of(app.get("/api/providers", &token).await).await;
    let mut found = ids(&providers);
    found.sort_unstable();
    assert_eq!(found, [3, 4, 5, 6, 7]);
}

async fn one_user_by_id(app: TestApp) {
    let token = app.demo_token().await;
    let user = json_of(app.get("/api/users/3", &token).await).await;
    assert_eq!(user["firstName"], "Olivia");
    assert_eq!(user["professionalTitle"], "DDS");
}

async fn system_unknown_and_malformed_user_ids(app: TestApp) {
    let token = app.demo_token().await;
    for id in ["1", "0", "-4", "4242"] {
        let response = app.get(&format!("/api/users/{id}"), &token).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "user {id}");
        assert_eq!(json_of(response).await["code"], "not_found");
    }
    let malformed = app.get("/api/users/abc", &token).await;
    assert_eq!(malformed.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(malformed).await["fields"]["userId"], "Must be a whole number");
}

async fn user_routes_need_a_session(app: TestApp) {
    for path in ["/api/users", "/api/providers", "/api/users/2"] {
        assert_eq!(app.call(Method::GET, path, None, None).await.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
}
