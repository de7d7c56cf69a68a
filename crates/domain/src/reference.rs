//! Reference lists whose members are fixed by the spec rather than by the practice.

/// Phone types (spec part 1, section 3): the numeric type stored with each number.
pub static PHONE_TYPES: &[(i64, &str)] =
    &[(0, "Home Phone"), (1, "Work Phone"), (2, "Mobile Phone"), (3, "Other Phone")];

/// Sex types (spec part 1, section 3).
pub static SEX_TYPES: &[(i64, &str)] = &[(0, "Male"), (1, "Female"), (2, "Unknown")];

/// Users and providers with an id of 1 or less are system users: never listed, and a
/// provider id of 1 or less means "no provider" (spec part 1, section 6).
pub const fn is_real_user_id(user_id: i64) -> bool {
    user_id > 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_lists_match_the_spec() {
        assert_eq!(
            PHONE_TYPES.iter().map(|p| p.1).collect::<Vec<_>>(),
            ["Home Phone", "Work Phone", "Mobile Phone", "Other Phone"]
        );
        assert_eq!(SEX_TYPES.iter().map(|s| s.0).collect::<Vec<_>>(), [0, 1, 2]);
    }

    #[test]
    fn ids_of_one_or_less_are_system_users() {
        assert!(!is_real_user_id(0));
        assert!(!is_real_user_id(1));
        assert!(is_real_user_id(2));
    }
}
