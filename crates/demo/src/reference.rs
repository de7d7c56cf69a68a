//! The practice's fixed lists: offices, fee schedules, languages, statuses and
//! relationships, staff and providers, chairs and rooms, appointment types and statuses.

use chrono::{DateTime, Duration, Utc};
use store::entities::{
    appointment_status, appointment_type, employment_status, fee_schedule, language, marital_status, office,
    patient_relationship, resource, user,
};

use crate::people;
use crate::{
    DEMO_USERNAME, OFFICE_DOWNTOWN, OFFICE_EASTSIDE, PROVIDER_BENNETT, PROVIDER_CHEN, PROVIDER_OCONNOR, PROVIDER_RAMAN,
    PROVIDER_WHITFIELD,
};

fn list<M>(items: &[&str], make: impl Fn(i64, String) -> M) -> Vec<M> {
    items.iter().zip(1..).map(|(text, id)| make(id, (*text).to_owned())).collect()
}

pub fn offices() -> Vec<office::Model> {
    vec![
        office::Model {
            id: OFFICE_DOWNTOWN,
            name: "Downtown Clinic".into(),
            street_address: "1120 SW 5th Ave, Suite 300".into(),
            city: "Portland".into(),
            state: "OR".into(),
            zip_code: "97204".into(),
            phone: "5035550100".into(),
        },
        office::Model {
            id: OFFICE_EASTSIDE,
            name: "Eastside Clinic".into(),
            street_address: "4310 SE Hawthorne Blvd".into(),
            city: "Portland".into(),
            state: "OR".into(),
            zip_code: "97215".into(),
            phone: "5035550150".into(),
        },
    ]
}

pub fn fee_schedules() -> Vec<fee_schedule::Model> {
    list(
        &[
            "Standard",
            "Medicare",
            "Medicaid (Oregon Health Plan)",
            "Delta Dental PPO",
            "Aetna PPO",
            "Self-Pay Discount",
        ],
        |id, name| fee_schedule::Model { id, name },
    )
}

pub fn languages() -> Vec<language::Model> {
    list(
        &[
            "English",
            "Spanish",
            "Vietnamese",
            "Chinese (Mandarin)",
            "Chinese (Cantonese)",
            "Russian",
            "Korean",
            "Tagalog",
            "Arabic",
            "Ukrainian",
            "Japanese",
            "Somali",
            "Romanian",
            "French",
            "German",
            "Hindi",
            "Portuguese",
            "American Sign Language",
            "Other",
        ],
        |id, name| language::Model { id, name },
    )
}

pub fn marital_statuses() -> Vec<marital_status::Model> {
    list(
        &["Single", "Married", "Divorced", "Widowed", "Separated", "Domestic Partner", "Unknown"],
        |id, description| marital_status::Model { id, description },
    )
}

pub fn employment_statuses() -> Vec<employment_status::Model> {
    list(
        &[
            "Employed Full-Time",
            "Employed Part-Time",
            "Self-Employed",
            "Unemployed",
            "Retired",
            "Student (Full-Time)",
            "Student (Part-Time)",
            "Unknown",
        ],
        |id, description| employment_status::Model { id, description },
    )
}

pub fn patient_relationships() -> Vec<patient_relationship::Model> {
    list(
        &[
            "Self",
            "Spouse",
            "Child",
            "Parent",
            "Grandparent",
            "Grandchild",
            "Sibling",
            "Legal Guardian",
            "Domestic Partner",
            "Other",
        ],
        |id, description| patient_relationship::Model { id, description },
    )
}

pub fn resources() -> Vec<resource::Model> {
    vec![
        resource::Model {
            id: 1,
            name: "Chair 1".into(),
            office_id: OFFICE_DOWNTOWN,
            provider_id: Some(PROVIDER_BENNETT),
            sort_order: 1,
        },
        resource::Model {
            id: 2,
            name: "Chair 2".into(),
            office_id: OFFICE_DOWNTOWN,
            provider_id: Some(PROVIDER_RAMAN),
            sort_order: 2,
        },
        resource::Model {
            id: 3,
            name: "Exam Room 1".into(),
            office_id: OFFICE_EASTSIDE,
            provider_id: Some(PROVIDER_CHEN),
            sort_order: 3,
        },
        resource::Model {
            id: 4,
            name: "Exam Room 2".into(),
            office_id: OFFICE_EASTSIDE,
            provider_id: None,
            sort_order: 4,
        },
    ]
}

pub fn appointment_types() -> Vec<appointment_type::Model> {
    [
        ("None", 30, "#9E9E9E"),
        ("New Patient Exam", 60, "#1F6A96"),
        ("Recall / Hygiene", 60, "#2E7D32"),
        ("Follow-Up", 30, "#00695C"),
        ("Consultation", 30, "#283593"),
        ("Restorative", 90, "#AD1457"),
        ("Emergency", 30, "#B71C1C"),
        ("Annual Physical", 45, "#4E342E"),
        ("Sick Visit", 20, "#BF360C"),
        ("Procedure", 60, "#7446AA"),
    ]
    .iter()
    .zip(1..)
    .map(|((name, length, color), id)| appointment_type::Model {
        id,
        name: (*name).into(),
        default_length: *length,
        color: (*color).into(),
    })
    .collect()
}

pub fn appointment_statuses() -> Vec<appointment_status::Model> {
    [
        ("None", "#000000", "active"),
        ("Unconfirmed", "#000000", "active"),
        ("Confirmed", "#000000", "active"),
        ("Checked In", "#000000", "active"),
        ("In Treatment", "#000000", "active"),
        ("Completed", "#000000", "active"),
        ("Missed", "#B71C1C", "missed"),
        ("Cancelled", "#1F6A96", "cancelled"),
        ("To Reschedule", "#7446AA", "reschedule"),
    ]
    .iter()
    .zip(1..)
    .map(|((name, color, category), id)| appointment_status::Model {
        id,
        name: (*name).into(),
        color: (*color).into(),
        category: (*category).into(),
    })
    .collect()
}

/// Staff and providers (their password hashes are set when written).
pub fn users(now: DateTime<Utc>) -> Vec<user::Model> {
    let staff = |id: i64, username: &str, first: &str, last: &str, title: &str, provider: bool, npi: u32| user::Model {
        id,
        username: username.into(),
        password_hash: String::new(),
        first_name: first.into(),
        last_name: last.into(),
        professional_title: title.into(),
        unique_id: username.to_uppercase(),
        is_provider: provider,
        npi: if provider { people::npi_with_check_digit(npi) } else { String::new() },
        disabled: false,
        created_at: now - Duration::days(900),
        updated_at: now - Duration::days(900),
        session_epoch: 0,
    };
    vec![
        staff(2, DEMO_USERNAME, "Jordan", "Avery", "Office Manager", false, 0),
        staff(PROVIDER_BENNETT, "obennett", "Olivia", "Bennett", "DDS", true, 148_203_957),
        staff(PROVIDER_CHEN, "mchen", "Marcus", "Chen", "MD", true, 162_947_305),
        staff(PROVIDER_RAMAN, "praman", "Priya", "Raman", "DMD", true, 175_830_264),
        staff(PROVIDER_WHITFIELD, "swhitfield", "Sarah", "Whitfield", "FNP-C", true, 139_572_618),
        staff(PROVIDER_OCONNOR, "joconnor", "James", "O'Connor", "MD", true, 120_486_739),
        staff(8, "ecarter", "Emily", "Carter", "Front Desk Coordinator", false, 0),
        staff(9, "lortega", "Luis", "Ortega", "Billing Specialist", false, 0),
        staff(10, "hkim", "Hannah", "Kim", "Dental Assistant", false, 0),
    ]
}
