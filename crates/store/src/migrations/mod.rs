//! Schema migrations, embedded in the binary and run at start-up. A landed migration is
//! never edited; every change is a new one appended to the list.

use sea_orm_migration::prelude::*;

mod columns;
mod m20261122_000001_foundation;
mod m20261123_000002_patient_chart;
mod m20261123_000003_orders_vitals;
mod m20261123_000004_scheduling;
mod m20261124_000005_hardening;
mod m20261124_000006_clinical;
mod m20261124_000007_diagnosis_codes;
mod m20261124_000008_charting;
mod m20261124_000009_billing;
mod m20261125_000010_referrers;
mod m20261128_000011_order_words;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_foundation::Migration),
            Box::new(m20261123_000002_patient_chart::Migration),
            Box::new(m20261123_000003_orders_vitals::Migration),
            Box::new(m20261123_000004_scheduling::Migration),
            Box::new(m20261124_000005_hardening::Migration),
            Box::new(m20261124_000006_clinical::Migration),
            Box::new(m20261124_000007_diagnosis_codes::Migration),
            Box::new(m20261124_000008_charting::Migration),
            Box::new(m20261124_000009_billing::Migration),
            Box::new(m20261125_000010_referrers::Migration),
            Box::new(m20261128_000011_order_words::Migration),
        ]
    }
}
