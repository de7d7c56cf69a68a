//! Hand-written statements, written once for both databases: parameters as `$1`, `$2`
//! (PostgreSQL's form), turned into SQLite's numbered `?1`, `?2`, which mean the same
//! (a number may appear twice). Values are always bound, never formatted in.

use sea_orm::{DbBackend, Statement, Value};

pub(crate) fn bound(backend: DbBackend, sql: &str, values: impl IntoIterator<Item = Value>) -> Statement {
    let sql = if backend == DbBackend::Postgres { sql.to_owned() } else { sql.replace('$', "?") };
    Statement::from_sql_and_values(backend, sql, values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_take_each_databases_form() {
        let sql = "UPDATE t SET a = $1 WHERE b = $2 AND c <= $2";
        assert_eq!(bound(DbBackend::Postgres, sql, []).sql, sql);
        assert_eq!(bound(DbBackend::Sqlite, sql, []).sql, "UPDATE t SET a = ?1 WHERE b = ?2 AND c <= ?2");
    }
}
