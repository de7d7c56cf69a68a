//! Optimistic concurrency for records two people may edit at once (patients, orders,
//! appointments): every change moves the record's `version` on by one, and a change that
//! names an older version than the stored one is refused instead of overwriting what
//! the other person saved. The check and the move are one statement inside the writing
//! transaction, so two writers can never both pass it.

use sea_orm::{ConnectionTrait, DatabaseTransaction, DbErr};

use crate::sql::bound;

/// A table whose rows carry a `version`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Versioned {
    Patients,
    Orders,
    Appointments,
    ChartEntries,
    Allergies,
    Problems,
    Referrers,
    PatientReferrals,
}

impl Versioned {
    fn table(self) -> &'static str {
        match self {
            Self::Patients => "patients",
            Self::Orders => "orders",
            Self::Appointments => "appointments",
            Self::ChartEntries => "chart_entries",
            Self::Allergies => "allergies",
            Self::Problems => "problems",
            Self::Referrers => "referrers",
            Self::PatientReferrals => "patient_referrals",
        }
    }
}

/// What an edit that names a version came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteOutcome {
    Saved,
    /// Someone saved the record after the version the edit was made on: nothing written.
    Stale,
    /// No such record.
    Missing,
}

/// Moves the row's version on when it is still `expected`; false when it is not (or the
/// row does not exist).
pub(crate) async fn claim(txn: &DatabaseTransaction, table: Versioned, id: i64, expected: i32) -> Result<bool, DbErr> {
    let sql = format!("UPDATE {} SET version = version + 1 WHERE id = $1 AND version = $2", table.table());
    let result = txn.execute_raw(bound(txn.get_database_backend(), &sql, [id.into(), expected.into()])).await?;
    Ok(result.rows_affected() == 1)
}

/// Moves the row's version on without a check: for a change whose version was checked
/// elsewhere (a held appointment confirmed onto its original), which must still make
/// older edits of the row stale.
pub(crate) async fn bump(txn: &DatabaseTransaction, table: Versioned, id: i64) -> Result<(), DbErr> {
    let sql = format!("UPDATE {} SET version = version + 1 WHERE id = $1", table.table());
    txn.execute_raw(bound(txn.get_database_backend(), &sql, [id.into()])).await?;
    Ok(())
}
