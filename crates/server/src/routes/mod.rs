//! Every API route, one module per area. Routes are registered through utoipa-axum so a
//! route cannot exist without its entry in the OpenAPI document.

pub mod appointments;
pub mod billing;
pub mod clinical;
pub mod diagnosis;
pub mod health;
pub mod help;
pub mod orders;
pub mod patients;
pub mod preferences;
pub mod references;
pub mod referrers;
pub mod session;
pub mod users;
pub mod vitals;

use axum::middleware::from_fn_with_state;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::require_session;
use crate::openapi::ApiDoc;
use crate::state::AppState;

/// Routes anyone may call.
fn public_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health::health)).routes(routes!(session::login)).routes(routes!(help::help))
}

/// Routes that need a live session.
fn protected_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(session::keepalive))
        .routes(routes!(session::logout))
        .routes(routes!(users::list_users))
        .routes(routes!(users::list_providers))
        .routes(routes!(users::get_user))
        .routes(routes!(references::offices))
        .routes(routes!(references::fee_schedules))
        .routes(routes!(references::languages))
        .routes(routes!(references::marital_statuses))
        .routes(routes!(references::employment_statuses))
        .routes(routes!(references::patient_relationships))
        .routes(routes!(references::phone_types))
        .routes(routes!(references::sex_types))
        .routes(routes!(references::unknown_list))
        .routes(routes!(preferences::read_preferences))
        .routes(routes!(preferences::save_preference))
        .routes(routes!(patients::search_patients, patients::create_patient))
        .routes(routes!(patients::patient_defaults))
        .routes(routes!(patients::get_patient, patients::update_patient))
        .routes(routes!(patients::chart::patient_alerts))
        .routes(routes!(patients::chart::account_alerts))
        .routes(routes!(patients::chart::allergies))
        .routes(routes!(patients::chart::problems))
        .routes(routes!(patients::chart::balance))
        .routes(routes!(patients::chart::emergency_contacts))
        .routes(routes!(patients::chart::insurance))
        .routes(routes!(patients::chart::guarantors))
        .routes(routes!(patients::care::get_provider, patients::care::update_provider))
        .routes(routes!(billing::search_fees))
        .routes(routes!(billing::search_fees_without_slash))
        .routes(routes!(billing::post_charge))
        .routes(routes!(referrers::search_referrers))
        .routes(routes!(referrers::search_referrers_without_slash, referrers::create_referrer))
        .routes(routes!(referrers::get_referrer, referrers::update_referrer))
        .routes(routes!(referrers::patient::patient_referrals, referrers::patient::add_referral))
        .routes(routes!(referrers::patient::patient_referral, referrers::patient::change_referral))
        .routes(routes!(diagnosis::search_diagnoses))
        .routes(routes!(diagnosis::search_diagnoses_without_slash))
        .routes(routes!(clinical::clinical_counts))
        .routes(routes!(clinical::clinical_options))
        .routes(routes!(clinical::section_list, clinical::charting::add_entry))
        .routes(routes!(clinical::section_entry, clinical::charting::change_entry))
        .routes(routes!(clinical::charting::entry_history))
        .routes(routes!(clinical::charting::review_section))
        .routes(routes!(clinical::charting::sign_note))
        .routes(routes!(clinical::charting::vaccines))
        .routes(routes!(clinical::charting::clinical_codes))
        .routes(routes!(clinical::attachment_content))
        .routes(routes!(orders::list_orders))
        .routes(routes!(orders::list_orders_without_slash, orders::create_order))
        .routes(routes!(orders::get_order, orders::update_order))
        .routes(routes!(orders::order_types))
        .routes(routes!(orders::order_statuses))
        .routes(routes!(orders::incidents))
        .routes(routes!(orders::current_incident))
        .routes(routes!(vitals::create_vitals))
        .routes(routes!(vitals::patient_vitals))
        .routes(routes!(vitals::get_vitals))
        .routes(routes!(appointments::day_appointments, appointments::create_appointment))
        .routes(routes!(
            appointments::get_appointment,
            appointments::update_appointment,
            appointments::delete_appointment
        ))
        .routes(routes!(appointments::confirm_appointment))
        .routes(routes!(appointments::day_transparencies))
        .routes(routes!(appointments::lists::resources))
        .routes(routes!(appointments::lists::appointment_types))
        .routes(routes!(appointments::lists::appointment_statuses))
        .routes(routes!(appointments::lists::schedule_version))
        .routes(routes!(appointments::patient::treatment_plans))
        .routes(routes!(appointments::patient::patient_appointments))
        .routes(routes!(appointments::patient::last_next))
        .routes(routes!(appointments::patient::follow_ups))
}

/// The API under `/api`, each protected route behind the session check.
pub fn api(state: &AppState) -> OpenApiRouter<AppState> {
    let protected = protected_routes().route_layer(from_fn_with_state(state.clone(), require_session));
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .nest("/api", public_routes().merge(protected))
        .layer(from_fn_with_state(state.clone(), crate::refusals::audit_refusals))
}

/// The OpenAPI document of the same routes (for `pocketchart openapi` and the drift test).
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    let mut document = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .nest("/api", public_routes().merge(protected_routes()))
        .into_openapi();
    // The rules go in once every route has added its schemas.
    utoipa::Modify::modify(&crate::contract::Rules, &mut document);
    document
}
