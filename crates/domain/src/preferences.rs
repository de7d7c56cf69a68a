//! The preferences a user (or the practice) can hold, with their types and defaults.
//!
//! Spec part 1, section 3 names the key families; `docs/preferences.md` lists every
//! member and why. A value is checked against its kind before it is stored and stored
//! in canonical form, so a client can never save something the app cannot show.

use serde_json::{Map, Value, json};

/// The largest order type id (ids are stored as 32-bit integers).
pub const ORDER_TYPE_MAX: i64 = 2_147_483_647;

/// Who a preference belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Each user has their own value.
    User,
    /// One value for the whole practice, owned by the desktop product: read-only here.
    Practice,
}

/// The shape a preference's value must have.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Bool,
    Int {
        min: i64,
        max: i64,
    },
    Choice(&'static [&'static str]),
    /// An order type a user may choose (`orders::is_selectable_type`).
    OrderType,
    /// A time of day, "HH:mm" on a 24-hour clock.
    TimeOfDay,
    Text {
        max_chars: usize,
    },
    /// Patient ids, newest first, without repeats.
    PatientIds {
        max: usize,
    },
    AppointmentFilters,
    OrderFilters,
    ClinicalSummary,
}

#[derive(Debug)]
pub struct PreferenceDef {
    /// The short name the web app uses (the spec's `pkey`).
    pub key: &'static str,
    /// The key actually stored, when it differs from `key`.
    pub internal_key: Option<&'static str>,
    pub kind: Kind,
    pub scope: Scope,
    /// The default, as JSON text (checked against `kind` by a test).
    default: &'static str,
}

impl PreferenceDef {
    /// The name the value is stored under.
    pub fn storage_key(&self) -> &'static str {
        self.internal_key.unwrap_or(self.key)
    }

    pub fn default_value(&self) -> Value {
        if self.key == DESKTOP_CLINICAL_SUMMARY {
            return desktop_clinical_summary();
        }
        if matches!(self.kind, Kind::ClinicalSummary) {
            return default_clinical_summary();
        }
        serde_json::from_str(self.default).unwrap_or(Value::Null)
    }

    /// The canonical form of `value`, or what is wrong with it in the user's words.
    pub fn check(&self, value: &Value) -> Result<Value, String> {
        check_kind(self.kind, value)
    }
}

macro_rules! pref {
    ($key:literal, $internal:expr, $kind:expr, $default:literal) => {
        pref!($key, $internal, $kind, $default, Scope::User)
    };
    ($key:literal, $internal:expr, $kind:expr, $default:literal, $scope:expr) => {
        PreferenceDef { key: $key, internal_key: $internal, kind: $kind, scope: $scope, default: $default }
    };
}

const DEFAULT_VIEWS: Kind = Kind::Int { min: 0, max: 4 };
/// The auto logout choices of the preferences page: 5 to 30 minutes (spec part 1,
/// sections 3 and 9), 15 by default.
pub const AUTO_LOGOUT_MIN: i64 = 5;
pub const AUTO_LOGOUT_MAX: i64 = 30;
pub const AUTO_LOGOUT_DEFAULT: i64 = 15;
const BOOL: Kind = Kind::Bool;

/// Every preference the server knows. A key not here is refused (spec part 1, section 4:
/// "an unknown preference key is an error").
pub static REGISTRY: &[PreferenceDef] = &[
    pref!("defaultView", Some("mobile.defaultView"), DEFAULT_VIEWS, "0"),
    pref!("autoLogout", Some("mobile.autoLogout"), Kind::Int { min: AUTO_LOGOUT_MIN, max: AUTO_LOGOUT_MAX }, "15"),
    pref!("apptColors", Some("mobile.apptColors"), BOOL, "true"),
    pref!(
        "defaultSchedulingView",
        Some("mobile.defaultSchedulingView"),
        Kind::Choice(&["dayView", "listView"]),
        "\"dayView\""
    ),
    pref!("defaultOrdersView", Some("mobile.defaultOrdersView"), Kind::Choice(&["mine", "all"]), "\"mine\""),
    pref!("recentPatients", Some("mobile.recentPatients"), Kind::PatientIds { max: 20 }, "[]"),
    pref!(
        "apptFilters",
        Some("mobile.apptFilters"),
        Kind::AppointmentFilters,
        r#"{"order":1,"resources":"all","providers":"all"}"#
    ),
    pref!(
        "ordersFilters",
        Some("mobile.ordersFilters"),
        Kind::OrderFilters,
        r#"{"offices":"all","statuses":[0],"providers":"all","types":"all","signed":"both"}"#
    ),
    pref!("clinicalSummary", Some("mobile.clinicalSummary"), Kind::ClinicalSummary, "[]"),
    pref!("clinical.desktopSummary", None, Kind::ClinicalSummary, "[]", Scope::Practice),
    pref!("allowDx", Some("billing.allowDx"), BOOL, "false"),
    pref!("allowModifiers", Some("billing.allowModifiers"), BOOL, "false"),
    pref!("allowToothSurface", Some("billing.allowToothSurface"), BOOL, "false"),
    pref!("coding.diagnosisCodeSet", None, Kind::Choice(&["ICD-10-CM", "ICD-9-CM"]), "\"ICD-10-CM\""),
    pref!("coding.procedureCodeSet", None, Kind::Choice(&["CDT", "CPT", "both"]), "\"both\""),
    pref!("ledger.enableToDateBeforeCode", None, BOOL, "false"),
    pref!("localization.dateFormat", None, Kind::Choice(&["MM/dd/yyyy", "dd/MM/yyyy", "yyyy-MM-dd"]), "\"MM/dd/yyyy\""),
    pref!("localization.phoneFormat", None, Kind::Choice(&["###-###-####", "(###) ###-####"]), "\"###-###-####\""),
    pref!("localization.stateFormat", None, Kind::Choice(&["US", "CA"]), "\"US\""),
    pref!("localization.zipCodeFormat", None, Kind::Choice(&["#####", "#####-####", "A#A #A#"]), "\"#####\""),
    pref!("localization.ssnMedicare", None, Kind::Choice(&["SSN", "SIN", "Medicare"]), "\"SSN\""),
    pref!("localization.temperature", None, Kind::Choice(&["F", "C"]), "\"F\""),
    pref!("localization.headCircumference", None, Kind::Choice(&["cm", "in"]), "\"cm\""),
    pref!("localization.useReferralsExpirationDate", None, BOOL, "false"),
    pref!("localization.useCanadianClaimFields", None, BOOL, "false"),
    pref!("orders.defaultOrderType", None, Kind::OrderType, "100"),
    pref!("scheduling.calendarStartTime", None, Kind::TimeOfDay, "\"07:00\""),
    pref!("scheduling.calendarEndTime", None, Kind::TimeOfDay, "\"19:00\""),
    pref!("scheduling.overlapIndicator", None, BOOL, "true"),
    pref!("scheduling.showAccountAlerts", None, BOOL, "true"),
    pref!("scheduling.defaultAppointmentStatus", None, Kind::Text { max_chars: 60 }, "\"Unconfirmed\""),
    pref!("scheduling.defaultAppointmentType", None, Kind::Int { min: 0, max: 2_147_483_647 }, "0"),
    pref!("scheduling.allowAppointmentOverlaps", None, BOOL, "false", Scope::Practice),
    pref!("practice.timeZone", None, Kind::Text { max_chars: 64 }, "\"UTC\"", Scope::Practice),
    pref!("security.rememberLogin", None, BOOL, "false"),
];

/// The definition named by either its short or its internal key.
pub fn lookup(name: &str) -> Option<&'static PreferenceDef> {
    REGISTRY.iter().find(|def| def.key == name || def.internal_key == Some(name))
}

/// The chart sections of the clinical summary (spec part 2, section 2), with the title
/// and colour each tile has until the user changes them.
pub static CLINICAL_WIDGETS: &[(&str, &str)] = &[
    ("accountAlerts", "Account Alerts"),
    ("allergies", "Allergies"),
    ("attachments", "Attachments"),
    ("careTeam", "Care Team"),
    ("clinicalNotes", "Clinical Notes"),
    ("education", "Education"),
    ("familyHistory", "Family History"),
    ("forms", "Forms"),
    ("genderIdentityAndSexualOrientation", "Gender Identity & Sexual Orientation"),
    ("goals", "Goals"),
    ("imagingVisits", "Imaging Visits"),
    ("immunizations", "Immunizations"),
    ("labs", "Labs"),
    ("medications", "Medications"),
    ("opticalRX", "Optical Rx"),
    ("orders", "Orders"),
    ("patientAlerts", "Patient Alerts"),
    ("patientImplantableDevices", "Implantable Devices"),
    ("patientNotes", "Patient Notes"),
    ("perioVisits", "Perio Visits"),
    ("preventiveCare", "Preventive Care"),
    ("problemList", "Problem List"),
    ("procedures", "Procedures"),
    ("referrals", "Referrals"),
    ("smokingStatus", "Smoking Status"),
    ("socialPsychologicalBehavioral", "Social, Psychological & Behavioral"),
    ("treatmentPlans", "Treatment Plans"),
    ("vitals", "Vitals"),
];

/// Widgets the desktop product may also list; they carry no count (spec part 2).
pub static COUNTLESS_WIDGETS: &[(&str, &str)] = &[
    ("hieDownloads", "HIE Downloads"),
    ("immunizationScheduling", "Immunization Scheduling"),
    ("opioidTreatmentAgreement", "Opioid Treatment Agreement"),
    ("healthConcerns", "Health Concerns"),
];

/// Tile colours, each dark enough for white text at 4.5:1 or better.
const WIDGET_COLOURS: &[&str] =
    &["#1F6A96", "#B71C1C", "#7446AA", "#2E7D32", "#AD1457", "#00695C", "#4E342E", "#283593", "#BF360C", "#37474F"];

/// The practice's widget layout in the desktop product ('Reset to My Desktop Settings').
pub const DESKTOP_CLINICAL_SUMMARY: &str = "clinical.desktopSummary";

/// The desktop layout until the practice saves its own: what a provider checks before
/// walking into the room fills the first column, the rest the second.
const DESKTOP_FIRST_COLUMN: &[&str] = &[
    "patientAlerts",
    "allergies",
    "problemList",
    "medications",
    "vitals",
    "immunizations",
    "labs",
    "clinicalNotes",
    "orders",
    "preventiveCare",
    "smokingStatus",
    "procedures",
    "treatmentPlans",
    "referrals",
];

/// One widget of [`CLINICAL_WIDGETS`] (by index) at a place; a widget has the same
/// colour in every layout.
fn widget(index: usize, column: usize, order: usize) -> Value {
    let (key, title) = CLINICAL_WIDGETS[index];
    json!({
        "key": key,
        "title": title,
        "tableType": key,
        "flagTreatment": false,
        "color": WIDGET_COLOURS[index % WIDGET_COLOURS.len()],
        "orderNumber": order,
        "columnNumber": column,
        "showInView": true,
    })
}

fn default_clinical_summary() -> Value {
    Value::Array((0..CLINICAL_WIDGETS.len()).map(|i| widget(i, i % 2, i / 2)).collect())
}

fn desktop_clinical_summary() -> Value {
    let index_of = |key: &str| CLINICAL_WIDGETS.iter().position(|(k, _)| *k == key);
    let first = DESKTOP_FIRST_COLUMN.iter().filter_map(|key| index_of(key));
    let second = (0..CLINICAL_WIDGETS.len()).filter(|i| !DESKTOP_FIRST_COLUMN.contains(&CLINICAL_WIDGETS[*i].0));
    let mut widgets: Vec<Value> = first.enumerate().map(|(order, i)| widget(i, 0, order)).collect();
    widgets.extend(second.enumerate().map(|(order, i)| widget(i, 1, order)));
    Value::Array(widgets)
}

fn is_widget_key(key: &str) -> bool {
    CLINICAL_WIDGETS.iter().chain(COUNTLESS_WIDGETS).any(|(k, _)| *k == key)
}

fn check_kind(kind: Kind, value: &Value) -> Result<Value, String> {
    match kind {
        Kind::Bool => value.as_bool().map(Value::Bool).ok_or_else(|| "Must be true or false".to_owned()),
        Kind::Int { min, max } => match value.as_i64() {
            Some(n) if (min..=max).contains(&n) => Ok(json!(n)),
            _ => Err(format!("Must be a whole number from {min} to {max}")),
        },
        Kind::Choice(choices) => match value.as_str() {
            Some(s) if choices.contains(&s) => Ok(json!(s)),
            _ => Err(format!("Must be one of: {}", choices.join(", "))),
        },
        Kind::OrderType => match value.as_i64() {
            Some(n) if crate::orders::is_selectable_type(n) && n <= ORDER_TYPE_MAX => Ok(json!(n)),
            _ => Err("Must be an order type a user may choose: 1 to 4, 100 to 102, or above 110".to_owned()),
        },
        Kind::TimeOfDay => match value.as_str() {
            Some(s) if is_time_of_day(s) => Ok(json!(s)),
            _ => Err("Must be a time as HH:mm".to_owned()),
        },
        Kind::Text { max_chars } => match value.as_str().map(str::trim) {
            Some(s) if s.chars().count() > max_chars => Err(format!("Cannot be longer than {max_chars} characters")),
            Some(s) if crate::input::check_text(s, crate::input::Lines::One).is_err() => {
                Err(crate::input::HIDDEN_CHARACTERS.to_owned())
            }
            Some(s) => Ok(json!(s)),
            None => Err("Must be text".to_owned()),
        },
        Kind::PatientIds { max } => check_patient_ids(value, max),
        Kind::AppointmentFilters => check_appointment_filters(value),
        Kind::OrderFilters => check_order_filters(value),
        Kind::ClinicalSummary => check_clinical_summary(value),
    }
}

fn is_time_of_day(s: &str) -> bool {
    let bytes = s.as_bytes();
    if bytes.len() != 5 || bytes[2] != b':' {
        return false;
    }
    match (s[..2].parse::<u8>(), s[3..].parse::<u8>()) {
        (Ok(h), Ok(m)) => h < 24 && m < 60 && s[..2].bytes().chain(s[3..].bytes()).all(|b| b.is_ascii_digit()),
        _ => false,
    }
}

fn check_patient_ids(value: &Value, max: usize) -> Result<Value, String> {
    let message = || format!("Must be a list of at most {max} patient ids");
    let items = value.as_array().ok_or_else(message)?;
    let mut ids: Vec<i64> = Vec::with_capacity(items.len());
    for item in items {
        let id = item.as_i64().filter(|id| *id > 0).ok_or_else(message)?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    // Newest first: keep the first `max`, which are the most recent.
    ids.truncate(max);
    Ok(json!(ids))
}

/// "all", or a list of ids (0 allowed: it is the None or All Open choice).
fn check_id_selection(value: Option<&Value>, field: &str) -> Result<Value, String> {
    let message = || format!("{field} must be \"all\" or a list of ids");
    match value {
        Some(Value::String(s)) if s == "all" => Ok(json!("all")),
        Some(Value::Array(items)) if items.len() <= 1000 => {
            let mut ids: Vec<i64> = Vec::with_capacity(items.len());
            for item in items {
                let id = item.as_i64().filter(|id| *id >= 0).ok_or_else(message)?;
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            Ok(json!(ids))
        }
        _ => Err(message()),
    }
}

fn object_with_only<'a>(value: &'a Value, allowed: &[&str]) -> Result<&'a Map<String, Value>, String> {
    let object = value.as_object().ok_or_else(|| "Must be an object".to_owned())?;
    match object.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(unknown) => Err(format!("Unknown field {unknown}")),
        None => Ok(object),
    }
}

fn check_appointment_filters(value: &Value) -> Result<Value, String> {
    let object = object_with_only(value, &["order", "resources", "providers"])?;
    let order = match object.get("order").and_then(Value::as_i64) {
        Some(order @ (0 | 1)) => order,
        _ => return Err("order must be 1 (first to last) or 0 (last to first)".to_owned()),
    };
    Ok(json!({
        "order": order,
        "resources": check_id_selection(object.get("resources"), "resources")?,
        "providers": check_id_selection(object.get("providers"), "providers")?,
    }))
}

fn check_order_filters(value: &Value) -> Result<Value, String> {
    let object = object_with_only(value, &["offices", "statuses", "providers", "types", "signed"])?;
    let signed = match object.get("signed") {
        Some(Value::Bool(b)) => json!(b),
        Some(Value::String(s)) if s == "both" => json!("both"),
        _ => return Err("signed must be true, false or \"both\"".to_owned()),
    };
    Ok(json!({
        "offices": check_id_selection(object.get("offices"), "offices")?,
        "statuses": check_id_selection(object.get("statuses"), "statuses")?,
        "providers": check_id_selection(object.get("providers"), "providers")?,
        "types": check_id_selection(object.get("types"), "types")?,
        "signed": signed,
    }))
}

fn is_hex_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

fn check_clinical_summary(value: &Value) -> Result<Value, String> {
    const FIELDS: &[&str] =
        &["key", "title", "tableType", "flagTreatment", "color", "orderNumber", "columnNumber", "showInView"];
    let items = value.as_array().ok_or_else(|| "Must be a list of widgets".to_owned())?;
    let mut seen: Vec<&str> = Vec::with_capacity(items.len());
    let mut widgets = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let object = object_with_only(item, FIELDS).map_err(|e| format!("Widget {}: {e}", i + 1))?;
        let text = |name: &str, max: usize| -> Result<String, String> {
            match object.get(name).and_then(Value::as_str).map(str::trim) {
                Some(s) if !s.is_empty() && s.chars().count() <= max => Ok(s.to_owned()),
                _ => Err(format!("Widget {}: {name} must be text of 1 to {max} characters", i + 1)),
            }
        };
        let key = object
            .get("key")
            .and_then(Value::as_str)
            .filter(|k| is_widget_key(k))
            .ok_or_else(|| format!("Widget {}: key is not a clinical widget", i + 1))?;
        if seen.contains(&key) {
            return Err(format!("Widget {key} is listed twice"));
        }
        seen.push(key);
        let color = object
            .get("color")
            .and_then(Value::as_str)
            .filter(|c| is_hex_colour(c))
            .ok_or_else(|| format!("Widget {key}: color must be #RRGGBB"))?;
        let column = match object.get("columnNumber").and_then(Value::as_i64) {
            Some(c @ (0 | 1)) => c,
            _ => return Err(format!("Widget {key}: columnNumber must be 0 or 1")),
        };
        let order = object
            .get("orderNumber")
            .and_then(Value::as_i64)
            .filter(|n| (0..=1000).contains(n))
            .ok_or_else(|| format!("Widget {key}: orderNumber must be a whole number from 0 to 1000"))?;
        let flag = |name: &str| -> Result<bool, String> {
            object
                .get(name)
                .and_then(Value::as_bool)
                .ok_or_else(|| format!("Widget {key}: {name} must be true or false"))
        };
        widgets.push(json!({
            "key": key,
            "title": text("title", 60)?,
            "tableType": text("tableType", 60)?,
            "flagTreatment": flag("flagTreatment")?,
            "color": color.to_ascii_uppercase(),
            "orderNumber": order,
            "columnNumber": column,
            "showInView": flag("showInView")?,
        }));
    }
    Ok(Value::Array(widgets))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_passes_its_own_check_unchanged() {
        for def in REGISTRY {
            let default = def.default_value();
            assert_eq!(def.check(&default).as_ref(), Ok(&default), "default of {}", def.key);
        }
    }

    #[test]
    fn keys_and_internal_keys_are_unique() {
        let mut names: Vec<&str> = REGISTRY.iter().flat_map(|d| [Some(d.key), d.internal_key]).flatten().collect();
        let total = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), total);
    }

    #[test]
    fn spec_defaults_hold() {
        let default = |key| lookup(key).expect(key).default_value();
        assert_eq!(default("defaultView"), json!(0));
        assert_eq!(default("autoLogout"), json!(15));
        assert_eq!(default("apptColors"), json!(true));
        for key in ["allowDx", "allowModifiers", "allowToothSurface"] {
            assert_eq!(default(key), json!(false), "{key}");
        }
        assert_eq!(default("defaultSchedulingView"), json!("dayView"));
        assert_eq!(default("orders.defaultOrderType"), json!(100));
    }

    #[test]
    fn lookup_finds_a_preference_by_short_or_internal_key() {
        let by_short = lookup("autoLogout").expect("short");
        let by_internal = lookup("mobile.autoLogout").expect("internal");
        assert!(std::ptr::eq(by_short, by_internal));
        assert_eq!(by_short.storage_key(), "mobile.autoLogout");
        assert_eq!(lookup("localization.temperature").expect("plain").storage_key(), "localization.temperature");
        assert!(lookup("noSuchPreference").is_none());
    }

    #[test]
    fn auto_logout_accepts_the_spec_choices_5_to_30_minutes() {
        let def = lookup("autoLogout").expect("def");
        assert_eq!(def.check(&json!(5)), Ok(json!(5)));
        assert_eq!(def.check(&json!(30)), Ok(json!(30)));
        for bad in [0, 1, 4, 31, 240] {
            assert!(def.check(&json!(bad)).is_err(), "{bad}");
        }
        assert_eq!(def.check(&json!("15")), Err("Must be a whole number from 5 to 30".to_owned()));
        assert!(def.check(&json!(2.5)).is_err());
    }

    #[test]
    fn default_order_type_is_one_a_user_may_choose() {
        let def = lookup("orders.defaultOrderType").expect("def");
        for good in [1, 4, 100, 102, 111, ORDER_TYPE_MAX] {
            assert_eq!(def.check(&json!(good)), Ok(json!(good)), "{good}");
        }
        for bad in [0, 5, 50, 103, 110, ORDER_TYPE_MAX + 1, -1] {
            assert!(def.check(&json!(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn texts_refuse_hidden_characters() {
        let def = lookup("scheduling.defaultAppointmentStatus").expect("def");
        assert_eq!(def.check(&json!("Confirmed")), Ok(json!("Confirmed")));
        assert!(def.check(&json!("Con\u{202E}firmed")).is_err());
        assert!(def.check(&json!("Con\u{0}firmed")).is_err());
    }

    #[test]
    fn default_view_is_0_to_4() {
        let def = lookup("defaultView").expect("def");
        assert!(def.check(&json!(4)).is_ok());
        assert!(def.check(&json!(5)).is_err());
        assert!(def.check(&json!(-1)).is_err());
    }

    #[test]
    fn booleans_and_choices_refuse_other_shapes() {
        assert_eq!(lookup("apptColors").expect("def").check(&json!("true")), Err("Must be true or false".to_owned()));
        let view = lookup("defaultSchedulingView").expect("def");
        assert_eq!(view.check(&json!("listView")), Ok(json!("listView")));
        assert_eq!(view.check(&json!("weekView")), Err("Must be one of: dayView, listView".to_owned()));
    }

    #[test]
    fn time_of_day_is_24_hour_hh_mm() {
        let def = lookup("scheduling.calendarStartTime").expect("def");
        assert!(def.check(&json!("00:00")).is_ok());
        assert!(def.check(&json!("23:59")).is_ok());
        for bad in ["24:00", "7:00", "07:60", "0a:00", "07-00", "+1:00"] {
            assert!(def.check(&json!(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn recent_patients_are_deduplicated_newest_first_and_capped() {
        let def = lookup("recentPatients").expect("def");
        assert_eq!(def.check(&json!([5, 3, 5, 9])), Ok(json!([5, 3, 9])));
        let many: Vec<i64> = (1..=30).collect();
        assert_eq!(def.check(&json!(many)).expect("ok").as_array().map(Vec::len), Some(20));
        assert!(def.check(&json!([0])).is_err());
        assert!(def.check(&json!(["7"])).is_err());
    }

    #[test]
    fn appointment_filters_are_checked_field_by_field() {
        let def = lookup("apptFilters").expect("def");
        assert_eq!(
            def.check(&json!({"order": 0, "resources": [2, 1, 2], "providers": "all"})),
            Ok(json!({"order": 0, "resources": [2, 1], "providers": "all"}))
        );
        assert!(def.check(&json!({"order": 2, "resources": "all", "providers": "all"})).is_err());
        assert!(def.check(&json!({"order": 1, "resources": "some", "providers": "all"})).is_err());
        assert_eq!(
            def.check(&json!({"order": 1, "resources": "all", "providers": "all", "extra": 1})),
            Err("Unknown field extra".to_owned())
        );
    }

    #[test]
    fn order_filters_allow_none_office_and_all_open_status() {
        let def = lookup("ordersFilters").expect("def");
        let value = json!({"offices": [0, 2], "statuses": [0], "providers": "all", "types": [100], "signed": true});
        assert_eq!(def.check(&value), Ok(value.clone()));
        assert!(
            def.check(
                &json!({"offices": "all", "statuses": "all", "providers": "all", "types": "all", "signed": "yes"})
            )
            .is_err()
        );
    }

    #[test]
    fn clinical_summary_default_lists_every_section_in_two_columns() {
        let default = lookup("clinicalSummary").expect("def").default_value();
        let widgets = default.as_array().expect("array");
        assert_eq!(widgets.len(), CLINICAL_WIDGETS.len());
        assert!(widgets.iter().any(|w| w["columnNumber"] == 0));
        assert!(widgets.iter().any(|w| w["columnNumber"] == 1));
    }

    #[test]
    fn the_desktop_layout_lists_every_widget_once_and_passes_its_own_check() {
        let def = lookup(DESKTOP_CLINICAL_SUMMARY).expect("def");
        assert_eq!(def.scope, Scope::Practice);
        let value = def.default_value();
        assert_eq!(def.check(&value), Ok(value.clone()));
        let widgets = value.as_array().expect("list");
        assert_eq!(widgets.len(), CLINICAL_WIDGETS.len());
        assert_eq!(widgets[0]["key"], "patientAlerts");
        assert_eq!(widgets[1]["key"], "allergies");
        let second: Vec<_> = widgets.iter().filter(|w| w["columnNumber"] == 1).collect();
        assert_eq!(second.len(), CLINICAL_WIDGETS.len() - DESKTOP_FIRST_COLUMN.len());
        // A widget keeps its colour from one layout to the other.
        let default = lookup("clinicalSummary").expect("def").default_value();
        let colour = |list: &Value, key: &str| {
            list.as_array().and_then(|l| l.iter().find(|w| w["key"] == key)).map(|w| w["color"].clone())
        };
        assert_eq!(colour(&value, "vitals"), colour(&default, "vitals"));
    }

    #[test]
    fn clinical_summary_refuses_unknown_and_repeated_widgets() {
        let def = lookup("clinicalSummary").expect("def");
        let widget = |key: &str| {
            json!({"key": key, "title": "T", "tableType": "t", "flagTreatment": false, "color": "#1f6a96",
                   "orderNumber": 0, "columnNumber": 1, "showInView": true})
        };
        assert_eq!(def.check(&json!([widget("vitals")])).expect("ok")[0]["color"], json!("#1F6A96"));
        assert!(def.check(&json!([widget("vitals"), widget("vitals")])).is_err());
        assert!(def.check(&json!([widget("notAWidget")])).is_err());
        assert!(def.check(&json!([widget("healthConcerns")])).is_ok());
    }

    #[test]
    fn only_overlap_permission_time_zone_and_the_desktop_layout_are_practice_wide() {
        let practice: Vec<&str> = REGISTRY.iter().filter(|d| d.scope == Scope::Practice).map(|d| d.key).collect();
        assert_eq!(practice, ["clinical.desktopSummary", "scheduling.allowAppointmentOverlaps", "practice.timeZone"]);
    }
}
