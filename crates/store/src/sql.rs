//! Hand-written statements, written once for both databases: parameters as `$1`, `$2`
//! (PostgreSQL's form), turned into SQLite's numbered `?1`, `?2`, which mean the same
//! (a number may appear twice). Values are always bound, never formatted in.

use sea_orm::{DbBackend, Statement, Value};

pub(crate) fn bound(backend: DbBackend, sql: &str, values: impl IntoIterator<Item = Value>) -> Statement {
    let sql = if backend == DbBackend::Postgres { sql.to_owned() } else { sql.replace('$', "?") };
    Statement::from_sql_and_values(backend, sql, values)
}

/// The strings that begin with `prefix`, as a range in byte order: `[low, high)`, for a key
/// or word column read by range (`>= low AND < high`). Keys and words compare byte by byte
/// (SQLite's binary order, `COLLATE "C"` on PostgreSQL), and every string that begins with
/// `prefix` sorts below `prefix` followed by the highest character, which folded text never
/// holds.
pub(crate) fn prefix_range(prefix: &str) -> (String, String) {
    (prefix.to_owned(), format!("{prefix}{}", char::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefix_range_holds_the_strings_that_begin_with_it() {
        let (low, high) = prefix_range("smi");
        let within = |word: &str| low.as_bytes() <= word.as_bytes() && word.as_bytes() < high.as_bytes();
        for word in ["smi", "smith", "smiz", "smi~", "smi\u{7f}", "smiñ", "smi\u{ffff}"] {
            assert!(within(word), "{word:?}");
        }
        for word in ["sm", "smh", "smj", "sn", "", "zeta"] {
            assert!(!within(word), "{word:?}");
        }
        assert_eq!(prefix_range("129").0, "129");
    }

    #[test]
    fn parameters_take_each_databases_form() {
        let sql = "UPDATE t SET a = $1 WHERE b = $2 AND c <= $2";
        assert_eq!(bound(DbBackend::Postgres, sql, []).sql, sql);
        assert_eq!(bound(DbBackend::Sqlite, sql, []).sql, "UPDATE t SET a = ?1 WHERE b = ?2 AND c <= ?2");
    }
}
