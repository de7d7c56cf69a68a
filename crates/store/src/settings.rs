//! Server-wide settings kept in the database, so that every server process sharing the
//! database agrees on them. Secrets never go here: they live in the keys file
//! (see [`crate::keys`]), so a backup of the database carries none.

use sea_orm::{ActiveValue::Set, EntityTrait};

use crate::Store;
use crate::entities::setting;

impl Store {
    pub async fn setting(&self, key: &str) -> Result<Option<String>, crate::DbErr> {
        Ok(setting::Entity::find_by_id(key.to_owned()).one(&self.db).await?.map(|s| s.value))
    }

    /// Stores `value` unless the key already has one; the first writer wins.
    pub async fn put_setting_if_absent(&self, key: &str, value: &str) -> Result<(), crate::DbErr> {
        let row = setting::ActiveModel { key: Set(key.to_owned()), value: Set(value.to_owned()) };
        setting::Entity::insert(row).on_conflict_do_nothing().exec(&self.db).await?;
        Ok(())
    }
}
