//! The demo practice's procedure codes and what each of its fee schedules charges. The
//! codes and their wording are the practice's own (the published medical and dental code
//! sets are licensed, and a practice loads its licensed list with `fees import`).

use domain::billing::fees::{FLAT, FeeLine, PER_UNIT};
use store::entities::fee;

/// (code, description, notes, standard fee in cents, default units, calculation method)
static CODES: &[(&str, &str, &str, i64, i32, i32)] = &[
    // Dental
    ("PC-EXAM-N", "Full mouth exam, new patient", "", 9_500, 1, FLAT),
    ("PC-EXAM", "Recall exam", "Once every six months", 6_000, 1, FLAT),
    ("PC-EXAM-L", "Exam of one problem area", "", 7_000, 1, FLAT),
    ("PC-CLEAN", "Cleaning, adult", "", 12_000, 1, FLAT),
    ("PC-CLEAN-C", "Cleaning, child", "Under 14", 8_500, 1, FLAT),
    ("PC-DEEP", "Deep cleaning, four or more teeth", "Per quadrant", 26_500, 1, PER_UNIT),
    ("PC-XR-BW2", "Bite-wing x-rays, two films", "", 5_500, 1, FLAT),
    ("PC-XR-BW4", "Bite-wing x-rays, four films", "", 7_500, 1, FLAT),
    ("PC-XR-PA", "Single root x-ray", "Per film", 3_000, 1, PER_UNIT),
    ("PC-XR-PAN", "Panoramic x-ray", "", 13_000, 1, FLAT),
    ("PC-FILL1", "Tooth-coloured filling, one surface, back tooth", "", 19_500, 1, FLAT),
    ("PC-FILL2", "Tooth-coloured filling, two surfaces, back tooth", "", 24_500, 1, FLAT),
    ("PC-FILL3", "Tooth-coloured filling, three surfaces, back tooth", "", 29_500, 1, FLAT),
    ("PC-FILLF", "Tooth-coloured filling, front tooth", "", 17_500, 1, FLAT),
    ("PC-SEAL", "Sealant", "Per tooth", 5_500, 1, PER_UNIT),
    ("PC-FLUOR", "Fluoride varnish", "", 4_000, 1, FLAT),
    ("PC-BUILD", "Crown build-up", "", 31_000, 1, FLAT),
    ("PC-CROWN", "Crown, all-ceramic", "Lab fee included", 125_000, 1, FLAT),
    ("PC-RCT-B", "Root canal, back tooth", "", 115_000, 1, FLAT),
    ("PC-RCT-F", "Root canal, front tooth", "", 85_000, 1, FLAT),
    ("PC-EXT", "Simple tooth removal", "", 21_000, 1, FLAT),
    ("PC-EXT-S", "Surgical tooth removal", "", 38_000, 1, FLAT),
    ("PC-IMPLANT", "Implant placement", "Surgery only; crown billed apart", 230_000, 1, FLAT),
    ("PC-GUARD", "Night guard", "", 45_000, 1, FLAT),
    // Medical
    ("PC-NEW", "New patient visit, 45 minutes", "", 21_000, 1, FLAT),
    ("PC-VISIT-S", "Follow-up visit, 15 minutes", "", 9_500, 1, FLAT),
    ("PC-VISIT", "Follow-up visit, 25 minutes", "", 14_500, 1, FLAT),
    ("PC-VISIT-L", "Follow-up visit, 40 minutes", "", 21_500, 1, FLAT),
    ("PC-WELL", "Yearly wellness visit", "Once a year", 19_000, 1, FLAT),
    ("PC-PHONE", "Telephone visit", "Per 10 minutes", 4_500, 1, PER_UNIT),
    ("PC-ECG", "Heart tracing with reading", "", 6_500, 1, FLAT),
    ("PC-FLU", "Flu shot given in the office", "Vaccine included", 4_500, 1, FLAT),
    ("PC-INJECT", "Joint injection, large joint", "", 21_000, 1, FLAT),
    ("PC-A1C", "A1c finger-stick test", "", 2_500, 1, FLAT),
    ("PC-URINE", "Urine dipstick test", "", 1_500, 1, FLAT),
    ("PC-DRAW", "Blood draw", "", 1_800, 1, FLAT),
    ("PC-SPIRO", "Breathing test", "", 7_500, 1, FLAT),
    ("PC-WOUND", "Wound care and dressing", "Per wound", 6_000, 1, PER_UNIT),
];

/// Each schedule's share of the standard fee, in percent, by schedule id
/// (`reference::fee_schedules`): Standard, Medicare, Medicaid, Delta Dental PPO, Aetna
/// PPO, Self-Pay Discount.
static SCHEDULES: &[(i64, i64)] = &[(1, 100), (2, 72), (3, 55), (4, 80), (5, 85), (6, 90)];

/// The practice's codes at their standard fees.
pub fn standard_lines() -> Vec<FeeLine> {
    CODES
        .iter()
        .map(|&(code, description, notes, fee_cents, units, calculation_method)| FeeLine {
            code: code.into(),
            description: description.into(),
            notes: notes.into(),
            fee_cents,
            units,
            calculation_method,
        })
        .collect()
}

/// A code's line, for the other demo builders (treatment plans, chart procedures).
pub fn line(code: &str) -> FeeLine {
    standard_lines().into_iter().find(|l| l.code == code).unwrap_or_else(|| FeeLine {
        code: code.into(),
        description: code.into(),
        notes: String::new(),
        fee_cents: 0,
        units: 1,
        calculation_method: FLAT,
    })
}

/// Every schedule's rows: the standard fee scaled by its share, to the whole dollar.
pub fn build() -> Vec<fee::Model> {
    let mut rows = Vec::new();
    for &(schedule, percent) in SCHEDULES {
        for line in standard_lines() {
            let cents = (line.fee_cents * percent + 5_000) / 10_000 * 100;
            let id = rows.len() as i64 + 1;
            rows.push(store::billing::fee_row(id, schedule, &FeeLine { fee_cents: cents, ..line }));
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_schedule_prices_every_code_differently_in_whole_dollars() {
        let rows = build();
        assert_eq!(rows.len(), CODES.len() * SCHEDULES.len());
        let fee = |schedule: i64, code: &str| {
            rows.iter().find(|r| r.fee_schedule_id == schedule && r.code == code).map(|r| r.fee_cents)
        };
        assert_eq!(fee(1, "PC-CROWN"), Some(125_000));
        assert_eq!(fee(2, "PC-CROWN"), Some(90_000));
        assert_eq!(fee(3, "PC-FLU"), Some(2_500));
        assert!(rows.iter().all(|r| r.fee_cents % 100 == 0 && r.fee_cents > 0));
        let keys: std::collections::HashSet<(i64, &str)> =
            rows.iter().map(|r| (r.fee_schedule_id, r.code_key.as_str())).collect();
        assert_eq!(keys.len(), rows.len(), "a code once per schedule");
        let file = domain::billing::fees::write_csv(&standard_lines());
        assert_eq!(domain::billing::fees::parse_csv(&file), Ok(standard_lines()), "the demo list is a valid fee file");
    }
}
