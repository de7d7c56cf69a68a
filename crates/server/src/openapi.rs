//! The OpenAPI document: generated from the handlers themselves (utoipa), served at
//! `/api/openapi.json`, and the source of the web app's types.

use utoipa::Modify;
use utoipa::OpenApi;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Pocketchart API",
        description = "Practice-management API for medical and dental practices. \
            Every route but login, health and this document needs the session token in the `jwt` header; \
            every authenticated answer carries a fresh one.",
        license(name = "MIT"),
    ),
    modifiers(&SessionToken),
    security(("jwt" = [])),
    tags(
        (name = "session", description = "Login, keep-alive and logout"),
        (name = "users", description = "Staff and providers"),
        (name = "references", description = "Reference lists"),
        (name = "preferences", description = "Per-user preferences"),
        (name = "patients", description = "Patient search, new accounts and demographics"),
        (name = "patient chart", description = "Alerts, allergies, problems, balances, contacts, insurance, guarantors, provider"),
        (name = "orders", description = "The work list, orders, their types and statuses, incidents"),
        (name = "vitals", description = "Vitals measurements"),
        (name = "scheduling", description = "The schedule: appointments, block-outs, follow-ups, treatment plans"),
        (name = "billing", description = "Fee schedules' codes and billing orders (charges posted to the ledger)"),
        (name = "referrers", description = "Referrers: the people and organisations that refer patients in or receive them"),
        (name = "help", description = "The practice's help desk and contact details"),
        (name = "health", description = "Liveness"),
    )
)]
pub struct ApiDoc;

struct SessionToken;

impl Modify for SessionToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("jwt", SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new("jwt"))));
    }
}
