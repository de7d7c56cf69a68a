//! Login, the session token's rotation, revocation and expiry, and login throttling.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::Duration;
use reqwest::{Method, StatusCode};
use serde_json::json;
use server::{Clock, ServerConfig};

use crate::helpers::{Db, TestApp, digest, json_of, jwt_of, spawn_app_with, token_payload};
use crate::on_both_databases;

on_both_databases!(
    health_answers_without_a_token,
    login_answers_a_token_whose_payload_holds_the_user_id,
    username_is_not_case_sensitive,
    wrong_password_and_unknown_user_get_the_same_answer,
    password_must_arrive_hashed,
    malformed_login_body_is_400_naming_the_field,
    disabled_user_cannot_log_in,
    every_authenticated_answer_carries_a_fresh_token,
    token_is_accepted_as_bearer_too,
    missing_forged_tampered_and_unsigned_tokens_get_401,
    logout_revokes_only_that_session,
    idle_session_expires_after_auto_logout_plus_margin,
    keepalive_moves_the_idle_deadline,
    auto_logout_preference_sets_the_idle_deadline,
    session_ends_after_twelve_hours_however_busy,
    token_past_its_own_expiry_is_refused,
    username_is_throttled_after_five_failures,
    address_is_throttled_after_a_hundred_failures,
    logins_and_failures_are_audited,
    token_works_on_every_server_sharing_the_database,
);

async fn health_answers_without_a_token(app: TestApp) {
    let response = app.call(Method::GET, "/api/health", None, None).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(jwt_of(&response).is_none(), "health is not a session call");
    assert_eq!(json_of(response).await, json!({"status": "ok"}));
}

async fn login_answers_a_token_whose_payload_holds_the_user_id(app: TestApp) {
    let response = app.login_raw("demo", &digest("demo")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let token = jwt_of(&response).expect("jwt header");
    let payload = token_payload(&token);
    assert_eq!(payload["userId"], 2);
    assert!(payload["sid"].as_str().is_some_and(|sid| sid.len() >= 32), "{payload}");
    assert!(payload["exp"].as_i64() > payload["iat"].as_i64());
    assert_eq!(json_of(response).await, json!({"userId": 2, "firstName": "Jordan", "lastName": "Avery"}));
}

async fn username_is_not_case_sensitive(app: TestApp) {
    assert!(app.login(" Demo ", "demo").await.is_some());
}

async fn wrong_password_and_unknown_user_get_the_same_answer(app: TestApp) {
    let wrong_password = app.login_raw("demo", &digest("nope")).await;
    let unknown_user = app.login_raw("nobody", &digest("demo")).await;
    assert_eq!(wrong_password.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(unknown_user.status(), StatusCode::UNAUTHORIZED);
    assert!(jwt_of(&wrong_password).is_none() && jwt_of(&unknown_user).is_none());
    let (a, b) = (json_of(wrong_password).await, json_of(unknown_user).await);
    assert_eq!(a, b);
    assert_eq!(a["code"], "invalid_credentials");
    assert_eq!(a["message"], "The Username and/or Password entered is incorrect. Please try again.");
}

async fn password_must_arrive_hashed(app: TestApp) {
    // The typed password itself is not what the server stores a hash of.
    assert_eq!(app.login_raw("demo", "demo").await.status(), StatusCode::UNAUTHORIZED);
}

async fn malformed_login_body_is_400_naming_the_field(app: TestApp) {
    let missing =
        app.call(Method::POST, "/api/login", None, Some(json!({"clientType": 8, "password": digest("demo")}))).await;
    assert_eq!(missing.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(missing).await["fields"]["username"], "Required field");

    let wrong_type = app
        .call(
            Method::POST,
            "/api/login",
            None,
            Some(json!({"clientType": "web", "username": "demo", "password": digest("demo")})),
        )
        .await;
    assert_eq!(wrong_type.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(wrong_type).await["fields"]["clientType"], "Must be a whole number");

    let not_json = app
        .client
        .post(app.url("/api/login"))
        .header("content-type", "application/json")
        .body("{oops")
        .send()
        .await
        .expect("send");
    assert_eq!(not_json.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(not_json).await["code"], "malformed_json");
}

async fn disabled_user_cannot_log_in(app: TestApp) {
    let token = app.demo_token().await;
    let audit = store::audit::AuditEntry::new("user.disable", store::audit::Outcome::Success);
    app.store.set_user_disabled("demo", true, app.clock.now(), audit).await.expect("disable");
    assert_eq!(app.login_raw("demo", &digest("demo")).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/api/users", &token).await.status(), StatusCode::UNAUTHORIZED);
}

async fn every_authenticated_answer_carries_a_fresh_token(app: TestApp) {
    let first = app.demo_token().await;
    app.clock.advance(Duration::seconds(5));
    let response = app.get("/api/users", &first).await;
    assert_eq!(response.status(), StatusCode::OK);
    let second = jwt_of(&response).expect("fresh jwt");
    assert_ne!(first, second);
    assert_eq!(token_payload(&second)["sid"], token_payload(&first)["sid"], "same session");
    assert!(token_payload(&second)["iat"].as_i64() > token_payload(&first)["iat"].as_i64());

    // Error answers of a live session carry one too.
    let not_found = app.get("/api/users/99999", &second).await;
    assert_eq!(not_found.status(), StatusCode::NOT_FOUND);
    let third = jwt_of(&not_found).expect("jwt on 404");
    assert_eq!(app.get("/api/users", &third).await.status(), StatusCode::OK);
}

async fn token_is_accepted_as_bearer_too(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.client.get(app.url("/api/users")).bearer_auth(&token).send().await.expect("send");
    assert_eq!(response.status(), StatusCode::OK);
}

async fn missing_forged_tampered_and_unsigned_tokens_get_401(app: TestApp) {
    let token = app.demo_token().await;
    assert_eq!(app.call(Method::GET, "/api/users", None, None).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/api/users", "not-a-token").await.status(), StatusCode::UNAUTHORIZED);

    let parts: Vec<&str> = token.split('.').collect();
    let mut payload = token_payload(&token);
    payload["userId"] = json!(3);
    let forged_payload = URL_SAFE_NO_PAD.encode(payload.to_string());
    let tampered = format!("{}.{forged_payload}.{}", parts[0], parts[2]);
    assert_eq!(app.get("/api/users", &tampered).await.status(), StatusCode::UNAUTHORIZED);

    let none_header = URL_SAFE_NO_PAD.encode(r#"{"alg":"none","typ":"JWT"}"#);
    let unsigned = format!("{none_header}.{}.", parts[1]);
    assert_eq!(app.get("/api/users", &unsigned).await.status(), StatusCode::UNAUTHORIZED);

    let other_key = jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &token_payload(&token),
        &jsonwebtoken::EncodingKey::from_secret(b"a key this server never had, 32b"),
    )
    .expect("sign");
    let response = app.get("/api/users", &other_key).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert!(jwt_of(&response).is_none(), "no token for a refused request");
    assert_eq!(json_of(response).await["code"], "unauthorized");
}

async fn logout_revokes_only_that_session(app: TestApp) {
    let phone = app.demo_token().await;
    let desk = app.demo_token().await;
    let response = app.call(Method::POST, "/api/logout", Some(&phone), None).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert!(jwt_of(&response).is_none(), "no fresh token for an ended session");
    assert_eq!(app.get("/api/users", &phone).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.keepalive(&phone).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/api/users", &desk).await.status(), StatusCode::OK);
}

async fn idle_session_expires_after_auto_logout_plus_margin(app: TestApp) {
    // Default autoLogout 15 minutes, plus 2 minutes of margin.
    let token = app.demo_token().await;
    app.clock.advance(Duration::minutes(16) + Duration::seconds(59));
    let response = app.keepalive(&token).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let fresh = jwt_of(&response).expect("jwt");

    app.clock.advance(Duration::minutes(17));
    assert_eq!(app.keepalive(&fresh).await.status(), StatusCode::UNAUTHORIZED);
}

async fn keepalive_moves_the_idle_deadline(app: TestApp) {
    let mut token = app.demo_token().await;
    for _ in 0..6 {
        app.clock.advance(Duration::minutes(10));
        let response = app.keepalive(&token).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT, "an hour of keep-alives keeps the session");
        token = jwt_of(&response).expect("jwt");
    }
    assert_eq!(app.get("/api/users", &token).await.status(), StatusCode::OK);
}

async fn auto_logout_preference_sets_the_idle_deadline(app: TestApp) {
    let token = app.demo_token().await;
    let saved = app.post("/api/preferences/save", &token, json!({"key": "autoLogout", "update": 5})).await;
    assert_eq!(saved.status(), StatusCode::OK);
    let token = jwt_of(&saved).expect("jwt");
    app.clock.advance(Duration::minutes(7));
    assert_eq!(app.keepalive(&token).await.status(), StatusCode::UNAUTHORIZED, "5 minutes plus 2 of margin");

    // A new login starts with the saved value too.
    let token = app.demo_token().await;
    app.clock.advance(Duration::minutes(6));
    assert_eq!(app.keepalive(&token).await.status(), StatusCode::NO_CONTENT);
    app.clock.advance(Duration::minutes(8));
    assert_eq!(app.keepalive(&token).await.status(), StatusCode::UNAUTHORIZED);
}

async fn session_ends_after_twelve_hours_however_busy(app: TestApp) {
    let mut token = app.demo_token().await;
    for _ in 0..(12 * 6 - 1) {
        app.clock.advance(Duration::minutes(10));
        let response = app.keepalive(&token).await;
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
        token = jwt_of(&response).expect("jwt");
    }
    app.clock.advance(Duration::minutes(10));
    assert_eq!(app.keepalive(&token).await.status(), StatusCode::UNAUTHORIZED);
}

async fn token_past_its_own_expiry_is_refused(app: TestApp) {
    let stale = app.demo_token().await;
    // Keep the session alive with a newer token until the first one's exp passes.
    let mut current = stale.clone();
    for _ in 0..3 {
        app.clock.advance(Duration::minutes(10));
        current = jwt_of(&app.keepalive(&current).await).expect("jwt");
    }
    assert_eq!(app.get("/api/users", &stale).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/api/users", &current).await.status(), StatusCode::OK);
}

async fn username_is_throttled_after_five_failures(app: TestApp) {
    for _ in 0..5 {
        assert_eq!(app.login_raw("demo", &digest("guess")).await.status(), StatusCode::UNAUTHORIZED);
    }
    let throttled = app.login_raw("demo", &digest("demo")).await;
    assert_eq!(throttled.status(), StatusCode::TOO_MANY_REQUESTS, "even the right password waits");
    let retry_after: u64 = throttled.headers()["retry-after"].to_str().expect("ascii").parse().expect("seconds");
    assert!((1..=900).contains(&retry_after), "{retry_after}");
    let body = json_of(throttled).await;
    assert_eq!(body["code"], "too_many_attempts");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("15 minutes")), "{body}");

    // Other users are not locked out by it.
    assert!(app.login("ecarter", "demo").await.is_some());

    app.clock.advance(Duration::minutes(15));
    assert!(app.login("demo", "demo").await.is_some());
    let denied = app.audit("login").await.into_iter().filter(|e| e.outcome == "denied").count();
    assert_eq!(denied, 1, "one tallied row");
}

async fn address_is_throttled_after_a_hundred_failures(app: TestApp) {
    // High, because a clinic's staff share one address behind its router.
    for i in 0..100 {
        app.login_raw(&format!("guess{i}"), &digest("guess")).await;
    }
    let response = app.login_raw("hkim", &digest("demo")).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().contains_key("retry-after"));
}

async fn logins_and_failures_are_audited(app: TestApp) {
    app.login_raw("demo", &digest("wrong")).await;
    app.login_raw("Nobody Here", &digest("wrong")).await;
    let token = app.demo_token().await;
    app.call(Method::POST, "/api/logout", Some(&token), None).await;

    let logins = app.audit("login").await;
    assert_eq!(logins.len(), 3);
    let (success, unknown, known) = (&logins[0], &logins[1], &logins[2]);
    assert_eq!((success.outcome.as_str(), success.user_id), ("success", Some(2)));
    assert_eq!(success.ip.as_deref(), Some("127.0.0.1"));
    assert_eq!(
        (unknown.outcome.as_str(), unknown.user_id, unknown.username.as_deref()),
        ("failure", None, Some("Nobody Here"))
    );
    assert_eq!((known.outcome.as_str(), known.user_id, known.username.as_deref()), ("failure", Some(2), None));
    let logouts = app.audit("logout").await;
    assert_eq!((logouts.len(), logouts[0].user_id), (1, Some(2)));
}

async fn token_works_on_every_server_sharing_the_database(app: TestApp) {
    // The signing key made at first start is stored in the database, so a restarted
    // server (or a second one) accepts the tokens, and a logout anywhere ends them all.
    let other = app.second_server(ServerConfig::default()).await;
    let token = app.demo_token().await;
    let on_other = app.client.get(format!("{other}/api/users")).header("jwt", &token).send().await.expect("send");
    assert_eq!(on_other.status(), StatusCode::OK);
    let logout = app.client.post(format!("{other}/api/logout")).header("jwt", &token).send().await.expect("send");
    assert_eq!(logout.status(), StatusCode::NO_CONTENT);
    assert_eq!(app.get("/api/users", &token).await.status(), StatusCode::UNAUTHORIZED);
}

async fn configured_signing_key_signs_the_tokens(db: Db) {
    let secret = b"a configured secret of 32+ chars!".to_vec();
    let Some(app) =
        spawn_app_with(db, ServerConfig { jwt_secret: Some(secret.clone()), ..ServerConfig::default() }).await
    else {
        return;
    };
    let token = app.demo_token().await;
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::HS256);
    validation.validate_exp = false;
    let decoded = jsonwebtoken::decode::<serde_json::Value>(
        &token,
        &jsonwebtoken::DecodingKey::from_secret(&secret),
        &validation,
    );
    assert_eq!(decoded.expect("signed with the configured key").claims["userId"], 2);
    // A server with the stored key instead refuses it.
    let other = app.second_server(ServerConfig::default()).await;
    let response = app.client.get(format!("{other}/api/users")).header("jwt", &token).send().await.expect("send");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

mod configured_signing_key {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        super::configured_signing_key_signs_the_tokens(super::Db::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        super::configured_signing_key_signs_the_tokens(super::Db::Postgres).await;
    }
}
