//! `pocketchart restore`: a SQLite backup written by `pocketchart backup --to` becomes a
//! new database. The backup is checked first (`PRAGMA integrity_check`, and that it holds
//! a practice), copied privately (0600) under a name that did not exist, migrated, and its
//! tables counted. Nothing that exists is ever overwritten, and a failed restore leaves
//! nothing behind. PostgreSQL is restored with `pg_restore` (docs/deployment.md).

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Args;
use store::Store;

#[derive(Args)]
pub struct RestoreArgs {
    /// The backup file written by `pocketchart backup --to`
    #[arg(long)]
    from: PathBuf,
    /// The new database: a path or sqlite://PATH that does not exist yet
    #[arg(long)]
    to: String,
}

/// Files SQLite keeps beside a database; a stale one beside the new path would be read
/// into the restored copy.
const COMPANIONS: [&str; 4] = ["", "-wal", "-shm", "-journal"];

/// The restored database's URL (where its keys file is looked for).
pub fn target_url(args: &RestoreArgs) -> anyhow::Result<String> {
    Ok(format!("sqlite://{}", target_path(&args.to)?.display()))
}

/// Restores `args.from`; the practice's keys file must already be at `keys_path` (the
/// backup's SSNs and audit chain are sealed with it; a new one would open neither).
pub async fn run(args: RestoreArgs, keys_path: &Path) -> anyhow::Result<()> {
    let target = target_path(&args.to)?;
    for suffix in COMPANIONS {
        let file = with_suffix(&target, suffix);
        if file.exists() || file.is_symlink() {
            bail!("{} already exists; restore into a new database path, nothing was changed", file.display());
        }
    }
    if !keys_path.is_file() {
        bail!(
            "the practice's keys file is not at {}: copy it there (or pass --keys-file); \
             without it the backup's SSNs and audit log cannot be read. Nothing was changed",
            keys_path.display()
        );
    }
    let (keys, _) = store::keys::Keys::load_or_create(keys_path)?;
    let keys = std::sync::Arc::new(keys);
    let backup = store::restore::inspect_sqlite_backup(&args.from).await?;
    if !backup.is_sound() {
        let shown: Vec<&str> = backup.integrity.iter().take(10).map(String::as_str).collect();
        bail!("{} fails its integrity check; nothing was restored:\n  {}", args.from.display(), shown.join("\n  "));
    }
    copy_private(&args.from, &target)?;

    let url = format!("sqlite://{}", target.display());
    let restored = match open_and_count(&url, keys, &args.from).await {
        Ok(restored) => restored,
        Err(error) => {
            for suffix in COMPANIONS {
                let _ = std::fs::remove_file(with_suffix(&target, suffix));
            }
            return Err(error.context("the restored copy could not be opened and migrated; it was removed"));
        }
    };
    println!(
        "Restored {} to {} (integrity ok; {} migrations in the backup, {} after migrating).",
        args.from.display(),
        target.display(),
        backup.migrations.len(),
        restored.migrations
    );
    let width = restored.counts.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    for (table, rows) in &restored.counts {
        println!("  {table:<width$}  {rows:>9}");
    }
    println!("Start the server with --database {url}");
    Ok(())
}

struct Restored {
    migrations: usize,
    counts: Vec<(String, u64)>,
}

async fn open_and_count(url: &str, keys: std::sync::Arc<store::keys::Keys>, from: &Path) -> anyhow::Result<Restored> {
    let store = Store::open(url, keys).await.context("cannot open the restored copy")?;
    let outcome = async {
        // The copy's own log says where it came from.
        let entry = store::audit::AuditEntry::new("restore", store::audit::Outcome::Success)
            .detail(format!("restored from {}", from.display()));
        store.record_audit(chrono::Utc::now(), entry).await?;
        let migrations = store.applied_migrations().await?.len();
        let counts = store.table_counts().await?;
        Ok::<_, store::DbErr>(Restored { migrations, counts })
    }
    .await;
    store.close().await;
    Ok(outcome?)
}

/// A plain path or a `sqlite://` URL; PostgreSQL has its own tool.
fn target_path(to: &str) -> anyhow::Result<PathBuf> {
    if to.starts_with("postgres://") || to.starts_with("postgresql://") {
        bail!(
            "PostgreSQL is restored with pg_restore into a new database: \
             createdb NEW && pg_restore --no-owner --dbname postgres://.../NEW pocketchart.dump, \
             then `pocketchart --database postgres://.../NEW migrate` (see docs/deployment.md)"
        );
    }
    let path = match to.strip_prefix("sqlite://").or_else(|| to.strip_prefix("sqlite:")) {
        Some(rest) => rest.split('?').next().unwrap_or(rest),
        None => to,
    };
    if path.is_empty() || path == ":memory:" {
        bail!("--to names a file: a path or sqlite://PATH");
    }
    Ok(PathBuf::from(path))
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Copies `from` to a private staging file beside `to`, syncs it, then links it in under
/// `to`: the link fails rather than replace a file that appeared meanwhile, and a copy cut
/// short never carries the database's name.
fn copy_private(from: &Path, to: &Path) -> anyhow::Result<()> {
    let folder = to.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).with_context(|| format!("cannot create {}", folder.display()))?;
    let name = to.file_name().context("--to names a file")?.to_string_lossy();
    let staging = folder.join(format!(".{name}.restoring-{}", std::process::id()));
    let copied = (|| {
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut output = options.open(&staging).with_context(|| format!("cannot create {}", staging.display()))?;
        let mut input = File::open(from).with_context(|| format!("cannot read {}", from.display()))?;
        std::io::copy(&mut input, &mut output).with_context(|| format!("cannot copy to {}", staging.display()))?;
        output.sync_all()?;
        std::fs::hard_link(&staging, to).map_err(|error| {
            if error.kind() == std::io::ErrorKind::AlreadyExists {
                anyhow::anyhow!("{} already exists; restore into a new database path", to.display())
            } else {
                anyhow::Error::from(error).context(format!("cannot create {}", to.display()))
            }
        })
    })();
    let _ = std::fs::remove_file(&staging);
    copied?;
    // The new name itself is durable once its folder is synced.
    File::open(folder).and_then(|dir| dir.sync_all()).with_context(|| format!("cannot sync {}", folder.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_paths_or_sqlite_urls_never_postgres() {
        assert_eq!(target_path("data/new.db").ok(), Some(PathBuf::from("data/new.db")));
        assert_eq!(target_path("sqlite:///srv/new.db?mode=rwc").ok(), Some(PathBuf::from("/srv/new.db")));
        assert_eq!(target_path("sqlite:new.db").ok(), Some(PathBuf::from("new.db")));
        assert!(target_path("postgres://u@h/db").is_err_and(|e| e.to_string().contains("pg_restore")));
        assert!(target_path("sqlite::memory:").is_err());
    }

    #[test]
    fn companions_sit_beside_the_database() {
        assert_eq!(with_suffix(Path::new("/d/p.db"), "-wal"), PathBuf::from("/d/p.db-wal"));
    }
}
