//! `spawn_app`: the real application on port 0, against a fresh SQLite file or a fresh
//! PostgreSQL database, filled with a small demo practice. Each test gets its own: a copy of
//! one practice migrated and filled once per test process and database kind (the migrations
//! and the demo are most of a test's time, the PostgreSQL ones waiting on the disk), so a
//! test still starts from the same state and changes only its own copy.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use demo::DemoOptions;
use domain::credentials::PasswordDigest;
use reqwest::{Method, Response, StatusCode};
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use server::{ManualClock, ServerConfig};
use store::Store;

#[derive(Clone, Copy, Debug)]
pub enum Db {
    Sqlite,
    Postgres,
}

/// Where PostgreSQL test databases are created. The machines of this project run
/// PostgreSQL on 127.0.0.1:5432 with trust auth.
fn postgres_admin_url() -> String {
    std::env::var("POCKETCHART_TEST_POSTGRES_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

fn postgres_required() -> bool {
    std::env::var("REQUIRE_POSTGRES").is_ok_and(|v| v == "1" || v.eq_ignore_ascii_case("true"))
}

/// The instant every test starts at.
pub fn start_time() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-22T15:00:00Z").expect("start").with_timezone(&Utc)
}

/// How many patients the test practice holds: enough for realistic lists, few enough
/// to keep each test quick.
pub const TEST_PATIENTS: usize = 40;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub clock: ManualClock,
    pub store: Store,
    /// The audit queue, flushed before a test reads the log.
    audit_sink: server::audit::AuditSink,
    database: TestDatabase,
}

enum TestDatabase {
    /// Removed with the test.
    Sqlite {
        _folder: tempdir::TempDir,
    },
    Postgres {
        name: String,
    },
}

mod tempdir {
    use std::path::{Path, PathBuf};

    /// A folder removed when dropped.
    pub struct TempDir(PathBuf);

    impl TempDir {
        pub fn new(label: &str) -> Self {
            let path = std::env::temp_dir().join(format!(
                "pocketchart-test-{label}-{}-{}",
                std::process::id(),
                super::unique()
            ));
            std::fs::create_dir_all(&path).expect("temp dir");
            Self(path)
        }

        pub fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn unique() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed) * 1000 + rand::random::<u16>() as u32 % 1000
}

/// Starts the app, or None when the database is PostgreSQL and none is reachable
/// (which fails the test instead when REQUIRE_POSTGRES=1).
pub async fn spawn_app(db: Db) -> Option<TestApp> {
    spawn_app_with(db, ServerConfig::default()).await
}

pub async fn spawn_app_with(db: Db, config: ServerConfig) -> Option<TestApp> {
    let (url, database, keys) = match db {
        Db::Sqlite => {
            let template = sqlite_template().await;
            let dir = tempdir::TempDir::new("sqlite");
            let file = dir.path().join("pocketchart.db");
            std::fs::copy(&template.at, &file).expect("copy the template practice");
            let url = format!("sqlite://{}", file.display());
            (url, TestDatabase::Sqlite { _folder: dir }, template.keys.clone())
        }
        Db::Postgres => {
            let template = match postgres_template().await {
                Ok(template) => template,
                Err(error) if !postgres_required() => {
                    eprintln!(
                        "PostgreSQL not reachable ({error}); skipping the PostgreSQL variant. Set REQUIRE_POSTGRES=1 to fail instead."
                    );
                    return None;
                }
                Err(error) => panic!("REQUIRE_POSTGRES=1 but PostgreSQL is not reachable: {error}"),
            };
            let name = format!("pc_test_{}_{}", std::process::id(), unique());
            let url = create_postgres_database(&name, Some(&template.at)).await.expect("copy the template practice");
            (url, TestDatabase::Postgres { name }, template.keys.clone())
        }
    };

    let clock = ManualClock::starting_at(start_time());
    // Opening runs the migrations, which find the copy up to date.
    let store = Store::open(&url, keys).await.expect("open store");
    let app = server::app(store.clone(), config, Arc::new(clock.clone())).await.expect("app");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(server::serve(listener, app.router, std::future::pending()));

    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    Some(TestApp { address, client, clock, store, audit_sink: app.audit, database })
}

/// The practice every test of one database kind copies, with the keys it was sealed and
/// chained with (a copy needs the same keys to read its identifiers and verify its log).
struct Template<T> {
    keys: Arc<store::keys::Keys>,
    /// SQLite: the database file; PostgreSQL: the database's name.
    at: T,
}

/// Migrates a new database and fills it with the test practice, then closes it.
async fn build_practice(url: &str) -> Result<Arc<store::keys::Keys>, sea_orm::DbErr> {
    let keys = Arc::new(store::keys::Keys::generate());
    let store = Store::open(url, keys.clone()).await.map_err(|e| sea_orm::DbErr::Custom(e.to_string()))?;
    demo::fill(&store, &DemoOptions { patients: TEST_PATIENTS, ..DemoOptions::at(start_time()) })
        .await
        .map_err(|e| sea_orm::DbErr::Custom(format!("demo practice: {e}")))?;
    if store.backend() == store::Backend::Sqlite {
        // Everything into the main file, so a copy of that file is the whole database.
        store.connection().execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)").await?;
    }
    store.close().await;
    Ok(keys)
}

async fn sqlite_template() -> &'static Template<PathBuf> {
    static TEMPLATE: tokio::sync::OnceCell<Template<PathBuf>> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            // Kept for the test process's life; a later run removes what ended processes left.
            let folder = std::env::temp_dir().join(format!("pocketchart-test-template-{}", std::process::id()));
            remove_templates_of_ended_runs();
            std::fs::create_dir_all(&folder).expect("template folder");
            let file = folder.join("pocketchart.db");
            let keys = build_practice(&format!("sqlite://{}", file.display())).await.expect("template practice");
            Template { keys, at: file }
        })
        .await
}

/// The SQLite templates of test processes that are no longer running.
fn remove_templates_of_ended_runs() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(pid) = name.strip_prefix("pocketchart-test-template-").and_then(|p| p.parse::<u32>().ok())
            && !process_is_running(pid)
        {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

fn process_is_running(pid: u32) -> bool {
    std::path::Path::new(&format!("/proc/{pid}")).exists()
}

async fn postgres_template() -> Result<&'static Template<String>, sea_orm::DbErr> {
    static TEMPLATE: tokio::sync::OnceCell<Template<String>> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_try_init(|| async {
            drop_postgres_templates_of_ended_runs().await?;
            let name = format!("pc_template_{}", std::process::id());
            let url = create_postgres_database(&name, None).await?;
            let keys = build_practice(&url).await?;
            Ok(Template { keys, at: name })
        })
        .await
}

async fn drop_postgres_templates_of_ended_runs() -> Result<(), sea_orm::DbErr> {
    let admin = sea_orm::Database::connect(&postgres_admin_url()).await?;
    let rows = admin
        .query_all_raw(sea_orm::Statement::from_string(
            sea_orm::DbBackend::Postgres,
            "SELECT datname FROM pg_database WHERE datname LIKE 'pc\\_template\\_%'",
        ))
        .await?;
    for row in rows {
        let name: String = row.try_get_by_index(0)?;
        let pid = name.strip_prefix("pc_template_").and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|pid| !process_is_running(pid)) {
            admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await?;
        }
    }
    admin.close().await?;
    Ok(())
}

/// A new database (a copy of `template` when given); its URL.
async fn create_postgres_database(name: &str, template: Option<&str>) -> Result<String, sea_orm::DbErr> {
    let admin_url = postgres_admin_url();
    let admin = sea_orm::Database::connect(&admin_url).await?;
    let copy_of = template.map(|t| format!(" TEMPLATE {t}")).unwrap_or_default();
    admin.execute_unprepared(&format!("CREATE DATABASE {name}{copy_of}")).await?;
    admin.close().await?;
    let base = admin_url.rsplit_once('/').map_or(admin_url.as_str(), |(base, _)| base);
    Ok(format!("{base}/{name}"))
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let TestDatabase::Postgres { name } = &self.database {
            // Dropped from a thread of its own: Drop cannot await on the test's runtime.
            let name = name.clone();
            let _ = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
                runtime.block_on(async {
                    if let Ok(admin) = sea_orm::Database::connect(&postgres_admin_url()).await {
                        let _ = admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await;
                        let _ = admin.close().await;
                    }
                });
            })
            .join();
        }
    }
}

/// The hex SHA-256 the web app sends for a typed password.
pub fn digest(typed: &str) -> String {
    PasswordDigest::of_typed(typed).as_str().to_owned()
}

/// The payload of a JWT, decoded without checking it.
pub fn token_payload(token: &str) -> Value {
    let payload = token.split('.').nth(1).expect("payload part");
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).expect("base64")).expect("json")
}

pub fn jwt_of(response: &Response) -> Option<String> {
    response.headers().get("jwt").map(|v| v.to_str().expect("ascii").to_owned())
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Another server on the same database and clock (a restart, or a second server
    /// behind a load balancer); its base URL.
    pub async fn second_server(&self, config: ServerConfig) -> String {
        let app = server::app(self.store.clone(), config, Arc::new(self.clock.clone())).await.expect("app");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let address = format!("http://{}", listener.local_addr().expect("address"));
        tokio::spawn(server::serve(listener, app.router, std::future::pending()));
        address
    }

    /// Another server on the same database, with its own connection limits or TLS;
    /// its address (host:port).
    pub async fn server_listening(&self, listening: server::listen::Listening) -> std::net::SocketAddr {
        let app =
            server::app(self.store.clone(), ServerConfig::default(), Arc::new(self.clock.clone())).await.expect("app");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let address = listener.local_addr().expect("address");
        tokio::spawn(server::listen::serve(listener, app.router, listening, std::future::pending()));
        address
    }

    pub async fn login_raw(&self, username: &str, password_digest: &str) -> Response {
        self.client
            .post(self.url("/api/login"))
            .json(&json!({"clientType": 8, "username": username, "password": password_digest}))
            .send()
            .await
            .expect("login request")
    }

    /// Logs in with a typed password; the token on success.
    pub async fn login(&self, username: &str, password: &str) -> Option<String> {
        let response = self.login_raw(username, &digest(password)).await;
        (response.status() == StatusCode::OK).then(|| jwt_of(&response)).flatten()
    }

    /// A token of the demo user.
    pub async fn demo_token(&self) -> String {
        self.login("demo", "demo").await.expect("demo login")
    }

    pub async fn call(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> Response {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.header("jwt", token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.expect("request")
    }

    pub async fn get(&self, path: &str, token: &str) -> Response {
        self.call(Method::GET, path, Some(token), None).await
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> Response {
        self.call(Method::POST, path, Some(token), Some(body)).await
    }

    pub async fn patch(&self, path: &str, token: &str, body: Value) -> Response {
        self.call(Method::PATCH, path, Some(token), Some(body)).await
    }

    /// A change as a client makes it: the record read first, its `version` sent back
    /// with the change (unless the body names one).
    pub async fn edit(&self, path: &str, token: &str, mut body: Value) -> Response {
        let read = self.get(path, token).await;
        assert_eq!(read.status(), StatusCode::OK, "read {path} before changing it");
        let version = json_of(read).await["version"].clone();
        assert!(version.is_i64(), "{path} answers its version");
        if let Some(fields) = body.as_object_mut() {
            fields.entry("version").or_insert(version);
        }
        self.patch(path, token, body).await
    }

    pub async fn keepalive(&self, token: &str) -> Response {
        self.call(Method::PATCH, "/api/keepalive", Some(token), None).await
    }

    /// The newest audit entries with this action, newest first (after the queue of
    /// this server is written).
    pub async fn audit(&self, action: &str) -> Vec<store::entities::audit_log::Model> {
        self.audit_sink.flush().await;
        self.store
            .audit_entries(store::audit::AuditQuery { action: Some(action.into()), limit: 100, ..Default::default() })
            .await
            .expect("audit entries")
    }
}

/// The JSON body of a response.
pub async fn json_of(response: Response) -> Value {
    response.json().await.expect("json body")
}

/// Where the repository's files are, for tests that read them.
pub fn repository_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs each listed `async fn(TestApp)` once on SQLite and once on PostgreSQL.
#[macro_export]
macro_rules! on_both_databases {
    ($($test:ident),* $(,)?) => {
        $(
            mod $test {
                use $crate::helpers::{spawn_app, Db};

                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    let app = spawn_app(Db::Sqlite).await.expect("SQLite is always available");
                    super::$test(app).await;
                }

                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    if let Some(app) = spawn_app(Db::Postgres).await {
                        super::$test(app).await;
                    }
                }
            }
        )*
    };
}
