//! `pocketchart`: the practice-management server and its admin commands in one binary.

mod audit_cli;
mod fees_cli;
mod referrers_cli;
mod restore;
mod settings;

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, bail};
use clap::{Args, Parser, Subcommand};
use demo::DemoOptions;
use domain::credentials::{PasswordDigest, hash_password, normalize_username, password_problem};
use server::{Clock, ServerConfig, SystemClock};
use settings::{DEFAULT_DATABASE_URL, DEFAULT_LISTEN, FileSettings};
use store::Store;
use store::audit::{AuditEntry, Outcome};
use store::keys::Keys;
use store::users::NewUser;

// mimalloc: fewer cycles per allocation than the system allocator under many threads
// (issue 17: allocation was 12% of the server's CPU at 32 clients).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "pocketchart", version, about = "Practice-management server for medical and dental practices")]
struct Cli {
    /// Database URL: sqlite://PATH or postgres://USER@HOST/DB [default: sqlite://data/pocketchart.db]
    #[arg(long = "database", global = true, env = "POCKETCHART_DATABASE_URL")]
    database_url: Option<String>,
    /// Config file (TOML) [default: ./pocketchart.toml when present]
    #[arg(long, global = true, env = "POCKETCHART_CONFIG")]
    config: Option<PathBuf>,
    /// The keys file (token signing, audit chain and SSN keys), created 0600 when absent
    /// [default: pocketchart.keys beside a SQLite database, else in the working folder]
    #[arg(long, global = true, env = "POCKETCHART_KEYS_FILE")]
    keys_file: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the web app
    Serve(ServeArgs),
    /// Bring the database schema up to date, then exit
    Migrate,
    /// Manage staff and provider logins
    #[command(subcommand)]
    User(UserCommand),
    /// Fill an empty database with the demo practice
    Demo {
        /// How many patients to create
        #[arg(long, default_value_t = demo::DEFAULT_PATIENTS)]
        patients: usize,
        /// Seed of the generator; the same seed gives the same practice
        #[arg(long, default_value_t = demo::DEFAULT_SEED)]
        seed: u64,
    },
    /// Write a consistent copy of a SQLite database while the server runs
    Backup {
        /// The new backup file (must not exist)
        #[arg(long)]
        to: PathBuf,
    },
    /// Restore a SQLite backup to a new database: checked, copied 0600, migrated, counted
    Restore(restore::RestoreArgs),
    /// Print the API's OpenAPI document
    Openapi,
    /// Check the audit log's chain, or print a report of it
    #[command(subcommand)]
    Audit(audit_cli::AuditCommand),
    /// Manage the keys file
    #[command(subcommand)]
    Keys(KeysCommand),
    /// The practice's vaccine list (the built-in CVX codes and the practice's own)
    #[command(subcommand)]
    Vaccines(VaccinesCommand),
    /// A fee schedule's procedure codes: load a practice's list from CSV, or write it out
    #[command(subcommand)]
    Fees(fees_cli::FeesCommand),
    /// The practice's referrers: load them from CSV, or write them out
    #[command(subcommand)]
    Referrers(referrers_cli::ReferrersCommand),
}

#[derive(Subcommand)]
enum VaccinesCommand {
    /// Add a vaccine to the list the immunization form offers, or rename one the practice added
    Add {
        /// CDC CVX code: one to three digits
        cvx: String,
        /// The name the form shows
        name: String,
    },
    /// Print the list: CVX code, name, and whether the practice added it
    List,
}

#[derive(Subcommand)]
enum KeysCommand {
    /// Add a new SSN encryption key to the keys file and re-encrypt every SSN with it
    /// (the old keys stay in the file, so backups made before can still be read)
    Rotate,
}

#[derive(Args)]
struct ServeArgs {
    /// Address to listen on [default: 127.0.0.1:8080]
    #[arg(long, env = "POCKETCHART_LISTEN")]
    listen: Option<String>,
    /// Fill an empty database with the demo practice first
    #[arg(long, env = "POCKETCHART_DEMO")]
    demo: bool,
    /// Take client addresses from X-Forwarded-For (only behind a reverse proxy)
    #[arg(long, env = "POCKETCHART_TRUST_FORWARDED_FOR")]
    trust_forwarded_for: bool,
    /// Log lines as JSON instead of text
    #[arg(long, env = "POCKETCHART_LOG_FORMAT", value_parser = ["text", "json"])]
    log_format: Option<String>,
    /// Serve the web app from this folder instead of the built-in copy (development)
    #[arg(long, env = "POCKETCHART_WEB_DIR")]
    web_dir: Option<PathBuf>,
    /// Serve HTTPS with this certificate chain (PEM), for a practice without a reverse
    /// proxy; needs --tls-key
    #[arg(long, env = "POCKETCHART_TLS_CERT", requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM)
    #[arg(long, env = "POCKETCHART_TLS_KEY", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
}

#[derive(Subcommand)]
enum UserCommand {
    /// Create a login; the password is asked for (or read from standard input)
    Add {
        #[arg(long)]
        username: String,
        #[arg(long)]
        first_name: String,
        #[arg(long)]
        last_name: String,
        /// Credentials or role, such as DDS or Front Desk
        #[arg(long, default_value = "")]
        title: String,
        /// The user is a provider (appears in provider lists)
        #[arg(long)]
        provider: bool,
        /// National Provider Identifier
        #[arg(long, default_value = "")]
        npi: String,
    },
    /// Set a new password; ends the user's sessions
    Passwd { username: String },
    /// Stop a user from logging in; ends their sessions at once
    Disable { username: String },
    /// Let a disabled user log in again
    Enable { username: String },
}

fn init_logging(json: bool) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn,sea_orm=warn,sea_orm_migration=warn"));
    let builder =
        tracing_subscriber::fmt().with_env_filter(filter).with_target(false).with_ansi(std::io::stdout().is_terminal());
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let file = FileSettings::load(cli.config.as_deref())?;
    let database_url = cli
        .database_url
        .clone()
        .or_else(|| file.database_url.clone())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned());

    match cli.command {
        Command::Serve(args) => {
            let json_logs = args.log_format.as_deref().or(file.log_format.as_deref()) == Some("json");
            init_logging(json_logs);
            let keys = load_keys(cli.keys_file.as_deref().or(file.keys_file.as_deref()), &database_url)?;
            serve(args, file, &database_url, keys).await
        }
        Command::Openapi => {
            println!("{}", server::openapi_document().to_pretty_json()?);
            Ok(())
        }
        Command::Keys(KeysCommand::Rotate) => {
            init_logging(false);
            rotate_keys(&settings::keys_path(cli.keys_file.or(file.keys_file).as_deref(), &database_url), &database_url)
                .await
        }
        Command::Restore(args) => {
            init_logging(false);
            let keys_path =
                settings::keys_path(cli.keys_file.or(file.keys_file).as_deref(), &restore::target_url(&args)?);
            restore::run(args, &keys_path).await
        }
        command => {
            init_logging(false);
            let keys = load_keys(cli.keys_file.or(file.keys_file).as_deref(), &database_url)?;
            let store = Store::open(&database_url, keys).await.context(OPEN_FAILED)?;
            let outcome = admin(command, &store).await;
            store.close().await;
            outcome
        }
    }
}

/// Said when the database cannot be opened, which includes SSNs the keys do not open.
const OPEN_FAILED: &str = "cannot open the database (if it names an identifier that cannot be decrypted, \
    the keys file is not this practice's: pass the right one with --keys-file)";

/// The keys file's keys, creating the file (0600) at first start.
fn load_keys(named: Option<&std::path::Path>, database_url: &str) -> anyhow::Result<Arc<Keys>> {
    let path = settings::keys_path(named, database_url);
    let (keys, created) = Keys::load_or_create(&path)?;
    if created {
        tracing::warn!(path = %path.display(), "keys file created; back it up apart from the database");
    }
    Ok(Arc::new(keys))
}

/// A new SSN key: the keys file is replaced (through a private temporary file renamed
/// over it), then every SSN is sealed again with the new key.
async fn rotate_keys(path: &std::path::Path, database_url: &str) -> anyhow::Result<()> {
    let (keys, _) = Keys::load_or_create(path)?;
    let rotated = keys.with_new_identifier_key();
    let staging = path.with_extension("keys.new");
    let _ = std::fs::remove_file(&staging);
    rotated.write_new(&staging).with_context(|| format!("cannot write {}", staging.display()))?;
    std::fs::rename(&staging, path).with_context(|| format!("cannot replace {}", path.display()))?;
    // Opening seals every identifier not yet sealed with the current (new) key.
    let store = Store::open(database_url, Arc::new(rotated)).await.context(OPEN_FAILED)?;
    let now = SystemClock.now();
    store.record_audit(now, AuditEntry::new("keys.rotate", Outcome::Success).detail(cli_actor())).await?;
    store.close().await;
    println!("A new SSN key is in {}; every SSN is encrypted with it. Back up the keys file.", path.display());
    Ok(())
}

/// Who ran an admin command, for its audit entry: the operating-system user.
fn cli_actor() -> String {
    let user = std::env::var("SUDO_USER").or_else(|_| std::env::var("USER")).unwrap_or_else(|_| "unknown".into());
    format!("command line, as {user}")
}

async fn serve(args: ServeArgs, file: FileSettings, database_url: &str, keys: Arc<Keys>) -> anyhow::Result<()> {
    let listen = args.listen.or(file.listen).unwrap_or_else(|| DEFAULT_LISTEN.to_owned());
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let store = Store::open(database_url, keys).await.context(OPEN_FAILED)?;

    if args.demo || file.demo.unwrap_or(false) {
        if store.is_empty_practice().await? {
            let summary = demo::fill(&store, &DemoOptions::at(clock.now())).await?;
            tracing::info!(
                users = summary.users,
                patients = summary.patients,
                "demo practice created; log in as demo / demo"
            );
        } else {
            tracing::info!("demo requested, but the database already holds a practice; it is left as it is");
        }
    }

    // The diagnosis code set this binary carries, in the database before the first answer.
    let loaded = store.load_diagnosis_codes().await.context("cannot write the ICD-10-CM codes")?;
    if loaded > 0 {
        tracing::info!(codes = loaded, release = %store::diagnosis::code_set().release, "ICD-10-CM codes written");
    }

    let config = ServerConfig {
        trust_forwarded_for: args.trust_forwarded_for || file.trust_forwarded_for.unwrap_or(false),
        jwt_secret: match std::env::var("POCKETCHART_JWT_SECRET").ok().or(file.jwt_secret) {
            Some(raw) => Some(settings::jwt_secret(&raw)?),
            None => None,
        },
        web_dir: args.web_dir.or(file.web_dir),
        help: settings::help_content(file.help, |name| std::env::var(name).ok())?,
        ..ServerConfig::default()
    };
    let tls = match (args.tls_cert.or(file.tls_cert), args.tls_key.or(file.tls_key)) {
        (Some(cert), Some(key)) => Some(server::listen::tls_config(&cert, &key)?),
        (None, None) => None,
        _ => bail!("tls_cert and tls_key go together"),
    };
    let scheme = if tls.is_some() { "https" } else { "http" };
    let app = server::app(store.clone(), config, Arc::clone(&clock)).await?;
    let listener =
        tokio::net::TcpListener::bind(&listen).await.with_context(|| format!("cannot listen on {listen}"))?;
    let address = listener.local_addr()?;
    tracing::info!(%address, "Pocketchart is serving at {scheme}://{address}{}", server::BASE_PATH);
    server::spawn_housekeeping(store.clone(), clock);
    let listening = server::listen::Listening { tls, ..server::listen::Listening::default() };
    server::listen::serve(listener, app.router, listening, shutdown_signal()).await?;
    // Requests are done; write what the audit queue still holds before closing.
    app.audit.flush().await;
    drop(app.audit);
    app.audit_writer.finished().await;
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}

async fn admin(command: Command, store: &Store) -> anyhow::Result<()> {
    let now = SystemClock.now();
    match command {
        Command::Migrate => {
            let applied = store.applied_migrations().await?;
            let loaded = store.load_diagnosis_codes().await?;
            println!("Database is up to date ({} migrations applied).", applied.len());
            if loaded > 0 {
                println!("{loaded} ICD-10-CM codes written ({}).", store::diagnosis::code_set().release);
            }
        }
        Command::Demo { patients, seed } => {
            let summary = demo::fill(store, &DemoOptions { seed, now, patients }).await?;
            println!(
                "Demo practice created: {} users, {} accounts, {} patients. Log in as demo / demo.",
                summary.users, summary.accounts, summary.patients
            );
        }
        Command::Backup { to } => {
            store.backup_to(&to).await?;
            let entry =
                AuditEntry::new("backup", Outcome::Success).detail(format!("{} to {}", cli_actor(), to.display()));
            store.record_audit(now, entry).await?;
            println!("Backup written to {}", to.display());
        }
        Command::User(user) => user_command(user, store, now).await?,
        Command::Audit(audit) => audit_cli::run(audit, store).await?,
        Command::Vaccines(vaccines) => vaccines_command(vaccines, store, now).await?,
        Command::Fees(command) => fees_cli::run(command, store, now, &cli_actor()).await?,
        Command::Referrers(command) => referrers_cli::run(command, store, now, &cli_actor()).await?,
        Command::Serve(_) | Command::Openapi | Command::Keys(_) | Command::Restore(_) => {
            unreachable!("handled in main")
        }
    }
    Ok(())
}

async fn vaccines_command(
    command: VaccinesCommand,
    store: &Store,
    now: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<()> {
    use domain::clinical::codes::{VACCINE_NAME_MAX, VACCINES, built_in_vaccine, is_cvx_code};
    match command {
        VaccinesCommand::Add { cvx, name } => {
            let (cvx, name) = (cvx.trim(), name.trim());
            anyhow::ensure!(is_cvx_code(cvx), "a CVX code is one to three digits");
            if let Some(built_in) = built_in_vaccine(cvx) {
                anyhow::bail!("CVX {cvx} is already on the list as '{built_in}'");
            }
            anyhow::ensure!(
                !name.is_empty() && name.chars().count() <= VACCINE_NAME_MAX,
                "the name must be 1 to {VACCINE_NAME_MAX} characters"
            );
            domain::input::check_text(name, domain::input::Lines::One).map_err(anyhow::Error::msg)?;
            store.add_vaccine(cvx, name, now).await?;
            let entry =
                AuditEntry::new("vaccines.add", Outcome::Success).detail(format!("{} added CVX {cvx}", cli_actor()));
            store.record_audit(now, entry).await?;
            println!("CVX {cvx} '{name}' is on the practice's vaccine list.");
        }
        VaccinesCommand::List => {
            for (cvx, name) in VACCINES {
                println!("{cvx}\t{name}\tbuilt-in");
            }
            for vaccine in store.added_vaccines().await? {
                println!("{}\t{}\tadded by the practice", vaccine.cvx, vaccine.name);
            }
        }
    }
    Ok(())
}

async fn user_command(command: UserCommand, store: &Store, now: chrono::DateTime<chrono::Utc>) -> anyhow::Result<()> {
    let username_of = |raw: &str| normalize_username(raw).with_context(|| format!("{raw:?} is not a valid username"));
    match command {
        UserCommand::Add { username, first_name, last_name, title, provider, npi } => {
            let username = username_of(&username)?;
            anyhow::ensure!(
                !first_name.trim().is_empty() && !last_name.trim().is_empty(),
                "first and last name are required"
            );
            let digest = read_new_password(&username)?;
            let user = store
                .create_user(
                    NewUser {
                        unique_id: username.to_uppercase(),
                        username,
                        password_hash: hash_password(&digest)?,
                        first_name: first_name.trim().to_owned(),
                        last_name: last_name.trim().to_owned(),
                        professional_title: title.trim().to_owned(),
                        is_provider: provider,
                        npi: npi.trim().to_owned(),
                    },
                    now,
                )
                .await?;
            let entry = AuditEntry::new("user.add", Outcome::Success)
                .entity("user", Some(user.id.to_string()))
                .detail(cli_actor());
            store.record_audit(now, entry).await?;
            println!("User {} created with id {}.", user.username, user.id);
        }
        UserCommand::Passwd { username } => {
            let username = username_of(&username)?;
            if store.user_by_username(&username).await?.is_none() {
                bail!("no user named {username}")
            }
            let digest = read_new_password(&username)?;
            let audit = AuditEntry::new("user.passwd", Outcome::Success).detail(cli_actor());
            let Some(change) = store.set_password_hash(&username, hash_password(&digest)?, now, audit).await? else {
                bail!("no user named {username}")
            };
            println!("Password of {username} changed; {} session(s) ended.", change.sessions_ended);
        }
        UserCommand::Disable { username } => {
            let username = username_of(&username)?;
            let audit = AuditEntry::new("user.disable", Outcome::Success).detail(cli_actor());
            let Some(change) = store.set_user_disabled(&username, true, now, audit).await? else {
                bail!("no user named {username}")
            };
            println!("{username} can no longer log in; {} session(s) ended.", change.sessions_ended);
        }
        UserCommand::Enable { username } => {
            let username = username_of(&username)?;
            let audit = AuditEntry::new("user.enable", Outcome::Success).detail(cli_actor());
            if store.set_user_disabled(&username, false, now, audit).await?.is_none() {
                bail!("no user named {username}");
            }
            println!("{username} can log in again.");
        }
    }
    Ok(())
}

/// Asks twice on a terminal; reads one line otherwise (for scripts). Short and common
/// passwords are refused (the demo practice's are made by `demo`, not here).
fn read_new_password(username: &str) -> anyhow::Result<PasswordDigest> {
    let typed = if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password("New password: ")?;
        let again = rpassword::prompt_password("Again: ")?;
        anyhow::ensure!(first == again, "the two passwords differ");
        first
    } else {
        let mut line = String::new();
        std::io::stdin().lock().read_line(&mut line)?;
        line.trim_end_matches(['\r', '\n']).to_owned()
    };
    if let Some(problem) = password_problem(&typed, username) {
        bail!("{problem}");
    }
    Ok(PasswordDigest::of_typed(&typed))
}
