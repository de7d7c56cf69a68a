//! Writing generated rows with the ids they were built with: in batches under both
//! databases' bound-parameter limits, remembering each table written, so PostgreSQL's
//! id sequences are moved past the written ids from that one list (no table is named
//! twice).

use std::collections::BTreeSet;

use sea_orm::{
    ActiveModelTrait, ConnectionTrait, EntityName, EntityTrait, Iden, IntoActiveModel, Iterable, ModelTrait,
};
use store::entities::patient;
use store::{Backend, DbErr};

/// Rows per insert: under SQLite's and PostgreSQL's limits on bound parameters.
const BATCH: usize = 400;

/// The tables written so far that number their rows by an `id` column.
#[derive(Debug, Default)]
pub struct Written(BTreeSet<&'static str>);

impl Written {
    /// Inserts `rows` as they are, ids included.
    pub async fn rows<M>(&mut self, db: &impl ConnectionTrait, rows: Vec<M>) -> Result<(), DbErr>
    where
        M: IntoActiveModel<<M::Entity as EntityTrait>::ActiveModel> + ModelTrait,
        <M::Entity as EntityTrait>::ActiveModel: ActiveModelTrait + Send,
    {
        let entity = M::Entity::default();
        if <M::Entity as EntityTrait>::Column::iter().any(|column| column.to_string() == "id") {
            self.0.insert(entity.table_name());
        }
        let mut rows = rows.into_iter().peekable();
        while rows.peek().is_some() {
            let batch: Vec<_> = rows.by_ref().take(BATCH).map(|row| row.into_active_model().reset_all()).collect();
            M::Entity::insert_many(batch).exec_without_returning(db).await?;
        }
        Ok(())
    }

    /// Inserts patients a whole household per statement: spouses name each other as
    /// guarantors, and both databases check foreign keys at the end of each statement.
    pub async fn households(&mut self, db: &impl ConnectionTrait, patients: Vec<patient::Model>) -> Result<(), DbErr> {
        let mut batch: Vec<patient::Model> = Vec::with_capacity(BATCH);
        let mut patients = patients.into_iter().peekable();
        while let Some(patient) = patients.next() {
            let account = patient.account_id;
            batch.push(patient);
            let household_ends = patients.peek().is_none_or(|next| next.account_id != account);
            if household_ends && batch.len() >= 300 {
                self.rows(db, std::mem::take(&mut batch)).await?;
            }
        }
        self.rows(db, batch).await
    }

    /// On PostgreSQL, moves each written table's id sequence past its largest id, so
    /// rows added later through the API get new ids. SQLite needs nothing.
    pub async fn move_sequences(&self, db: &impl ConnectionTrait, backend: Backend) -> Result<(), DbErr> {
        if backend != Backend::Postgres {
            return Ok(());
        }
        for table in &self.0 {
            db.execute_unprepared(&format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT COALESCE(MAX(id), 1) FROM {table}))"
            ))
            .await?;
        }
        Ok(())
    }
}
