//! Server-wide settings kept in the database, such as the token signing key, so that
//! every server process sharing the database agrees on them.

use sea_orm::{ActiveValue::Set, EntityTrait};

use crate::Store;
use crate::entities::setting;

const SIGNING_KEY: &str = "jwt_signing_key";

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

    /// The key that signs session tokens: 32 random bytes made at first start. When two
    /// servers start at once on one database, both end up with the one stored first.
    pub async fn signing_key(&self) -> Result<Vec<u8>, crate::DbErr> {
        if let Some(key) = self.setting(SIGNING_KEY).await?.and_then(|hex_key| hex_decode(&hex_key)) {
            return Ok(key);
        }
        let fresh: [u8; 32] = rand::random();
        self.put_setting_if_absent(SIGNING_KEY, &hex_encode(&fresh)).await?;
        self.setting(SIGNING_KEY)
            .await?
            .and_then(|hex_key| hex_decode(&hex_key))
            .ok_or_else(|| crate::DbErr::Custom("signing key could not be stored".into()))
    }
}

fn hex_encode(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn hex_decode(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips() {
        let bytes = [0u8, 1, 171, 255];
        assert_eq!(hex_decode(&hex_encode(&bytes)), Some(bytes.to_vec()));
        assert_eq!(hex_decode("abc"), None);
        assert_eq!(hex_decode("zz"), None);
    }
}
