//! The CSV files a practice loads its lists from (fee schedules, referrers): RFC 4180
//! records, a header line that must name the columns, errors by line number.

/// A line of a file at fault, from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub message: String,
}

/// The records after a first line that names `header`'s columns (any case, a byte-order
/// mark allowed), each with the line it starts on; fully blank records are skipped.
pub fn records_after_header(text: &str, header: &str) -> Result<Vec<(usize, Vec<String>)>, LineError> {
    let mut records = split_records(text.strip_prefix('\u{feff}').unwrap_or(text)).into_iter();
    match records.next() {
        Some((_, first))
            if first.iter().map(|h| h.trim().to_ascii_lowercase()).eq(header.split(',').map(str::to_owned)) =>
        {
            Ok(records.filter(|(_, record)| !record.iter().all(|field| field.trim().is_empty())).collect())
        }
        _ => Err(LineError { line: 1, message: format!("The first line must be the header: {header}") }),
    }
}

/// A field as a CSV file writes it: quoted when it holds a comma, quote or line break,
/// or begins or ends with a space.
pub fn quote(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) || field.starts_with(' ') || field.ends_with(' ') {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_owned()
    }
}

/// RFC 4180 records with the line each starts on: fields split by commas, a quoted field
/// may hold commas, line breaks and doubled quotes.
pub fn split_records(text: &str) -> Vec<(usize, Vec<String>)> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut line = 1;
    let mut start = 1;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => {
                if c == '\n' {
                    line += 1;
                }
                field.push(c);
            }
            (false, '"') if field.trim().is_empty() => {
                field.clear();
                quoted = true;
            }
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push((start, std::mem::take(&mut record)));
                line += 1;
                start = line;
            }
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push((start, record));
    }
    records
}
