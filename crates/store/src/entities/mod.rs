//! SeaORM entities, one per table (2.0 entity format). Columns mirror the migrations.

pub mod account;
pub mod account_alert;
pub mod allergy;
pub mod appointment_status;
pub mod appointment_type;
pub mod audit_log;
pub mod emergency_contact;
pub mod employment_status;
pub mod fee_schedule;
pub mod insurance_policy;
pub mod language;
pub mod ledger_entry;
pub mod marital_status;
pub mod name_key;
pub mod office;
pub mod patient;
pub mod patient_alert;
pub mod patient_phone;
pub mod patient_relationship;
pub mod practice_preference;
pub mod preference;
pub mod problem;
pub mod resource;
pub mod session;
pub mod setting;
pub mod user;
