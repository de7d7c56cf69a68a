//! A change laid over the stored record: a field the request sends replaces the stored
//! value; a field it leaves out (absent or null) keeps it. Every form's PATCH works so.

/// `sent`, when sent, replaces `stored`.
pub fn replace<T: Clone>(stored: &mut T, sent: &Option<T>) {
    if let Some(value) = sent {
        stored.clone_from(value);
    }
}

/// A choice (an id, a number): `sent`, when sent, replaces `stored`.
pub fn choose<T: Copy>(stored: &mut Option<T>, sent: Option<T>) {
    if sent.is_some() {
        *stored = sent;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_is_sent_replaces_what_is_left_out_stays() {
        let mut city = String::from("Portland");
        replace(&mut city, &None);
        assert_eq!(city, "Portland");
        replace(&mut city, &Some(String::new()));
        assert_eq!(city, "", "'' is sent: it clears");
        let mut office = Some(2);
        choose(&mut office, None);
        assert_eq!(office, Some(2));
        choose(&mut office, Some(0));
        assert_eq!(office, Some(0), "0 is sent: the caller decides what it means");
    }
}
