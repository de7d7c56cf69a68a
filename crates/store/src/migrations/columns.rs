//! Column, foreign-key and index builders every migration uses, so a table's keys and
//! indexes are named the same way in each.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

/// Instants are stored in UTC; on SQLite as text that sorts in time order.
pub fn instant(name: &'static str) -> ColumnDef {
    timestamp_with_time_zone(name)
}

pub fn instant_null(name: &'static str) -> ColumnDef {
    timestamp_with_time_zone_null(name)
}

/// A text column that is never NULL: absent values are ''.
pub fn text_or_empty(name: &'static str) -> ColumnDef {
    string(name).default("").to_owned()
}

/// `fk_<table>_<column>`, referencing `target.id`.
pub fn fk(
    table: &'static str,
    column: &'static str,
    target: &'static str,
    on_delete: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{table}_{column}"))
        .from(table, column)
        .to(target, "id")
        .on_delete(on_delete)
        .to_owned()
}

/// A foreign key whose target cannot be deleted while referenced.
pub fn restrict_fk(table: &'static str, column: &'static str, target: &'static str) -> ForeignKeyCreateStatement {
    fk(table, column, target, ForeignKeyAction::Restrict)
}

/// `ix_<table>_<columns>`.
pub async fn index(manager: &SchemaManager<'_>, table: &'static str, columns: &[&'static str]) -> Result<(), DbErr> {
    let mut statement = Index::create();
    statement.name(format!("ix_{table}_{}", columns.join("_"))).table(table);
    for column in columns {
        statement.col(*column);
    }
    manager.create_index(statement.to_owned()).await
}
