//! `pocketchart audit verify` and `pocketchart audit report`: proving the audit log is
//! whole, and printing who did what for a period, a patient or a user.

use std::io::Write;

use anyhow::Context;
use chrono::{DateTime, NaiveDate, Utc};
use clap::{Subcommand, ValueEnum};
use store::Store;
use store::entities::audit_log;

#[derive(Subcommand)]
pub enum AuditCommand {
    /// Check the HMAC chain of the whole log; names the first row that was changed,
    /// inserted or removed, and exits non-zero then
    Verify,
    /// Print the entries of a period, oldest first
    Report {
        /// First day (YYYY-MM-DD, UTC) or instant (RFC 3339), included
        #[arg(long)]
        from: String,
        /// Last day (YYYY-MM-DD, included) or instant (RFC 3339, excluded)
        #[arg(long)]
        to: String,
        /// Only entries about this patient id (lists that showed them included)
        #[arg(long)]
        patient: Option<i64>,
        /// Only entries by this user id
        #[arg(long)]
        user: Option<i64>,
        #[arg(long, value_enum, default_value_t = Format::Csv)]
        format: Format,
    },
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Csv,
    Json,
}

pub async fn run(command: AuditCommand, store: &Store) -> anyhow::Result<()> {
    match command {
        AuditCommand::Verify => {
            let report = store.verify_audit_chain().await?;
            if let Some(problem) = report.first_break {
                anyhow::bail!("the audit log is NOT intact: {problem} ({} rows verified before it)", report.verified);
            }
            println!(
                "The audit log is intact: {} rows verified; {} rows from before the chain began. Head: position {} link {}",
                report.verified, report.before_chain, report.head_seq, report.head_link
            );
        }
        AuditCommand::Report { from, to, patient, user, format } => {
            let from = instant(&from, false).context("--from")?;
            let to = instant(&to, true).context("--to")?;
            anyhow::ensure!(from < to, "--from must come before --to");
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            if matches!(format, Format::Csv) {
                writeln!(
                    out,
                    "id,at,user_id,username,action,outcome,patient_id,patients_shown,entity,entity_id,ip,detail"
                )?;
            }
            let written = store
                .audit_report(from, to, patient, user, |rows| {
                    for row in rows {
                        match format {
                            Format::Csv => writeln!(out, "{}", csv_line(row))?,
                            Format::Json => writeln!(out, "{}", json_line(row))?,
                        }
                    }
                    Ok(())
                })
                .await?;
            out.flush()?;
            eprintln!("{written} entries");
        }
    }
    Ok(())
}

/// A day means its midnight (UTC); the end day is included, so it means the next midnight.
fn instant(text: &str, end: bool) -> anyhow::Result<DateTime<Utc>> {
    if let Ok(at) = DateTime::parse_from_rfc3339(text) {
        return Ok(at.with_timezone(&Utc));
    }
    let day = NaiveDate::parse_from_str(text, "%Y-%m-%d").context("expected YYYY-MM-DD or an RFC 3339 instant")?;
    let day = if end { day.succ_opt().context("date out of range")? } else { day };
    Ok(day.and_hms_opt(0, 0, 0).context("midnight")?.and_utc())
}

fn json_line(row: &audit_log::Model) -> serde_json::Value {
    serde_json::json!({
        "id": row.id,
        "at": row.at.to_rfc3339(),
        "userId": row.user_id,
        "username": row.username,
        "action": row.action,
        "outcome": row.outcome,
        "patientId": row.patient_id,
        "patientsShown": shown(row),
        "entity": row.entity,
        "entityId": row.entity_id,
        "ip": row.ip,
        "detail": row.detail,
    })
}

fn shown(row: &audit_log::Model) -> Vec<i64> {
    row.patient_ids.as_deref().unwrap_or("").split(',').filter_map(|id| id.parse().ok()).collect()
}

fn csv_line(row: &audit_log::Model) -> String {
    let shown = shown(row).iter().map(i64::to_string).collect::<Vec<_>>().join(" ");
    let fields = [
        row.id.to_string(),
        row.at.to_rfc3339(),
        row.user_id.map(|id| id.to_string()).unwrap_or_default(),
        row.username.clone().unwrap_or_default(),
        row.action.clone(),
        row.outcome.clone(),
        row.patient_id.map(|id| id.to_string()).unwrap_or_default(),
        shown,
        row.entity.clone().unwrap_or_default(),
        row.entity_id.clone().unwrap_or_default(),
        row.ip.clone().unwrap_or_default(),
        row.detail.clone().unwrap_or_default(),
    ];
    fields.iter().map(|field| csv_field(field)).collect::<Vec<_>>().join(",")
}

/// Quoted when needed (RFC 4180); a leading formula character is neutralised so a
/// spreadsheet never runs what a username or detail holds.
fn csv_field(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@']) { format!("'{text}") } else { text.to_owned() };
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_cover_the_whole_last_day() {
        let from = instant("2026-11-01", false).expect("from");
        let to = instant("2026-11-01", true).expect("to");
        assert_eq!((to - from).num_hours(), 24);
        assert!(instant("11/01/2026", false).is_err());
    }

    #[test]
    fn csv_fields_are_quoted_and_never_formulas() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=cmd()"), "'=cmd()");
        assert_eq!(csv_field("plain"), "plain");
    }
}
