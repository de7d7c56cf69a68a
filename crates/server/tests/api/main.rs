//! API integration tests: one binary, every test against the real server on port 0,
//! once on SQLite and once on PostgreSQL (see `helpers::on_both_databases`).

mod helpers;

mod audit;
mod billing;
mod charting;
mod clinical;
mod concurrency;
mod connections;
mod diagnosis;
mod input;
mod openapi;
mod orders;
mod patients;
mod preferences;
mod read_models;
mod references;
mod referrers;
mod schedule;
mod session;
mod sessions_hardened;
mod users;
mod vitals;
mod web;
