//! Rules of the practice that need no I/O: what a valid preference is, how long a
//! session lives, how credentials are checked. Everything here is unit-tested beside
//! the code and used by the store and the server alike.

pub mod billing;
pub mod clinical;
pub mod credentials;
pub mod csv;
pub mod diagnosis;
pub mod ids;
pub mod input;
pub mod orders;
pub mod overlay;
pub mod patient;
pub mod preferences;
pub mod reference;
pub mod referrers;
pub mod schedule;
pub mod search;
pub mod session;
pub mod vitals;
