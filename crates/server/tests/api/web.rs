//! The web app's delivery, the security headers, and the error shape of unknown routes.

use reqwest::{Method, StatusCode};

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    root_redirects_to_the_app,
    index_is_never_cached_and_deep_links_fall_back_to_it,
    the_login_page_has_its_own_document_that_preloads_its_code,
    hashed_assets_are_cached_for_a_year,
    assets_are_served_as_the_build_compressed_them_and_only_the_api_per_request,
    missing_files_are_404,
    security_headers_are_on_every_answer,
    unknown_api_paths_and_methods_answer_json,
    oversized_bodies_are_413,
);

async fn root_redirects_to_the_app(app: TestApp) {
    let response = app.call(Method::GET, "/", None, None).await;
    assert!(response.status().is_redirection());
    assert_eq!(response.headers()["location"], "/app/");
}

async fn index_is_never_cached_and_deep_links_fall_back_to_it(app: TestApp) {
    let index = app.call(Method::GET, "/app/", None, None).await;
    assert_eq!(index.status(), StatusCode::OK);
    assert_eq!(index.headers()["cache-control"], "no-cache");
    assert!(index.headers()["content-type"].to_str().expect("ascii").starts_with("text/html"));
    let etag = index.headers()["etag"].clone();
    let body = index.text().await.expect("body");
    assert!(body.contains("<title>"), "an HTML page");

    let deep = app.call(Method::GET, "/app/patients/12/demographics", None, None).await;
    assert_eq!(deep.status(), StatusCode::OK);
    assert_eq!(deep.text().await.expect("body"), body);

    let revalidated = app.client.get(app.url("/app/")).header("if-none-match", etag).send().await.expect("send");
    assert_eq!(revalidated.status(), StatusCode::NOT_MODIFIED);
}

/// The files a page links as `attribute="/app/assets/..."`.
fn linked_assets<'a>(html: &'a str, attribute: &str) -> Vec<&'a str> {
    html.split(&format!("{attribute}=\""))
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|url| url.starts_with("/app/assets/"))
        .collect()
}

async fn the_login_page_has_its_own_document_that_preloads_its_code(app: TestApp) {
    let index = app.call(Method::GET, "/app/", None, None).await.text().await.expect("body");
    let login = app.call(Method::GET, "/app/login", None, None).await;
    assert_eq!(login.status(), StatusCode::OK);
    assert_eq!(login.headers()["cache-control"], "no-cache");
    let login = login.text().await.expect("body");
    if linked_assets(&index, "src").is_empty() {
        // The placeholder page of a server built without the web app: no login document.
        assert_eq!(login, index);
        return;
    }
    // The same page, with the login page's own files preloaded beyond the entry's.
    let index_files = linked_assets(&index, "href");
    let login_files = linked_assets(&login, "href");
    assert_eq!(linked_assets(&login, "src"), linked_assets(&index, "src"), "the same entry");
    assert!(index_files.iter().all(|file| login_files.contains(file)), "everything index.html preloads");
    let extra: Vec<&&str> = login_files.iter().filter(|file| !index_files.contains(file)).collect();
    assert!(extra.iter().any(|file| file.contains("/LoginPage-")), "the login page's chunk: {extra:?}");
    for file in extra {
        let response = app.call(Method::GET, file, None, None).await;
        assert_eq!(response.status(), StatusCode::OK, "{file}");
    }
    // Other pages, the ones after login above all, keep index.html (they do not load the login page's code).
    let other = app.call(Method::GET, "/app/orders", None, None).await.text().await.expect("body");
    assert_eq!(other, index);
}

async fn hashed_assets_are_cached_for_a_year(app: TestApp) {
    let index = app.call(Method::GET, "/app/", None, None).await.text().await.expect("body");
    // Every asset the built page links is served with the long cache; the placeholder
    // page of a server built without the web app links none.
    let assets: Vec<&str> = index.split('"').filter(|part| part.starts_with("/app/assets/")).collect();
    for asset in assets {
        let response = app.call(Method::GET, asset, None, None).await;
        assert_eq!(response.status(), StatusCode::OK, "{asset}");
        assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable", "{asset}");
    }
}

async fn get_with_encoding(app: &TestApp, path: &str, accept: &str) -> reqwest::Response {
    app.client.get(app.url(path)).header("accept-encoding", accept).send().await.expect("send")
}

async fn assets_are_served_as_the_build_compressed_them_and_only_the_api_per_request(app: TestApp) {
    let index = app.call(Method::GET, "/app/", None, None).await.text().await.expect("body");
    let scripts: Vec<&str> =
        index.split('"').filter(|part| part.starts_with("/app/assets/") && part.ends_with(".js")).collect();
    let mut compressed = 0;
    for script in scripts {
        let plain = get_with_encoding(&app, script, "identity").await;
        assert!(plain.headers().get("content-encoding").is_none(), "{script}");
        let plain_tag = plain.headers()["etag"].clone();
        let plain_type = plain.headers()["content-type"].clone();
        let vary = plain.headers().get("vary").cloned();
        let plain = plain.bytes().await.expect("body");
        if plain.len() <= 1024 {
            continue; // the build leaves files of 1 KiB or less as they are
        }
        assert_eq!(vary.expect("vary"), "accept-encoding", "{script}");
        compressed += 1;

        let brotli = get_with_encoding(&app, script, "gzip, deflate, br, zstd").await;
        assert_eq!(brotli.headers()["content-encoding"], "br", "{script}: the best the browser takes");
        assert_eq!(brotli.headers()["content-type"], plain_type, "the type of what was compressed");
        assert_ne!(brotli.headers()["etag"], plain_tag, "each copy its own tag");
        let brotli = brotli.bytes().await.expect("body");
        assert!(brotli.len() < plain.len(), "{script}: {} < {}", brotli.len(), plain.len());

        let gzip = get_with_encoding(&app, script, "gzip, br;q=0").await;
        assert_eq!(gzip.headers()["content-encoding"], "gzip", "{script}: Brotli refused");
        let gzip = gzip.bytes().await.expect("body");
        assert_eq!(&gzip[..2], [0x1f, 0x8b], "{script}: a gzip stream");
        assert!(gzip.len() < plain.len());
    }
    // A page of the built app links at least its entry script; a server built without
    // the app (its placeholder page) links none.
    assert!(compressed > 0 || !index.contains("/app/assets/"), "no script of {index} was compressed");
    // The API is compressed as it answers: with Zstandard for a browser that takes it
    // (Chromium), as small as Brotli for a fraction of the server's time; Brotli for one
    // that does not (Safari); gzip for the rest.
    let token = app.demo_token().await;
    let users = |accept: &'static str| {
        app.client.get(app.url("/api/users")).header("jwt", token.clone()).header("accept-encoding", accept).send()
    };
    let plain = users("identity").await.expect("send").bytes().await.expect("body");
    for (accept, encoding) in [("gzip, deflate, br, zstd", "zstd"), ("gzip, deflate, br", "br"), ("gzip", "gzip")] {
        let answer = users(accept).await.expect("send");
        assert_eq!(answer.headers()["content-encoding"], encoding, "{accept}");
        let body = answer.bytes().await.expect("body");
        assert!(body.len() < plain.len(), "{accept}");
        if encoding == "zstd" {
            assert_eq!(zstd::decode_all(&body[..]).expect("a zstd stream"), plain, "{accept}");
        }
    }
}

async fn missing_files_are_404(app: TestApp) {
    assert_eq!(app.call(Method::GET, "/app/assets/missing-1234.js", None, None).await.status(), StatusCode::NOT_FOUND);
}

async fn security_headers_are_on_every_answer(app: TestApp) {
    for path in ["/app/", "/api/health", "/api/users", "/nowhere"] {
        let response = app.call(Method::GET, path, None, None).await;
        let headers = response.headers();
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert_eq!(headers["referrer-policy"], "no-referrer", "{path}");
        let csp = headers["content-security-policy"].to_str().expect("ascii");
        assert!(csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(headers.contains_key("x-request-id"), "{path}");
    }
    let api = app.call(Method::GET, "/api/health", None, None).await;
    assert_eq!(api.headers()["cache-control"], "no-store");
}

async fn unknown_api_paths_and_methods_answer_json(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.get("/api/no/such/thing", &token).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(json_of(response).await["code"], "not_found");
    let response = app.call(Method::DELETE, "/api/users", Some(&token), None).await;
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(json_of(response).await["code"], "method_not_allowed");
}

async fn oversized_bodies_are_413(app: TestApp) {
    let token = app.demo_token().await;
    let huge = format!("[\"{}\"]", "x".repeat(2 << 20));
    let response = app
        .client
        .post(app.url("/api/preferences"))
        .header("jwt", &token)
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .expect("send");
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(json_of(response).await["code"], "payload_too_large");
}

/// `--web-dir`: the web app read from a folder at each request (development).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn web_app_can_be_served_from_a_folder() {
    let folder = std::env::temp_dir().join(format!("pocketchart-webdir-{}", std::process::id()));
    std::fs::create_dir_all(folder.join("assets")).expect("folder");
    std::fs::write(folder.join("index.html"), "<title>from the folder</title>").expect("index");
    std::fs::write(folder.join("assets/app-1.js"), "console.log(1)").expect("asset");
    // The build's compressed copies (their bytes are not read here, only chosen).
    std::fs::write(folder.join("assets/app-1.js.br"), "brotli copy").expect("br copy");
    std::fs::write(folder.join("assets/app-1.js.gz"), "gzip copy").expect("gz copy");
    std::fs::write(folder.join("../pocketchart-webdir-secret.txt"), "secret").expect("outside");
    let config = server::ServerConfig { web_dir: Some(folder.clone()), ..server::ServerConfig::default() };
    let app = crate::helpers::spawn_app_with(crate::helpers::Db::Sqlite, config).await.expect("app");
    let text = |path: &'static str| {
        let app = &app;
        async move { app.call(Method::GET, path, None, None).await.text().await.expect("body") }
    };
    assert_eq!(text("/app/").await, "<title>from the folder</title>");
    assert_eq!(text("/app/patients/3/patient_home").await, "<title>from the folder</title>");
    // A build without the login page's document: the login page gets index.html.
    assert_eq!(text("/app/login").await, "<title>from the folder</title>");
    std::fs::write(folder.join("login.html"), "<title>the login document</title>").expect("login document");
    assert_eq!(text("/app/login").await, "<title>the login document</title>");
    assert_eq!(text("/app/orders").await, "<title>from the folder</title>");
    let plain = get_with_encoding(&app, "/app/assets/app-1.js", "identity").await;
    assert_eq!(plain.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.text().await.expect("body"), "console.log(1)");
    for (accept, encoding) in [("gzip, deflate, br", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip")] {
        let compressed = get_with_encoding(&app, "/app/assets/app-1.js", accept).await;
        assert_eq!(compressed.headers()["content-encoding"], encoding, "{accept}");
        assert_eq!(compressed.headers()["vary"], "accept-encoding");
        assert!(compressed.headers()["content-type"].to_str().expect("ascii").contains("javascript"));
    }
    let index = get_with_encoding(&app, "/app/", "br").await;
    assert_eq!(index.headers()["cache-control"], "no-cache");
    assert!(index.headers().get("content-encoding").is_none(), "no copy of index.html was written");
    let escape = app.call(Method::GET, "/app/..%2Fpocketchart-webdir-secret.txt", None, None).await;
    assert_ne!(escape.text().await.expect("body"), "secret");
    assert_eq!(app.call(Method::GET, "/app/assets/none.js", None, None).await.status(), StatusCode::NOT_FOUND);
    let _ = std::fs::remove_dir_all(&folder);
}
