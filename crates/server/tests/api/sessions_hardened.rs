//! Sessions and logins under attack: revocation that is immediate on every server,
//! nothing in the database that signs or names a session, a throttle that parallel
//! guesses cannot beat and that an attacker cannot turn against the real user, and
//! password checks that queue instead of exhausting the machine.

use std::sync::Arc;

use reqwest::StatusCode;
use sea_orm::{ConnectionTrait, Statement};
use server::auth::{Claims, LoginLimits, TokenKeys};
use server::{Clock, ServerConfig};
use store::audit::{AuditEntry, Outcome};

use crate::helpers::{Db, TestApp, digest, spawn_app_with};
use crate::on_both_databases;

on_both_databases!(
    disabling_a_user_ends_their_sessions_at_once_on_every_server,
    a_session_made_under_the_old_password_is_dead,
    the_database_holds_neither_the_signing_key_nor_a_usable_session_id,
    parallel_guesses_cannot_beat_the_throttle,
    the_throttle_is_shared_by_every_server_on_the_database,
    a_guesser_elsewhere_cannot_lock_the_real_user_out,
);

fn cli(action: &'static str) -> AuditEntry {
    AuditEntry::new(action, Outcome::Success).detail("test")
}

async fn status_on(app: &TestApp, base: &str, token: &str) -> StatusCode {
    app.client.get(format!("{base}/api/users")).header("jwt", token).send().await.expect("send").status()
}

async fn disabling_a_user_ends_their_sessions_at_once_on_every_server(app: TestApp) {
    let other = app.second_server(ServerConfig::default()).await;
    let token = app.demo_token().await;
    // Both servers have just seen the session (a cache would now hold it).
    assert_eq!(status_on(&app, &app.address, &token).await, StatusCode::OK);
    assert_eq!(status_on(&app, &other, &token).await, StatusCode::OK);
    app.store.set_user_disabled("demo", true, app.clock.now(), cli("user.disable")).await.expect("disable");
    assert_eq!(status_on(&app, &app.address, &token).await, StatusCode::UNAUTHORIZED);
    assert_eq!(status_on(&app, &other, &token).await, StatusCode::UNAUTHORIZED);

    // Enabling the user again does not bring the old sessions back.
    app.store.set_user_disabled("demo", false, app.clock.now(), cli("user.enable")).await.expect("enable");
    assert_eq!(status_on(&app, &other, &token).await, StatusCode::UNAUTHORIZED);
    assert!(app.login("demo", "demo").await.is_some());
    let changes = app.audit("user.disable").await;
    assert_eq!(changes.len(), 1, "the change is in the audit log");
    assert_eq!(changes[0].entity_id.as_deref(), Some("2"));
}

async fn a_session_made_under_the_old_password_is_dead(app: TestApp) {
    // A login that verified the old password while `user passwd` ran: it read the
    // user's epoch before the change and creates its session after it.
    let user = app.store.user_by_username("demo").await.expect("read").expect("demo");
    app.store
        .set_password_hash("demo", user.password_hash.clone(), app.clock.now(), cli("user.passwd"))
        .await
        .expect("passwd");
    let sid = "a-login-in-flight-0123456789abcdef0123456789";
    app.store
        .create_session(store::sessions::NewSession {
            id: sid.into(),
            user_id: user.id,
            user_epoch: user.session_epoch,
            created_at: app.clock.now(),
            idle_timeout_seconds: 1020,
            ip: "127.0.0.1".into(),
            client_type: 8,
        })
        .await
        .expect("session");
    let tokens = TokenKeys::from_secret(app.store.keys().token_signing_key());
    let now = app.clock.now().timestamp();
    let token = tokens.issue(&Claims { user_id: user.id, sid: sid.into(), iat: now, exp: now + 600 });
    assert_eq!(app.get("/api/users", &token).await.status(), StatusCode::UNAUTHORIZED);
    // A fresh login works.
    let fresh = app.demo_token().await;
    assert_eq!(app.get("/api/users", &fresh).await.status(), StatusCode::OK);
}

async fn the_database_holds_neither_the_signing_key_nor_a_usable_session_id(app: TestApp) {
    let token = app.demo_token().await;
    let sid = crate::helpers::token_payload(&token)["sid"].as_str().expect("sid").to_owned();
    let db = app.store.connection();
    let backend = db.get_database_backend();
    let rows = db.query_all_raw(Statement::from_string(backend, "SELECT id FROM sessions")).await.expect("sessions");
    let stored: Vec<String> = rows.iter().map(|row| row.try_get("", "id").expect("id")).collect();
    assert!(!stored.is_empty());
    assert!(!stored.contains(&sid), "only a hash of the session id is stored");
    let settings =
        db.query_all_raw(Statement::from_string(backend, "SELECT key, value FROM settings")).await.expect("settings");
    for row in settings {
        let value: String = row.try_get("", "value").expect("value");
        let key = hex_or_text(&value);
        let forged = TokenKeys::from_secret(&key);
        let now = app.clock.now().timestamp();
        let minted = forged.issue(&Claims { user_id: 2, sid: sid.clone(), iat: now, exp: now + 600 });
        assert_eq!(app.get("/api/users", &minted).await.status(), StatusCode::UNAUTHORIZED, "nothing stored signs");
    }
}

fn hex_or_text(value: &str) -> Vec<u8> {
    (0..value.len())
        .step_by(2)
        .map(|i| value.get(i..i + 2).and_then(|pair| u8::from_str_radix(pair, 16).ok()))
        .collect::<Option<Vec<u8>>>()
        .unwrap_or_else(|| value.as_bytes().to_vec())
}

async fn parallel_guesses_cannot_beat_the_throttle(app: TestApp) {
    let app = Arc::new(app);
    let guesses: Vec<_> = (0..40)
        .map(|i| {
            let app = Arc::clone(&app);
            tokio::spawn(async move { app.login_raw("demo", &digest(&format!("guess-{i}"))).await.status() })
        })
        .collect();
    let mut statuses = Vec::new();
    for guess in guesses {
        statuses.push(guess.await.expect("task"));
    }
    let checked = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    assert!(checked <= 5, "at most 5 passwords were checked, not {checked}: {statuses:?}");
    assert!(
        statuses.iter().all(|s| [StatusCode::UNAUTHORIZED, StatusCode::TOO_MANY_REQUESTS].contains(s)),
        "{statuses:?}"
    );
    assert_eq!(app.login_raw("demo", &digest("demo")).await.status(), StatusCode::TOO_MANY_REQUESTS);
    // The refusals are one tallied row, not one row each.
    let denied: Vec<_> = app.audit("login").await.into_iter().filter(|e| e.outcome == "denied").collect();
    assert_eq!(denied.len(), 1, "{denied:?}");
    assert!(denied[0].detail.as_deref().is_some_and(|d| d.starts_with("throttled: ")), "{:?}", denied[0].detail);
}

async fn the_throttle_is_shared_by_every_server_on_the_database(app: TestApp) {
    let other = app.second_server(ServerConfig::default()).await;
    for _ in 0..5 {
        assert_eq!(app.login_raw("demo", &digest("guess")).await.status(), StatusCode::UNAUTHORIZED);
    }
    let on_other = app
        .client
        .post(format!("{other}/api/login"))
        .json(&serde_json::json!({"clientType": 8, "username": "demo", "password": digest("demo")}))
        .send()
        .await
        .expect("send");
    assert_eq!(on_other.status(), StatusCode::TOO_MANY_REQUESTS);
}

async fn a_guesser_elsewhere_cannot_lock_the_real_user_out(app: TestApp) {
    let behind_proxy = ServerConfig { trust_forwarded_for: true, ..ServerConfig::default() };
    let proxied = app.second_server(behind_proxy).await;
    let login_from = |address: &'static str, password: &'static str| {
        let app = &app;
        let proxied = proxied.clone();
        async move {
            app.client
                .post(format!("{proxied}/api/login"))
                .header("x-forwarded-for", address)
                .json(&serde_json::json!({"clientType": 8, "username": "demo", "password": digest(password)}))
                .send()
                .await
                .expect("send")
                .status()
        }
    };
    for _ in 0..8 {
        login_from("203.0.113.9", "guess").await;
    }
    assert_eq!(login_from("203.0.113.9", "demo").await, StatusCode::TOO_MANY_REQUESTS, "the guesser waits");
    assert_eq!(login_from("198.51.100.20", "demo").await, StatusCode::OK, "the real user logs in from the clinic");
}

mod password_checks_queue {
    use super::*;

    /// One password check at a time, and no wait for a turn: a burst of logins is
    /// answered 200, 401 or 503 (never 500), and the throttle counts only what it checked.
    async fn burst(db: Db) {
        let limits = LoginLimits {
            verifications: Some(1),
            verification_wait: std::time::Duration::from_millis(1),
            per_pair: 100,
            ..LoginLimits::default()
        };
        let Some(app) = spawn_app_with(db, ServerConfig { login_limits: limits, ..ServerConfig::default() }).await
        else {
            return;
        };
        let app = Arc::new(app);
        let mut handles = Vec::new();
        for i in 0..24 {
            let app = Arc::clone(&app);
            let user = ["demo", "ecarter", "hkim"][i % 3];
            handles.push(tokio::spawn(async move { app.login_raw(user, &digest("demo")).await.status() }));
        }
        let mut statuses = Vec::new();
        for handle in handles {
            statuses.push(handle.await.expect("task"));
        }
        assert!(statuses.iter().all(|s| [200, 401, 503].contains(&s.as_u16())), "{statuses:?}");
        assert!(statuses.contains(&StatusCode::SERVICE_UNAVAILABLE), "the burst queued: {statuses:?}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        burst(Db::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        burst(Db::Postgres).await;
    }
}
