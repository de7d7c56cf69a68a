//! Stored preference values. What a valid value is lives in `domain::preferences`;
//! this module only keeps the checked JSON.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::Value;

use crate::Store;
use crate::entities::{practice_preference, preference};

fn parse_stored(text: &str) -> Option<Value> {
    serde_json::from_str(text).ok()
}

impl Store {
    /// The stored values of `keys` for one user; keys with no stored value are absent.
    pub async fn user_preferences(&self, user_id: i64, keys: &[&str]) -> Result<HashMap<String, Value>, crate::DbErr> {
        let rows = preference::Entity::find()
            .filter(preference::Column::UserId.eq(user_id))
            .filter(preference::Column::Key.is_in(keys.iter().copied()))
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().filter_map(|row| Some((row.key, parse_stored(&row.value)?))).collect())
    }

    pub async fn save_user_preference(
        &self,
        user_id: i64,
        key: &str,
        value: &Value,
        now: DateTime<Utc>,
    ) -> Result<(), crate::DbErr> {
        let row = preference::ActiveModel {
            user_id: Set(user_id),
            key: Set(key.to_owned()),
            value: Set(value.to_string()),
            updated_at: Set(now),
        };
        preference::Entity::insert(row)
            .on_conflict(
                OnConflict::columns([preference::Column::UserId, preference::Column::Key])
                    .update_columns([preference::Column::Value, preference::Column::UpdatedAt])
                    .to_owned(),
            )
            .exec(&self.db)
            .await?;
        Ok(())
    }

    pub async fn practice_preferences(&self, keys: &[&str]) -> Result<HashMap<String, Value>, crate::DbErr> {
        let rows = practice_preference::Entity::find()
            .filter(practice_preference::Column::Key.is_in(keys.iter().copied()))
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().filter_map(|row| Some((row.key, parse_stored(&row.value)?))).collect())
    }

    pub async fn save_practice_preference(
        &self,
        key: &str,
        value: &Value,
        now: DateTime<Utc>,
    ) -> Result<(), crate::DbErr> {
        save_practice_preference_in(&self.db, key, value, now).await
    }
}

/// Stores a practice-wide value with `db`, which may be an open transaction.
pub async fn save_practice_preference_in(
    db: &impl sea_orm::ConnectionTrait,
    key: &str,
    value: &Value,
    now: DateTime<Utc>,
) -> Result<(), crate::DbErr> {
    let row = practice_preference::ActiveModel {
        key: Set(key.to_owned()),
        value: Set(value.to_string()),
        updated_at: Set(now),
    };
    practice_preference::Entity::insert(row)
        .on_conflict(
            OnConflict::column(practice_preference::Column::Key)
                .update_columns([practice_preference::Column::Value, practice_preference::Column::UpdatedAt])
                .to_owned(),
        )
        .exec(db)
        .await?;
    Ok(())
}
