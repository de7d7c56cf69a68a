//! A fee schedule's lines (a procedure code, what it is called, its fee in cents, its
//! default units and how a charge's fee is computed), and the CSV file a practice loads
//! its licensed code list from: every line checked, errors by line number, all or
//! nothing.

use std::collections::HashSet;

use serde::Serialize;
use utoipa::ToSchema;

use crate::csv::{self, LineError, quote};
use crate::input::{Lines, check_text};

pub const MAX_CODE_CHARS: usize = 20;
pub const MAX_DESCRIPTION_CHARS: usize = 200;
pub const MAX_NOTES_CHARS: usize = 500;
/// The largest fee of one unit: $1,000,000.00.
pub const MAX_FEE_CENTS: i64 = 100_000_000;
pub const MAX_UNITS: i32 = 99;
/// A fee schedule holds at most this many codes (a CSV of more is refused).
pub const MAX_LINES: usize = 20_000;
/// 0: the fee is for the procedure whatever the units (units fixed); 1: fee times units.
pub const FLAT: i32 = 0;
pub const PER_UNIT: i32 = 1;
pub const CALCULATION_METHODS: [i32; 2] = [FLAT, PER_UNIT];

/// The columns of the CSV file, in order, as its first line names them.
pub const CSV_HEADER: &str = "code,description,notes,fee,units,calculation_method";

/// One code of a fee schedule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeeLine {
    pub code: String,
    pub description: String,
    pub notes: String,
    /// The fee of one unit (of the procedure when flat), in cents.
    pub fee_cents: i64,
    /// The units a charge starts with (the units of a flat fee).
    pub units: i32,
    pub calculation_method: i32,
}

impl FeeLine {
    /// A charge's fee for `units`: the fee itself when flat, else fee times units; None
    /// past the largest amount a charge may carry.
    pub fn charge_cents(&self, units: i32) -> Option<i64> {
        if self.calculation_method == FLAT { Some(self.fee_cents) } else { self.fee_cents.checked_mul(units.into()) }
    }
}

/// A code as it is compared: upper case, without spaces.
pub fn code_key(code: &str) -> String {
    code.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase()
}

/// The longest search, in characters, and the most words it may hold.
pub const MAX_SEARCH_CHARS: usize = 100;
pub const MAX_SEARCH_WORDS: usize = 8;
/// The most codes a fee search answers.
pub const MAX_RESULTS: usize = 50;

/// Lower-case words of letters and digits ('Composite, 2-surface' is 'composite 2
/// surface').
fn words(text: &str) -> Vec<String> {
    text.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_owned).collect()
}

/// What a fee line is searched by: ' ' before each lower-case word of its code,
/// description and notes, so a word prefix is found as ' word'.
pub fn search_text(line: &FeeLine) -> String {
    let mut text = String::new();
    for word in words(&format!("{} {} {}", line.code, line.description, line.notes)) {
        text.push(' ');
        text.push_str(&word);
    }
    text
}

/// A fee search: the code prefix it may be (one token) and the word prefixes a line's
/// text must all hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeeSearch {
    pub code_prefix: Option<String>,
    pub words: Vec<String>,
}

/// Reads a search; an empty one lists the schedule in code order.
pub fn parse_search(text: &str) -> Result<FeeSearch, String> {
    // Checked as sent, then trimmed: the document's limits are on what is sent.
    if text.chars().count() > MAX_SEARCH_CHARS {
        return Err(format!("At most {MAX_SEARCH_CHARS} characters"));
    }
    check_text(text, Lines::One).map_err(str::to_owned)?;
    let text = text.trim();
    let words = words(text);
    if words.len() > MAX_SEARCH_WORDS {
        return Err(format!("At most {MAX_SEARCH_WORDS} words"));
    }
    let single = !text.contains(char::is_whitespace) && !text.is_empty();
    Ok(FeeSearch { code_prefix: single.then(|| code_key(text)), words })
}

/// A code is letters, digits, '.' and '-', at most 20 characters.
pub fn check_code(code: &str) -> Result<(), String> {
    if code.is_empty() {
        Err("Required field".into())
    } else if code.chars().count() > MAX_CODE_CHARS {
        Err(format!("At most {MAX_CODE_CHARS} characters"))
    } else if !code.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-') {
        Err("Only letters, digits, '.' and '-'".into())
    } else {
        Ok(())
    }
}

/// Dollars as written in a fee file ('95', '95.5', '1250.00', '$1,250.00') to cents,
/// without rounding: a third decimal is an error, never a guess.
pub fn parse_dollars(text: &str) -> Result<i64, String> {
    let bad = || format!("Not an amount in dollars and cents: '{text}'");
    let plain: String = text.trim().trim_start_matches('$').chars().filter(|c| *c != ',').collect();
    let (whole, cents) = plain.split_once('.').unwrap_or((&plain, ""));
    if whole.is_empty() || !whole.chars().all(|c| c.is_ascii_digit()) || whole.len() > 9 {
        return Err(bad());
    }
    if cents.len() > 2 || !cents.chars().all(|c| c.is_ascii_digit()) {
        return Err(bad());
    }
    let whole: i64 = whole.parse().map_err(|_| bad())?;
    let cents: i64 = if cents.is_empty() { 0 } else { format!("{cents:0<2}").parse().map_err(|_| bad())? };
    let total = whole * 100 + cents;
    if total > MAX_FEE_CENTS { Err(format!("At most {}", dollars(MAX_FEE_CENTS))) } else { Ok(total) }
}

/// Cents as the fee file writes them: '1250.00'.
pub fn dollars(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// The lines of a fee file, or every line at fault.
pub fn parse_csv(text: &str) -> Result<Vec<FeeLine>, Vec<LineError>> {
    let mut errors = Vec::new();
    let records = csv::records_after_header(text, CSV_HEADER).map_err(|e| vec![e])?;
    let mut lines = Vec::new();
    let mut seen = HashSet::new();
    for (number, record) in records {
        match parse_record(&record) {
            Ok(line) => {
                if !seen.insert(code_key(&line.code)) {
                    errors.push(LineError { line: number, message: format!("The code {} is listed twice", line.code) });
                }
                lines.push(line);
            }
            Err(message) => errors.push(LineError { line: number, message }),
        }
    }
    if lines.len() > MAX_LINES {
        errors.push(LineError { line: 1, message: format!("At most {MAX_LINES} codes in a fee schedule") });
    }
    if lines.is_empty() && errors.is_empty() {
        errors.push(LineError { line: 1, message: "The file lists no codes".into() });
    }
    if errors.is_empty() { Ok(lines) } else { Err(errors) }
}

fn parse_record(record: &[String]) -> Result<FeeLine, String> {
    if record.len() != 6 {
        return Err(format!("Expected 6 fields ({CSV_HEADER}), found {}", record.len()));
    }
    let field = |i: usize| record[i].trim();
    let code = field(0).to_owned();
    check_code(&code).map_err(|m| format!("code: {m}"))?;
    let text = |name: &str, value: &str, max: usize, required: bool| -> Result<String, String> {
        if required && value.is_empty() {
            return Err(format!("{name}: Required field"));
        }
        if value.chars().count() > max {
            return Err(format!("{name}: At most {max} characters"));
        }
        check_text(value, Lines::One).map_err(|m| format!("{name}: {m}"))?;
        Ok(value.to_owned())
    };
    let description = text("description", field(1), MAX_DESCRIPTION_CHARS, true)?;
    let notes = text("notes", field(2), MAX_NOTES_CHARS, false)?;
    let fee_cents = parse_dollars(field(3)).map_err(|m| format!("fee: {m}"))?;
    let units = if field(4).is_empty() {
        1
    } else {
        field(4)
            .parse::<i32>()
            .ok()
            .filter(|u| (1..=MAX_UNITS).contains(u))
            .ok_or_else(|| format!("units: A whole number from 1 to {MAX_UNITS}"))?
    };
    let calculation_method = field(5)
        .parse::<i32>()
        .ok()
        .filter(|m| CALCULATION_METHODS.contains(m))
        .ok_or_else(|| "calculation_method: 0 (flat fee) or 1 (fee times units)".to_owned())?;
    Ok(FeeLine { code, description, notes, fee_cents, units, calculation_method })
}

/// The fee file of `lines`, as `parse_csv` reads it back.
pub fn write_csv(lines: &[FeeLine]) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for line in lines {
        let fields = [
            quote(&line.code),
            quote(&line.description),
            quote(&line.notes),
            dollars(line.fee_cents),
            line.units.to_string(),
            line.calculation_method.to_string(),
        ];
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(code: &str, fee_cents: i64, units: i32, method: i32) -> FeeLine {
        FeeLine {
            code: code.into(),
            description: "Composite, two surfaces, back tooth".into(),
            notes: String::new(),
            fee_cents,
            units,
            calculation_method: method,
        }
    }

    #[test]
    fn a_flat_fee_ignores_units_and_a_unit_fee_multiplies() {
        assert_eq!(line("PC100", 12_500, 1, FLAT).charge_cents(3), Some(12_500));
        assert_eq!(line("PC100", 12_500, 1, PER_UNIT).charge_cents(3), Some(37_500));
        assert_eq!(line("PC100", i64::MAX, 1, PER_UNIT).charge_cents(2), None);
    }

    #[test]
    fn a_search_is_a_code_prefix_or_word_prefixes_in_any_order() {
        assert_eq!(
            parse_search("pc-fi"),
            Ok(FeeSearch { code_prefix: Some("PC-FI".into()), words: vec!["pc".into(), "fi".into()] })
        );
        assert_eq!(
            parse_search(" surf  Comp "),
            Ok(FeeSearch { code_prefix: None, words: vec!["surf".into(), "comp".into()] })
        );
        assert_eq!(parse_search(""), Ok(FeeSearch { code_prefix: None, words: vec![] }));
        assert!(parse_search(&"a ".repeat(9)).is_err());
        assert!(parse_search(&"a".repeat(101)).is_err());
        let text = search_text(&line("PC-2330", 1, 1, FLAT));
        assert_eq!(text, " pc 2330 composite two surfaces back tooth");
    }

    #[test]
    fn dollars_become_cents_exactly() {
        assert_eq!(parse_dollars("95"), Ok(9_500));
        assert_eq!(parse_dollars("95.5"), Ok(9_550));
        assert_eq!(parse_dollars("$1,250.05"), Ok(125_005));
        assert_eq!(parse_dollars("0.07"), Ok(7));
        for bad in ["", "-5", "1.005", "abc", "1.2.3", "12e3", "10000000.01"] {
            assert!(parse_dollars(bad).is_err(), "{bad}");
        }
        assert_eq!(dollars(125_005), "1250.05");
    }

    #[test]
    fn a_file_round_trips_with_quotes_and_commas() {
        let lines = vec![
            FeeLine { notes: "Per tooth, \"upper\" or lower".into(), ..line("PC-2330", 19_500, 1, FLAT) },
            line("PC9921", 14_500, 2, PER_UNIT),
        ];
        assert_eq!(parse_csv(&write_csv(&lines)), Ok(lines));
    }

    #[test]
    fn every_bad_line_is_named_and_nothing_is_kept() {
        let file = "code,description,notes,fee,units,calculation_method\r\n\
                    PC1,Exam,,95.00,1,0\r\n\
                    PC2,,,95.00,1,0\r\n\
                    PC3,Cleaning,,ninety,1,0\r\n\
                    PC1,Exam again,,95.00,1,0\r\n\
                    \"PC4\",\"Note with\nline break\",,5,1,1\r\n\
                    PC5,Units,,5,0,1\r\n\
                    PC6,Method,,5,1,2\r\n\
                    PC 7!,Code,,5,1,1\r\n";
        let errors = parse_csv(file).expect_err("bad lines");
        let numbers: Vec<usize> = errors.iter().map(|e| e.line).collect();
        // Line 6 holds a line break inside quotes (refused: a description is one line),
        // so the next record starts on line 8.
        assert_eq!(numbers, vec![3, 4, 5, 6, 8, 9, 10], "{errors:?}");
        assert!(errors[0].message.starts_with("description: Required field"));
        assert!(errors[2].message.contains("listed twice"));
    }

    #[test]
    fn a_file_without_the_header_or_codes_is_refused() {
        assert_eq!(parse_csv("PC1,Exam,,95,1,0\n").expect_err("no header")[0].line, 1);
        assert!(parse_csv(&format!("{CSV_HEADER}\n\n")).is_err());
        assert!(parse_csv(&format!("\u{feff}{CSV_HEADER}\nPC1,Exam,,95,1,0\n")).is_ok(), "a byte-order mark is fine");
    }
}
