//! Lists of ids and dates as query strings carry them.

use chrono::NaiveDate;

use crate::error::AppError;

/// A filter's choice of ids, as a query string sends it: "all" (absent, empty or the
/// word `all`), or ids separated by commas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdList {
    All,
    Only(Vec<i64>),
}

impl IdList {
    /// Parses `text` for the query field `field`; a malformed list is a 400 naming it.
    pub fn parse(field: &str, text: Option<&str>) -> Result<Self, AppError> {
        let Some(text) = text.map(str::trim).filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("all")) else {
            return Ok(Self::All);
        };
        text.split(',')
            .map(|part| part.trim().parse::<i64>())
            .collect::<Result<Vec<_>, _>>()
            .map(Self::Only)
            .map_err(|_| AppError::invalid_field(field, "Must be \"all\" or ids separated by commas"))
    }

    /// The ids chosen, or `None` for all (the store's filters take it so).
    pub fn chosen(self) -> Option<Vec<i64>> {
        match self {
            Self::All => None,
            Self::Only(ids) => Some(ids),
        }
    }
}

/// A yyyy-MM-dd date of the query field `field`, within 1880 to 2200
/// (`domain::input::parse_date`); anything else is a 400 naming it.
pub fn parse_date(field: &str, text: &str) -> Result<NaiveDate, AppError> {
    domain::input::parse_date(text).map_err(|problem| AppError::invalid_field(field, problem))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_or_nothing_means_every_id() {
        for text in [None, Some(""), Some(" all "), Some("ALL")] {
            assert_eq!(IdList::parse("offices", text).ok(), Some(IdList::All), "{text:?}");
        }
    }

    #[test]
    fn ids_are_read_with_spaces_around_them() {
        assert_eq!(IdList::parse("offices", Some("0, 2,3")).ok(), Some(IdList::Only(vec![0, 2, 3])));
    }

    #[test]
    fn a_malformed_list_names_its_field() {
        let error = IdList::parse("providers", Some("2,x")).expect_err("malformed");
        assert!(format!("{error:?}").contains("providers"), "{error:?}");
    }

    #[test]
    fn dates_are_yyyy_mm_dd() {
        assert_eq!(parse_date("date", "2026-11-23").ok(), NaiveDate::from_ymd_opt(2026, 11, 23));
        assert!(parse_date("date", "11/23/2026").is_err());
        assert!(parse_date("date", "+262142-12-31").is_err());
        assert!(parse_date("date", "-262143-01-01").is_err());
        assert!(parse_date("date", "2201-01-01").is_err());
    }
}
