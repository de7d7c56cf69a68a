//! The binary as an administrator uses it: subcommands, settings precedence, and a
//! server started with `serve`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use domain::credentials::PasswordDigest;
use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_pocketchart");

/// A scratch folder for one test, removed afterwards.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!("pocketchart-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("scratch");
        Self(path)
    }

    fn database_url(&self) -> String {
        format!("sqlite://{}", self.0.join("practice.db").display())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs the binary in `dir` with a clean environment for its own settings.
fn run(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env_remove("POCKETCHART_DATABASE_URL")
        .env_remove("POCKETCHART_LISTEN")
        .env_remove("POCKETCHART_DEMO")
        .env_remove("POCKETCHART_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("wait")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn assert_success(output: &Output) {
    assert!(output.status.success(), "stdout: {}\nstderr: {}", stdout(output), String::from_utf8_lossy(&output.stderr));
}

/// A running `pocketchart serve`, stopped when dropped.
struct Served {
    child: Child,
    address: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(dir: &Path, args: &[&str], envs: &[(&str, &str)]) -> Served {
    let mut command = Command::new(BIN);
    command
        .arg("serve")
        .args(args)
        .current_dir(dir)
        .env_remove("POCKETCHART_DATABASE_URL")
        .env_remove("POCKETCHART_LISTEN")
        .env_remove("POCKETCHART_DEMO")
        .env_remove("POCKETCHART_CONFIG")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    for (key, value) in envs {
        command.env(key, value);
    }
    let mut child = command.spawn().expect("spawn serve");
    let lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    for line in lines {
        let line = line.expect("line");
        if let Some(rest) = line.split("serving at http://").nth(1) {
            let address = rest.split('/').next().expect("address").to_owned();
            return Served { child, address };
        }
    }
    let status = child.wait().expect("wait");
    panic!("serve exited ({status}) before it was serving");
}

async fn login(address: &str, username: &str, password: &str) -> reqwest::StatusCode {
    reqwest::Client::new()
        .post(format!("http://{address}/api/login"))
        .json(&json!({"clientType": 8, "username": username, "password": PasswordDigest::of_typed(password).as_str()}))
        .send()
        .await
        .expect("login")
        .status()
}

#[test]
fn demo_fills_an_empty_database_once() {
    let scratch = Scratch::new("demo");
    let url = scratch.database_url();
    let first = run(&scratch.0, &["--database", &url, "demo", "--patients", "50"], "");
    assert_success(&first);
    assert!(stdout(&first).contains("Log in as demo / demo"), "{}", stdout(&first));
    let second = run(&scratch.0, &["--database", &url, "demo"], "");
    assert!(!second.status.success(), "a filled database is left alone");
    assert!(String::from_utf8_lossy(&second.stderr).contains("only fills an empty database"));
}

#[test]
fn migrate_reports_an_up_to_date_schema() {
    let scratch = Scratch::new("migrate");
    let output = run(&scratch.0, &["--database", &scratch.database_url(), "migrate"], "");
    assert_success(&output);
    assert!(stdout(&output).contains("Database is up to date"));
}

#[test]
fn the_practice_adds_vaccines_but_never_renames_a_built_in_one() {
    let scratch = Scratch::new("vaccines");
    let url = scratch.database_url();
    assert_success(&run(&scratch.0, &["--database", &url, "migrate"], ""));
    assert_success(&run(&scratch.0, &["--database", &url, "vaccines", "add", "300", "Travel vaccine"], ""));
    let list = run(&scratch.0, &["--database", &url, "vaccines", "list"], "");
    assert_success(&list);
    assert!(stdout(&list).contains("300\tTravel vaccine\tadded by the practice"));
    assert!(stdout(&list).contains("115\tTdap\tbuilt-in"));
    for refused in
        [&["vaccines", "add", "115", "Mine"][..], &["vaccines", "add", "12a", "X"], &["vaccines", "add", "301", " "]]
    {
        let output = run(&scratch.0, &[&["--database", url.as_str()][..], refused].concat(), "");
        assert!(!output.status.success(), "{refused:?}");
    }
}

#[test]
fn a_fee_file_loads_whole_or_not_at_all_and_exports_the_same_format() {
    let scratch = Scratch::new("fees");
    let url = scratch.database_url();
    assert_success(&run(&scratch.0, &["--database", &url, "demo", "--patients", "10"], ""));
    let export = |schedule: &str| {
        let output = run(&scratch.0, &["--database", &url, "fees", "export", "--schedule", schedule], "");
        assert_success(&output);
        stdout(&output)
    };
    let before = export("Standard");
    assert!(before.starts_with("code,description,notes,fee,units,calculation_method\n"));
    assert!(before.contains("PC-CROWN,\"Crown, all-ceramic\",Lab fee included,1250.00,1,0\n"), "{before}");
    let bad = scratch.0.join("bad.csv");
    std::fs::write(
        &bad,
        "code,description,notes,fee,units,calculation_method\nX100,Exam,,95.00,1,0\nX200,,,12,1,0\nX300,Film,,12.345,1,1\n",
    )
    .expect("write");
    let refused = run(
        &scratch.0,
        &["--database", &url, "fees", "import", "--schedule", "Standard", &bad.display().to_string()],
        "",
    );
    assert!(!refused.status.success());
    let errors = String::from_utf8_lossy(&refused.stderr).to_string();
    assert!(errors.contains("bad.csv:3: description: Required field"), "{errors}");
    assert!(errors.contains("bad.csv:4: fee:"), "{errors}");
    assert_eq!(export("Standard"), before, "nothing was imported");
    let good = scratch.0.join("good.csv");
    std::fs::write(
        &good,
        "code,description,notes,fee,units,calculation_method\nX100,\"Exam, periodic\",,95.00,1,0\nX300,Film,Per film,12.5,1,1\n",
    )
    .expect("write");
    let loaded = run(
        &scratch.0,
        &["--database", &url, "fees", "import", "--schedule", "Standard", &good.display().to_string()],
        "",
    );
    assert_success(&loaded);
    assert!(stdout(&loaded).contains("2 codes loaded into 'Standard'."));
    assert_eq!(
        export("Standard"),
        "code,description,notes,fee,units,calculation_method\nX100,\"Exam, periodic\",,95.00,1,0\nX300,Film,Per film,12.50,1,1\n"
    );
    assert_ne!(export("Medicare"), export("Standard"), "only the named schedule changed");
    let unknown = run(&scratch.0, &["--database", &url, "fees", "export", "--schedule", "Nope"], "");
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no fee schedule is named 'Nope'"));
}

#[test]
fn a_referrer_file_loads_whole_or_not_at_all_and_exports_the_same_format() {
    let scratch = Scratch::new("referrers");
    let url = scratch.database_url();
    assert_success(&run(&scratch.0, &["--database", &url, "demo", "--patients", "10"], ""));
    let export = || {
        let output = run(&scratch.0, &["--database", &url, "referrers", "export"], "");
        assert_success(&output);
        stdout(&output)
    };
    let before = export();
    let header = domain::referrers::CSV_HEADER;
    assert!(before.starts_with(&format!("{header}\n")));
    assert_eq!(before.lines().count(), 1 + 300, "the demo's referrers");
    let line = "person,out,Ingrid,Solberg,Fjord Endodontics,Endodontics,1234567893,,Salem,OR,97301,,,,5035550160,office,,5035550161,fax,,,,,";
    let bad = scratch.0.join("bad.csv");
    std::fs::write(&bad, format!("{header}\n{line}\nperson,in,Ann,,,,1234567890,,,,,,,,,,,,,,,,,\n")).expect("write");
    let refused = run(&scratch.0, &["--database", &url, "referrers", "import", &bad.display().to_string()], "");
    assert!(!refused.status.success());
    let errors = String::from_utf8_lossy(&refused.stderr).to_string();
    assert!(
        errors.contains("bad.csv:3: last: Required field; npi: An NPI is 10 digits with a valid check digit"),
        "{errors}"
    );
    assert_eq!(export(), before, "nothing was imported");

    let good = scratch.0.join("good.csv");
    std::fs::write(&good, format!("{header}\n{line}\n")).expect("write");
    let loaded = run(&scratch.0, &["--database", &url, "referrers", "import", &good.display().to_string()], "");
    assert_success(&loaded);
    assert!(stdout(&loaded).contains("1 referrers added, 0 updated."), "{}", stdout(&loaded));
    let after = export();
    assert!(after.contains(&format!("{line}\n")), "the same line comes back out");
    let again = run(&scratch.0, &["--database", &url, "referrers", "import", &good.display().to_string()], "");
    assert!(stdout(&again).contains("0 referrers added, 1 updated."), "the same NPI is updated, not added");
    // A whole export loads back as it was.
    let all = scratch.0.join("all.csv");
    std::fs::write(&all, &after).expect("write");
    let reloaded = run(&scratch.0, &["--database", &url, "referrers", "import", &all.display().to_string()], "");
    assert!(stdout(&reloaded).contains("0 referrers added, 301 updated."), "{}", stdout(&reloaded));
    assert_eq!(export(), after);
}

#[test]
fn backup_writes_a_consistent_copy_and_never_overwrites() {
    let scratch = Scratch::new("backup");
    let url = scratch.database_url();
    assert_success(&run(&scratch.0, &["--database", &url, "demo", "--patients", "30"], ""));
    let target = scratch.0.join("copy.db");
    let target_text = target.display().to_string();
    assert_success(&run(&scratch.0, &["--database", &url, "backup", "--to", &target_text], ""));
    // The copy is a database of its own that already holds the practice.
    let again = run(&scratch.0, &["--database", &format!("sqlite://{target_text}"), "demo"], "");
    assert!(!again.status.success(), "the backup holds the practice");
    let overwrite = run(&scratch.0, &["--database", &url, "backup", "--to", &target_text], "");
    assert!(!overwrite.status.success());
    assert!(String::from_utf8_lossy(&overwrite.stderr).contains("already exists"));
}

#[test]
fn restore_checks_copies_migrates_and_never_overwrites() {
    let scratch = Scratch::new("restore");
    let url = scratch.database_url();
    assert_success(&run(&scratch.0, &["--database", &url, "demo", "--patients", "30"], ""));
    let backup = scratch.0.join("backup.db").display().to_string();
    assert_success(&run(&scratch.0, &["--database", &url, "backup", "--to", &backup], ""));

    let target = scratch.0.join("restored").join("practice.db");
    let target_text = target.display().to_string();
    // The backup's SSNs and audit chain are sealed with the practice's keys file: a
    // restore beside no keys file is refused, and done with the file named.
    let keyless = run(&scratch.0, &["restore", "--from", &backup, "--to", &target_text], "");
    assert!(!keyless.status.success());
    assert!(String::from_utf8_lossy(&keyless.stderr).contains("keys file"), "{:?}", keyless);
    assert!(!target.exists(), "nothing restored without the keys");
    let keys = scratch.0.join("pocketchart.keys").display().to_string();
    let restored = run(&scratch.0, &["--keys-file", &keys, "restore", "--from", &backup, "--to", &target_text], "");
    assert_success(&restored);
    let report = stdout(&restored);
    assert!(report.contains("integrity ok"), "{report}");
    let count_of = |table: &str| {
        report.lines().find_map(|line| match line.split_whitespace().collect::<Vec<_>>()[..] {
            [name, rows] if name == table => rows.parse::<u64>().ok(),
            _ => None,
        })
    };
    assert_eq!((count_of("patients"), count_of("users")), (Some(30), Some(10)), "{report}");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&target).expect("restored").permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "only the server's user may read the copy");
    }
    // The copy is a database of its own that holds the practice.
    let restored_url = format!("sqlite://{target_text}");
    let again = run(&scratch.0, &["--keys-file", &keys, "--database", &restored_url, "demo"], "");
    assert!(!again.status.success(), "the restored copy holds the practice");
    assert!(String::from_utf8_lossy(&again.stderr).contains("only fills an empty database"));
    assert_success(&run(&scratch.0, &["--keys-file", &keys, "--database", &restored_url, "audit", "verify"], ""));

    let overwrite = run(&scratch.0, &["restore", "--from", &backup, "--to", &format!("sqlite://{target_text}")], "");
    assert!(!overwrite.status.success());
    assert!(String::from_utf8_lossy(&overwrite.stderr).contains("already exists"));

    // A damaged backup is refused before anything is written.
    let damaged = scratch.0.join("damaged.db");
    let bytes = std::fs::read(&backup).expect("backup");
    std::fs::write(&damaged, &bytes[..bytes.len() / 2]).expect("damaged copy");
    let elsewhere = scratch.0.join("elsewhere.db");
    let refused = run(
        &scratch.0,
        &["restore", "--from", &damaged.display().to_string(), "--to", &elsewhere.display().to_string()],
        "",
    );
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("fails its integrity check"));
    assert!(!elsewhere.exists(), "nothing is left behind");

    let postgres = run(&scratch.0, &["restore", "--from", &backup, "--to", "postgres://u@localhost/new"], "");
    assert!(!postgres.status.success());
    assert!(String::from_utf8_lossy(&postgres.stderr).contains("pg_restore"));
}

#[tokio::test]
async fn users_are_added_disabled_enabled_and_given_new_passwords() {
    let scratch = Scratch::new("users");
    let url = scratch.database_url();
    let add = ["--database", url.as_str(), "user", "add", "--username", "RLopez", "--first-name", "Rosa"];
    assert_success(&run(
        &scratch.0,
        &[&add[..], &["--last-name", "Lopez", "--title", "RDH"]].concat(),
        "hygiene-2026\n",
    ));
    let short = run(&scratch.0, &["--database", &url, "user", "passwd", "rlopez"], "short\n");
    assert!(!short.status.success(), "passwords need 8 characters");
    for common in ["12345678\n", "password\n", "rlopez-2026\n"] {
        let refused = run(&scratch.0, &["--database", &url, "user", "passwd", "rlopez"], common);
        assert!(!refused.status.success(), "{common} is refused");
    }

    let served = serve(&scratch.0, &["--database", &url, "--listen", "127.0.0.1:0"], &[]);
    assert_eq!(login(&served.address, "rlopez", "hygiene-2026").await, reqwest::StatusCode::OK);

    assert_success(&run(&scratch.0, &["--database", &url, "user", "disable", "rlopez"], ""));
    assert_eq!(login(&served.address, "rlopez", "hygiene-2026").await, reqwest::StatusCode::UNAUTHORIZED);
    assert_success(&run(&scratch.0, &["--database", &url, "user", "enable", "rlopez"], ""));
    assert_success(&run(&scratch.0, &["--database", &url, "user", "passwd", "rlopez"], "cleaning-2027\n"));
    assert_eq!(login(&served.address, "rlopez", "hygiene-2026").await, reqwest::StatusCode::UNAUTHORIZED);
    assert_eq!(login(&served.address, "rlopez", "cleaning-2027").await, reqwest::StatusCode::OK);
}

#[tokio::test]
async fn serve_takes_settings_from_flags_then_environment_then_config_file() {
    let scratch = Scratch::new("settings");
    let from_file = scratch.0.join("from-file.db");
    std::fs::write(
        scratch.0.join("pocketchart.toml"),
        format!("listen = \"127.0.0.1:0\"\ndatabase_url = \"sqlite://{}\"\ndemo = true\n", from_file.display()),
    )
    .expect("config");

    // The config file alone: its database gets the demo practice.
    {
        let served = serve(&scratch.0, &[], &[]);
        assert_eq!(login(&served.address, "demo", "demo").await, reqwest::StatusCode::OK);
    }
    assert!(from_file.exists());

    // The environment beats the file; a flag beats the environment.
    let from_env = scratch.0.join("from-env.db");
    let from_flag = scratch.0.join("from-flag.db");
    {
        let env_url = format!("sqlite://{}", from_env.display());
        let flag_url = format!("sqlite://{}", from_flag.display());
        let served = serve(&scratch.0, &["--database", &flag_url], &[("POCKETCHART_DATABASE_URL", &env_url)]);
        assert_eq!(login(&served.address, "demo", "demo").await, reqwest::StatusCode::OK);
    }
    assert!(from_flag.exists() && !from_env.exists());
}

#[test]
fn admin_commands_are_audited_and_the_chain_verifies() {
    let scratch = Scratch::new("audit");
    let url = scratch.database_url();
    assert_success(&run(&scratch.0, &["--database", &url, "demo", "--patients", "20"], ""));
    let add = ["--database", url.as_str(), "user", "add", "--username", "tnguyen", "--first-name", "Tam"];
    assert_success(&run(&scratch.0, &[&add[..], &["--last-name", "Nguyen"]].concat(), "front-desk-2026\n"));
    assert_success(&run(&scratch.0, &["--database", &url, "user", "disable", "tnguyen"], ""));
    let copy = scratch.0.join("copy.db").display().to_string();
    assert_success(&run(&scratch.0, &["--database", &url, "backup", "--to", &copy], ""));

    let verify = run(&scratch.0, &["--database", &url, "audit", "verify"], "");
    assert_success(&verify);
    assert!(stdout(&verify).contains("The audit log is intact: 3 rows verified"), "{}", stdout(&verify));
    let report =
        run(&scratch.0, &["--database", &url, "audit", "report", "--from", "2000-01-01", "--to", "2200-12-31"], "");
    assert_success(&report);
    let text = stdout(&report);
    assert!(text.starts_with("id,at,user_id,username,action,outcome"), "{text}");
    for action in ["user.add", "user.disable", "backup"] {
        assert!(text.contains(&format!(",{action},success,")), "{action} in {text}");
    }
    let json = run(
        &scratch.0,
        &["--database", &url, "audit", "report", "--from", "2000-01-01", "--to", "2200-12-31", "--format", "json"],
        "",
    );
    let first: serde_json::Value =
        serde_json::from_str(stdout(&json).lines().next().expect("a line")).expect("one JSON object per line");
    assert_eq!(first["action"], "user.add");

    // The keys file was created private beside the database, and the backup opens with it.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let keys = std::fs::metadata(scratch.0.join("pocketchart.keys")).expect("keys file");
        assert_eq!(keys.permissions().mode() & 0o777, 0o600);
    }
    assert_success(&run(&scratch.0, &["--database", &format!("sqlite://{copy}"), "audit", "verify"], ""));
}
