//! Vitals (spec part 1, 'Vitals entry' and section 5 'Vitals'). The app converts to the
//! stored units before sending (web `features/vitals/lib/vitals.ts`, tested there):
//! height in millimetres, weight in grams, head circumference in millimetres. The server
//! checks the same limits, in the units the form shows, so its messages read right
//! beside the field.

use std::collections::BTreeMap;

use crate::patient::age_on;

pub const EMPTY_VITALS_TITLE: &str = "Empty Vitals";
pub const EMPTY_VITALS: &str =
    "At least one field in vitals other than Date Measured and Time Measured must be filled in.";

/// Millimetres in a foot and an inch.
pub const MM_PER_FOOT: f64 = 304.8;
pub const MM_PER_INCH: f64 = 25.4;
/// Grams in a pound (spec: floor of 453.592 per pound).
pub const GRAMS_PER_POUND: f64 = 453.592;

/// Form maximums (spec part 1, section 5).
pub const MAX_POUNDS: f64 = 4_734_394.0;
pub const MAX_FEET: f64 = 99_999.0;
pub const MAX_INCHES: f64 = 11.0;
pub const MAX_WHOLE: i64 = 2_147_483_647;
pub const MAX_TEMPERATURE: f64 = 200.0;
pub const MAX_SP02: f64 = 100.0;
/// Head circumference is offered up to this age (spec part 1, section 9).
pub const HEAD_CIRCUMFERENCE_MAX_AGE: i64 = 3;

/// The largest value each field takes, in the units it is sent in (stored units;
/// temperature in degrees Fahrenheit, SpO2 in percent); none is below 0.
pub fn maximums() -> [(&'static str, f64); 9] {
    let max_whole = MAX_WHOLE as f64;
    [
        ("height", MAX_FEET * MM_PER_FOOT + MAX_INCHES * MM_PER_INCH),
        ("weight", (MAX_POUNDS * GRAMS_PER_POUND).floor()),
        ("systolic", max_whole),
        ("diastolic", max_whole),
        ("heartRate", max_whole),
        ("temperature", MAX_TEMPERATURE),
        ("sp02", MAX_SP02),
        ("respiratoryRate", max_whole),
        ("headCircumference", max_whole),
    ]
}

/// Whether head circumference may be recorded: birth date unknown, or 3 or younger.
pub fn head_circumference_offered(birthdate: Option<chrono::NaiveDate>, today: chrono::NaiveDate) -> bool {
    birthdate.is_none_or(|b| age_on(b, today) <= HEAD_CIRCUMFERENCE_MAX_AGE)
}

/// One measurement as sent, in stored units. Absent means not measured.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct VitalsDraft {
    pub height_mm: Option<f64>,
    pub weight_g: Option<f64>,
    pub systolic: Option<f64>,
    pub diastolic: Option<f64>,
    pub heart_rate: Option<f64>,
    /// Degrees Fahrenheit, one decimal.
    pub temperature: Option<f64>,
    /// Percent, one decimal.
    pub sp02: Option<f64>,
    pub respiratory_rate: Option<f64>,
    pub head_circumference_mm: Option<f64>,
}

/// Checked vitals: whole stored units, temperature and SpO2 in tenths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Vitals {
    pub height_mm: Option<i64>,
    pub weight_g: Option<i64>,
    pub systolic: Option<i64>,
    pub diastolic: Option<i64>,
    pub heart_rate: Option<i64>,
    pub temperature_tenths: Option<i64>,
    pub sp02_tenths: Option<i64>,
    pub respiratory_rate: Option<i64>,
    pub head_circumference_mm: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VitalsError {
    /// Nothing but the date was filled in.
    Empty,
    Fields(BTreeMap<String, String>),
}

fn greater_than(max: impl std::fmt::Display) -> String {
    format!("Cannot be greater than \"{max}\"")
}

impl VitalsDraft {
    pub fn check(&self, head_circumference_allowed: bool) -> Result<Vitals, VitalsError> {
        let values = [
            self.height_mm,
            self.weight_g,
            self.systolic,
            self.diastolic,
            self.heart_rate,
            self.temperature,
            self.sp02,
            self.respiratory_rate,
            self.head_circumference_mm,
        ];
        if values.iter().all(Option::is_none) {
            return Err(VitalsError::Empty);
        }
        let mut errors = BTreeMap::new();
        let mut whole = |field: &str, value: Option<f64>, max: f64, shown_max: String| -> Option<i64> {
            let value = value?;
            if !value.is_finite() || value < 0.0 {
                errors.insert(field.to_owned(), "Cannot be less than 0".to_owned());
                None
            } else if value > max {
                errors.insert(field.to_owned(), greater_than(shown_max));
                None
            } else {
                Some(value.round() as i64)
            }
        };
        let max_height_mm = MAX_FEET * MM_PER_FOOT + MAX_INCHES * MM_PER_INCH;
        let height_mm = whole("height", self.height_mm, max_height_mm, format!("{MAX_FEET}"));
        let weight_g = whole("weight", self.weight_g, (MAX_POUNDS * GRAMS_PER_POUND).floor(), format!("{MAX_POUNDS}"));
        let max_whole = MAX_WHOLE as f64;
        let systolic = whole("systolic", self.systolic, max_whole, MAX_WHOLE.to_string());
        let diastolic = whole("diastolic", self.diastolic, max_whole, MAX_WHOLE.to_string());
        let heart_rate = whole("heartRate", self.heart_rate, max_whole, MAX_WHOLE.to_string());
        let respiratory_rate = whole("respiratoryRate", self.respiratory_rate, max_whole, MAX_WHOLE.to_string());
        let temperature_tenths = whole(
            "temperature",
            self.temperature.map(|t| t * 10.0),
            MAX_TEMPERATURE * 10.0,
            format!("{MAX_TEMPERATURE}"),
        );
        let sp02_tenths = whole("sp02", self.sp02.map(|s| s * 10.0), MAX_SP02 * 10.0, format!("{MAX_SP02}"));
        let head_circumference_mm =
            whole("headCircumference", self.head_circumference_mm, max_whole, MAX_WHOLE.to_string());
        if head_circumference_mm.is_some() && !head_circumference_allowed {
            errors
                .insert("headCircumference".into(), "Head circumference is recorded for children 3 and younger".into());
        }
        if !errors.is_empty() {
            return Err(VitalsError::Fields(errors));
        }
        Ok(Vitals {
            height_mm,
            weight_g,
            systolic,
            diastolic,
            heart_rate,
            temperature_tenths,
            sp02_tenths,
            respiratory_rate,
            head_circumference_mm,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn the_largest_weight_fits_a_32_bit_number_of_grams() {
        let grams = maximums().iter().find(|(name, _)| *name == "weight").map(|(_, max)| *max);
        assert!(grams.is_some_and(|g| g <= f64::from(i32::MAX)), "{grams:?}");
    }

    #[test]
    fn nothing_but_the_date_is_empty_vitals() {
        assert_eq!(VitalsDraft::default().check(true), Err(VitalsError::Empty));
        assert!(VitalsDraft { heart_rate: Some(72.0), ..VitalsDraft::default() }.check(false).is_ok());
    }

    #[test]
    fn maximums_are_checked_in_the_forms_units() {
        let too_much = VitalsDraft {
            temperature: Some(200.1),
            sp02: Some(100.5),
            weight_g: Some(MAX_POUNDS * GRAMS_PER_POUND + 10.0),
            ..VitalsDraft::default()
        };
        let VitalsError::Fields(errors) = too_much.check(true).expect_err("too much") else { panic!("fields") };
        assert_eq!(errors["temperature"], "Cannot be greater than \"200\"");
        assert_eq!(errors["sp02"], "Cannot be greater than \"100\"");
        assert_eq!(errors["weight"], "Cannot be greater than \"4734394\"");
        let fine = VitalsDraft { temperature: Some(98.6), sp02: Some(97.5), ..VitalsDraft::default() }
            .check(true)
            .expect("fine");
        assert_eq!((fine.temperature_tenths, fine.sp02_tenths), (Some(986), Some(975)));
    }

    #[test]
    fn negative_values_are_refused() {
        let VitalsError::Fields(errors) =
            VitalsDraft { systolic: Some(-1.0), ..VitalsDraft::default() }.check(true).expect_err("negative")
        else {
            panic!("fields")
        };
        assert_eq!(errors["systolic"], "Cannot be less than 0");
    }

    #[test]
    fn head_circumference_is_for_small_children_or_unknown_ages() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).expect("date");
        assert!(head_circumference_offered(None, today));
        assert!(head_circumference_offered(NaiveDate::from_ymd_opt(2023, 11, 22), today), "exactly 3");
        assert!(!head_circumference_offered(NaiveDate::from_ymd_opt(2022, 11, 22), today), "4");
        let draft = VitalsDraft { head_circumference_mm: Some(455.0), ..VitalsDraft::default() };
        assert!(draft.check(true).is_ok());
        assert!(draft.check(false).is_err());
    }
}
