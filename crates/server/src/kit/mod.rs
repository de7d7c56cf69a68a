//! The route kit: what every route module builds on, so a new area (a chart section,
//! billing) is a few small files and not a copy of the last one.
//!
//! - [`PatientInPath`] / [`PatientRead`]: the `patientId` of the path parsed, the
//!   patient loaded (400 / 404), and for a read, the read written to the audit log.
//! - [`AuditEntries`]: one way to start an audit entry from the current session.
//! - [`IdList`]: "all" or ids separated by commas, as the list filters send them.
//! - [`Choices`]: 'Choose from the list' answered from cached reference lists.
//! - [`expected_version`]: the version a change was made on (409 when stale).
//!
//! Route modules import from here and from `crate::{error, extract, state}`, never from
//! one another.

mod audit;
mod choices;
mod ids;
mod patient;
mod version;

pub use audit::AuditEntries;
pub use choices::{CHOOSE_FROM_LIST, Choices, List, ReferenceCache};
pub use ids::{IdList, parse_date};
pub use patient::{PatientInPath, PatientRead, ReadAction};
pub use version::{expected_version, stale_change};
