//! `pocketchart fees import|export`: a fee schedule's procedure codes as a CSV file
//! (`code,description,notes,fee,units,calculation_method`, fees in dollars and cents).
//! An import checks every line first and stores nothing unless the whole file is valid.

use std::path::PathBuf;

use anyhow::Context;
use chrono::{DateTime, Utc};
use clap::Subcommand;
use domain::billing::fees;
use store::Store;
use store::audit::{AuditEntry, Outcome};

#[derive(Subcommand)]
pub enum FeesCommand {
    /// Replace a fee schedule's codes with those of a CSV file (all or nothing; errors by line)
    Import {
        /// The fee schedule's name, as the app lists it
        #[arg(long)]
        schedule: String,
        /// code,description,notes,fee,units,calculation_method (fee in dollars, e.g. 125.00;
        /// calculation_method 0 for a flat fee, 1 for fee times units)
        file: PathBuf,
    },
    /// Write a fee schedule's codes as CSV, in the format import reads
    Export {
        #[arg(long)]
        schedule: String,
        /// The file to write; standard output when left out
        #[arg(long)]
        to: Option<PathBuf>,
    },
}

pub async fn run(command: FeesCommand, store: &Store, now: DateTime<Utc>, actor: &str) -> anyhow::Result<()> {
    match command {
        FeesCommand::Import { schedule, file } => {
            let id = schedule_id(store, &schedule).await?;
            let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?;
            let lines = match fees::parse_csv(&text) {
                Ok(lines) => lines,
                Err(errors) => {
                    for error in &errors {
                        eprintln!("{}:{}: {}", file.display(), error.line, error.message);
                    }
                    anyhow::bail!("{} lines are not valid; nothing was imported", errors.len());
                }
            };
            let count = store.replace_fees(id, &lines).await?;
            let entry = AuditEntry::new("fees.import", Outcome::Success)
                .detail(format!("{actor} loaded {count} codes into fee schedule {id}"));
            store.record_audit(now, entry).await?;
            println!("{count} codes loaded into '{schedule}'.");
        }
        FeesCommand::Export { schedule, to } => {
            let id = schedule_id(store, &schedule).await?;
            let lines: Vec<_> = store.fees_of(id).await?.iter().map(store::billing::fee_line).collect();
            let text = fees::write_csv(&lines);
            match to {
                Some(path) => {
                    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
                    println!("{} codes of '{schedule}' written to {}.", lines.len(), path.display());
                }
                None => print!("{text}"),
            }
        }
    }
    Ok(())
}

async fn schedule_id(store: &Store, name: &str) -> anyhow::Result<i64> {
    match store.fee_schedule_by_name(name.trim()).await? {
        Some(schedule) => Ok(schedule.id),
        None => anyhow::bail!("no fee schedule is named '{name}'"),
    }
}
