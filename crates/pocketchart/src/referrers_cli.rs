//! `pocketchart referrers import|export`: the practice's referrers as a CSV file
//! (`domain::referrers::CSV_HEADER`). An import checks every line first (NPIs by their
//! check digit) and stores nothing unless the whole file is valid; a referrer already
//! stored (the same NPI, or without one the same name and company) is updated, the rest
//! are added.

use std::path::PathBuf;

use anyhow::Context;
use chrono::{DateTime, Utc};
use clap::Subcommand;
use domain::referrers;
use store::Store;
use store::audit::{AuditEntry, Outcome};

#[derive(Subcommand)]
pub enum ReferrersCommand {
    /// Add or update referrers from a CSV file (all or nothing; errors by line)
    Import {
        /// A file whose first line is the header `pocketchart referrers export` writes;
        /// phone types are office, mobile, fax or other
        file: PathBuf,
    },
    /// Write every referrer as CSV, in the format import reads
    Export {
        /// The file to write; standard output when left out
        #[arg(long)]
        to: Option<PathBuf>,
    },
}

pub async fn run(command: ReferrersCommand, store: &Store, now: DateTime<Utc>, actor: &str) -> anyhow::Result<()> {
    match command {
        ReferrersCommand::Import { file } => {
            let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?;
            let list = match referrers::parse_csv(&text) {
                Ok(list) => list,
                Err(errors) => {
                    for error in &errors {
                        eprintln!("{}:{}: {}", file.display(), error.line, error.message);
                    }
                    anyhow::bail!("{} lines are not valid; nothing was imported", errors.len());
                }
            };
            let audit = AuditEntry::new("referrers.import", Outcome::Success).detail(actor.to_owned());
            let imported = store.import_referrers(&list, now, audit).await?;
            println!("{} referrers added, {} updated.", imported.added, imported.updated);
        }
        ReferrersCommand::Export { to } => {
            let list: Vec<_> = store.all_referrers().await?.iter().map(store::referrers::checked_of).collect();
            let text = referrers::write_csv(&list);
            match to {
                Some(path) => {
                    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
                    println!("{} referrers written to {}.", list.len(), path.display());
                }
                None => print!("{text}"),
            }
        }
    }
    Ok(())
}
