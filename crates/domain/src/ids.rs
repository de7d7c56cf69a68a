//! The ids that cross the API, one type each: a handler that takes an `OrderId` cannot
//! be handed a patient's id, and an answer says in its type what each number names.
//! On the wire each is a plain integer.
//!
//! Choosing from a list: a form sends 0 (or, where the list's first row is the "none"
//! entry, 1 or less) for "none". [`ChosenId::chosen`] applies that rule, once per type,
//! where a request is read.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An id that a form may send for "none".
pub trait ChosenId: Sized + Copy {
    /// The smallest id that names a row; anything smaller means none.
    const FIRST_REAL: i64;

    fn from_raw(raw: i64) -> Self;

    /// `raw` as a choice: `None` when it means "none".
    fn chosen(raw: Option<i64>) -> Option<Self> {
        raw.filter(|id| *id >= Self::FIRST_REAL).map(Self::from_raw)
    }
}

macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident first $first:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema)]
        #[serde(transparent)]
        #[schema(value_type = i64)]
        pub struct $name(pub i64);

        impl From<$name> for i64 {
            fn from(id: $name) -> i64 {
                id.0
            }
        }

        impl From<i64> for $name {
            fn from(raw: i64) -> Self {
                Self(raw)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl ChosenId for $name {
            const FIRST_REAL: i64 = $first;

            fn from_raw(raw: i64) -> Self {
                Self(raw)
            }
        }
    )*};
}

ids! {
    /// A patient.
    PatientId first 1;
    /// A family account (its guarantor and members).
    AccountId first 1;
    /// A user: staff or provider. Id 1 is the system user, so 1 or less means none.
    UserId first 2;
    /// An order.
    OrderId first 1;
    /// An incident of a patient (orders group under it).
    IncidentId first 1;
    /// An office.
    OfficeId first 1;
    /// A chair or room appointments are booked on.
    ResourceId first 1;
    /// An appointment.
    AppointmentId first 1;
    /// An appointment type; id 1 is the "None" row.
    AppointmentTypeId first 2;
    /// An appointment status; id 1 is the "None" row.
    AppointmentStatusId first 2;
    /// A vitals measurement.
    VitalsId first 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_or_less_is_none_where_the_list_starts_with_none() {
        assert_eq!(UserId::chosen(Some(1)), None, "the system user");
        assert_eq!(UserId::chosen(Some(2)), Some(UserId(2)));
        assert_eq!(AppointmentStatusId::chosen(Some(1)), None);
        assert_eq!(AppointmentTypeId::chosen(Some(0)), None);
    }

    #[test]
    fn zero_or_less_is_none_elsewhere() {
        assert_eq!(OfficeId::chosen(Some(1)), Some(OfficeId(1)), "office 1 is a real office");
        assert_eq!(OfficeId::chosen(Some(0)), None);
        assert_eq!(IncidentId::chosen(Some(-3)), None);
        assert_eq!(ResourceId::chosen(None), None);
    }

    #[test]
    fn ids_travel_as_plain_integers() {
        assert_eq!(serde_json::to_string(&PatientId(42)).ok().as_deref(), Some("42"));
        assert_eq!(serde_json::from_str::<OrderId>("7").ok(), Some(OrderId(7)));
    }
}
