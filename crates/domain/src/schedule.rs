//! The rules of the schedule (spec part 2: 'Appointment form', 'Appointment save',
//! section 5): what an appointment needs, and what happens when it meets another
//! appointment or a block-out ("transparency").

use std::collections::BTreeMap;

use crate::ids::{AppointmentStatusId, AppointmentTypeId, ChosenId, PatientId, ResourceId, UserId};
use chrono::{DateTime, Duration, Utc};

use crate::input::{self, Lines};
use crate::patient::REQUIRED;

/// A new appointment's length unless chosen (spec part 2, section 9).
pub const DEFAULT_LENGTH_MINUTES: i64 = 30;
/// Duration has at most 3 characters.
pub const MAX_LENGTH_MINUTES: i64 = 999;
/// The calendar's step.
pub const STEP_MINUTES: i64 = 15;
/// How long a "confirm scheduling" hold keeps its slot: a user who walks away from the
/// 'Confirm Appointment!' dialog must not block the time for good.
pub const HOLD_MINUTES: i64 = 10;

/// What a block-out does to bookings in its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockRule {
    /// "Don't schedule appointments": refused.
    Refuse,
    /// "Confirm scheduling": held until the user confirms it.
    Confirm,
    /// Shown on the calendar only.
    Display,
}

impl BlockRule {
    pub fn from_code(code: &str) -> Self {
        match code {
            "refuse" => Self::Refuse,
            "confirm" => Self::Confirm,
            _ => Self::Display,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Refuse => "refuse",
            Self::Confirm => "confirm",
            Self::Display => "display",
        }
    }
}

/// An appointment as its form sends it, before checking.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AppointmentDraft {
    pub patient_id: Option<i64>,
    pub start: Option<DateTime<Utc>>,
    /// Sent by the app as start plus length; gives the length when that is left out.
    pub end: Option<DateTime<Utc>>,
    pub length_minutes: Option<i64>,
    pub resource_id: Option<i64>,
    pub provider_id: Option<i64>,
    pub type_id: Option<i64>,
    pub status_id: Option<i64>,
    pub notes: String,
}

/// An appointment that passed every rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppointmentFields {
    pub patient_id: PatientId,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub length_minutes: i64,
    pub resource_id: ResourceId,
    pub provider_id: Option<UserId>,
    pub type_id: AppointmentTypeId,
    pub status_id: AppointmentStatusId,
    pub notes: String,
}

pub type FieldErrors = BTreeMap<String, String>;

pub const NOTES_MAX: usize = 2000;

/// Why a save was not simply booked: an overlapping appointment, a "don't schedule"
/// block-out (both refused, 409), or a "confirm scheduling" block-out (held, 202).
pub const OVERLAP: &str = "appointment_overlap";
pub const BLOCK_OUT: &str = "block_out";
pub const CONFIRM_SCHEDULING: &str = "confirm_scheduling";
pub const CONFLICT_CODES: [&str; 3] = [OVERLAP, BLOCK_OUT, CONFIRM_SCHEDULING];

impl AppointmentDraft {
    pub fn check(&self) -> Result<AppointmentFields, FieldErrors> {
        let mut errors = FieldErrors::new();
        let patient_id = PatientId::chosen(self.patient_id);
        if patient_id.is_none() {
            errors.insert("patientId".into(), REQUIRED.into());
        }
        if self.start.is_none() {
            errors.insert("start".into(), REQUIRED.into());
        }
        // Instants past the bounds are refused before any arithmetic is done on them.
        for (field, instant) in [("start", self.start), ("end", self.end)] {
            if let Some(Err(problem)) = instant.map(input::check_instant) {
                errors.insert(field.into(), problem.into());
                return Err(errors);
            }
        }
        let length_minutes = self.length_minutes.or_else(|| match (self.start, self.end) {
            (Some(start), Some(end)) => Some((end - start).num_minutes()),
            _ => None,
        });
        let length = match length_minutes {
            None => {
                errors.insert("length".into(), REQUIRED.into());
                0
            }
            Some(minutes) if !(1..=MAX_LENGTH_MINUTES).contains(&minutes) => {
                errors.insert(
                    "length".into(),
                    format!("Must be a whole number of minutes from 1 to {MAX_LENGTH_MINUTES}"),
                );
                0
            }
            Some(minutes) => minutes,
        };
        if let (Some(start), Some(end)) = (self.start, self.end)
            && length > 0
            && end != start + Duration::minutes(length)
        {
            errors.insert("end".into(), "Must be the start plus the duration".into());
        }
        let resource_id = ResourceId::chosen(self.resource_id);
        if resource_id.is_none() {
            errors.insert("resourceId".into(), REQUIRED.into());
        }
        // Status, type and provider ids of 1 or less mean none (spec part 2, section 9).
        let type_id = AppointmentTypeId::chosen(self.type_id);
        if type_id.is_none() {
            errors.insert("typeId".into(), REQUIRED.into());
        }
        let status_id = AppointmentStatusId::chosen(self.status_id);
        if status_id.is_none() {
            errors.insert("statusId".into(), REQUIRED.into());
        }
        if self.notes.trim().chars().count() > NOTES_MAX {
            errors.insert("notes".into(), format!("Cannot be longer than {NOTES_MAX} characters"));
        } else if let Err(problem) = input::check_text(&self.notes, Lines::Many) {
            errors.insert("notes".into(), problem.into());
        }
        match (patient_id, self.start, resource_id, type_id, status_id) {
            (Some(patient_id), Some(start), Some(resource_id), Some(type_id), Some(status_id)) if errors.is_empty() => {
                Ok(AppointmentFields {
                    patient_id,
                    start,
                    end: start + Duration::minutes(length),
                    length_minutes: length,
                    resource_id,
                    provider_id: UserId::chosen(self.provider_id),
                    type_id,
                    status_id,
                    notes: self.notes.trim().to_owned(),
                })
            }
            _ => Err(errors),
        }
    }
}

/// Two spans overlap when each starts before the other ends (touching is not overlapping).
pub fn overlaps(a_start: DateTime<Utc>, a_end: DateTime<Utc>, b_start: DateTime<Utc>, b_end: DateTime<Utc>) -> bool {
    a_start < b_end && b_start < a_end
}

/// Whether an appointment of a status in this category holds its time on the resource.
/// A missed, cancelled or to-reschedule visit no longer takes the chair: the slot is free
/// to book, as in every scheduling system front desks use (docs/decisions.md). Only
/// appointments that still hold their slot count as overlaps, and an appointment that
/// does not hold one (saved as cancelled, say) overlaps nothing.
pub fn status_holds_slot(category: &str) -> bool {
    !matches!(category, "missed" | "cancelled" | "reschedule")
}

/// What saving an appointment comes to, given what its span meets on its resource.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Booking {
    /// Nothing in the way: booked.
    Book,
    /// Refused: it overlaps these appointments (by index) and/or these "don't schedule"
    /// block-outs; nothing is booked.
    Refuse { appointments: Vec<usize>, block_outs: Vec<usize> },
    /// Held, not booked, until the user confirms: it falls in these "confirm
    /// scheduling" block-outs.
    HoldForConfirmation { block_outs: Vec<usize> },
}

/// Decides a booking. `appointments` are the other appointments overlapping the span on
/// the same resource; `block_outs` the rules of the block-outs overlapping it.
pub fn decide(overlapping_appointments: usize, block_outs: &[BlockRule], overlaps_allowed: bool) -> Booking {
    let appointments: Vec<usize> = if overlaps_allowed { Vec::new() } else { (0..overlapping_appointments).collect() };
    let refusing: Vec<usize> =
        block_outs.iter().enumerate().filter(|(_, r)| **r == BlockRule::Refuse).map(|(i, _)| i).collect();
    if !appointments.is_empty() || !refusing.is_empty() {
        return Booking::Refuse { appointments, block_outs: refusing };
    }
    let confirming: Vec<usize> =
        block_outs.iter().enumerate().filter(|(_, r)| **r == BlockRule::Confirm).map(|(i, _)| i).collect();
    if confirming.is_empty() { Booking::Book } else { Booking::HoldForConfirmation { block_outs: confirming } }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_visit_still_expected_holds_its_slot() {
        for category in ["active", ""] {
            assert!(status_holds_slot(category), "{category}");
        }
        for category in ["missed", "cancelled", "reschedule"] {
            assert!(!status_holds_slot(category), "{category}");
        }
    }

    fn at(hour: u32, minute: u32) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(&format!("2026-11-23T{hour:02}:{minute:02}:00Z"))
            .expect("time")
            .with_timezone(&Utc)
    }

    fn draft() -> AppointmentDraft {
        AppointmentDraft {
            patient_id: Some(5),
            start: Some(at(9, 0)),
            end: None,
            length_minutes: Some(30),
            resource_id: Some(1),
            provider_id: Some(3),
            type_id: Some(4),
            status_id: Some(2),
            notes: " Crown seat ".into(),
        }
    }

    #[test]
    fn end_is_start_plus_length() {
        let fields = draft().check().expect("valid");
        assert_eq!(fields.end, at(9, 30));
        assert_eq!(fields.notes, "Crown seat");
    }

    #[test]
    fn end_gives_the_length_or_must_agree_with_it() {
        let fields = AppointmentDraft { length_minutes: None, end: Some(at(10, 0)), ..draft() }.check().expect("valid");
        assert_eq!(fields.length_minutes, 60);
        assert!(AppointmentDraft { end: Some(at(9, 30)), ..draft() }.check().is_ok(), "agrees");
        let errors = AppointmentDraft { end: Some(at(9, 45)), ..draft() }.check().expect_err("disagrees");
        assert_eq!(errors["end"], "Must be the start plus the duration");
        let errors =
            AppointmentDraft { length_minutes: None, end: Some(at(8, 0)), ..draft() }.check().expect_err("before");
        assert!(errors.contains_key("length"));
    }

    #[test]
    fn instants_past_the_bounds_and_hidden_characters_are_refused() {
        let errors =
            AppointmentDraft { start: Some(DateTime::<Utc>::MAX_UTC), ..draft() }.check().expect_err("year 262143");
        assert_eq!(errors["start"], crate::input::YEAR_OUT_OF_RANGE);
        let errors = AppointmentDraft { end: Some(DateTime::<Utc>::MIN_UTC), length_minutes: None, ..draft() }
            .check()
            .expect_err("year -262143");
        assert_eq!(errors["end"], crate::input::YEAR_OUT_OF_RANGE);
        let errors = AppointmentDraft { notes: "a\u{2067}b".into(), ..draft() }.check().expect_err("isolate");
        assert_eq!(errors["notes"], crate::input::HIDDEN_CHARACTERS);
        assert!(AppointmentDraft { notes: "line\n\tnext".into(), ..draft() }.check().is_ok());
    }

    #[test]
    fn ids_of_one_or_less_are_none() {
        let fields = AppointmentDraft { provider_id: Some(1), ..draft() }.check().expect("valid");
        assert_eq!(fields.provider_id, None);
        let errors = AppointmentDraft { type_id: Some(1), status_id: Some(0), ..draft() }.check().expect_err("none");
        assert_eq!((errors["typeId"].as_str(), errors["statusId"].as_str()), (REQUIRED, REQUIRED));
    }

    #[test]
    fn every_required_field_is_named() {
        let errors = AppointmentDraft::default().check().expect_err("empty");
        assert_eq!(
            errors.keys().collect::<Vec<_>>(),
            ["length", "patientId", "resourceId", "start", "statusId", "typeId"]
        );
    }

    #[test]
    fn duration_is_one_to_three_digits_of_minutes() {
        assert!(AppointmentDraft { length_minutes: Some(999), ..draft() }.check().is_ok());
        for bad in [0, 1000, -15] {
            assert!(AppointmentDraft { length_minutes: Some(bad), ..draft() }.check().is_err(), "{bad}");
        }
    }

    #[test]
    fn touching_spans_do_not_overlap() {
        assert!(overlaps(at(9, 0), at(9, 30), at(9, 15), at(9, 45)));
        assert!(!overlaps(at(9, 0), at(9, 30), at(9, 30), at(10, 0)));
        assert!(overlaps(at(9, 0), at(10, 0), at(9, 15), at(9, 30)), "inside");
    }

    #[test]
    fn overlaps_refuse_unless_the_practice_allows_them() {
        assert_eq!(decide(2, &[], false), Booking::Refuse { appointments: vec![0, 1], block_outs: vec![] });
        assert_eq!(decide(2, &[], true), Booking::Book);
        assert_eq!(decide(0, &[], false), Booking::Book);
    }

    #[test]
    fn block_outs_refuse_hold_or_only_show() {
        use BlockRule::{Confirm, Display, Refuse};
        assert_eq!(decide(0, &[Display], false), Booking::Book);
        assert_eq!(decide(0, &[Display, Confirm], false), Booking::HoldForConfirmation { block_outs: vec![1] });
        assert_eq!(decide(0, &[Confirm, Refuse], false), Booking::Refuse { appointments: vec![], block_outs: vec![1] });
        assert_eq!(
            decide(1, &[Confirm], false),
            Booking::Refuse { appointments: vec![0], block_outs: vec![] },
            "an overlap is refused first"
        );
        assert_eq!(
            decide(1, &[Refuse], true),
            Booking::Refuse { appointments: vec![], block_outs: vec![0] },
            "allowed overlaps do not lift a block-out"
        );
    }

    #[test]
    fn rule_codes_round_trip() {
        for rule in [BlockRule::Refuse, BlockRule::Confirm, BlockRule::Display] {
            assert_eq!(BlockRule::from_code(rule.code()), rule);
        }
    }
}
