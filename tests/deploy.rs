//! The deployment examples of docs/deploy/ (docs/SERVER.md, "Running it for the public")
//! agree with the binary, with each other and with the tools that read them: every flag of
//! the systemd unit's `ExecStart` is one `yahtzee serve` takes, with a value it accepts;
//! the unit and the proxy name the same address, folder and limits; `systemd-analyze
//! verify` finds nothing wrong with the unit and `nginx -t` accepts the proxy's example,
//! each where the tool is installed (else the test says why it checked nothing). Nothing
//! is started, so it takes well under a second.
//!
//! `YAHTZEE_TEST_NGINX` (a path to an nginx binary) is tried before the PATH, for an nginx
//! unpacked somewhere of its own.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const UNIT: &str = "docs/deploy/yahtzee.service";
const PROXY: &str = "docs/deploy/nginx.conf";

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The values of the unit's `Key=` lines, in order (comments and sections skipped).
fn unit_values(unit: &str, key: &str) -> Vec<String> {
    unit.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#') && !l.starts_with(';'))
        .filter_map(|l| l.split_once('='))
        .filter(|(k, _)| k.trim() == key)
        .map(|(_, v)| v.trim().to_string())
        .collect()
}

/// The words of the unit's one `ExecStart=` line.
fn exec_start(unit: &str) -> Vec<String> {
    let lines = unit_values(unit, "ExecStart");
    assert_eq!(lines.len(), 1, "{UNIT}: one ExecStart= line");
    assert!(
        !lines[0].ends_with('\\') && !lines[0].contains(['"', '\'']),
        "{UNIT}: ExecStart= on one line of plain words (this test splits it at spaces)"
    );
    lines[0].split_whitespace().map(String::from).collect()
}

/// The value after `flag` in `words`.
fn flag_value<'a>(words: &'a [String], flag: &str) -> Option<&'a str> {
    let at = words.iter().position(|w| w == flag)?;
    words.get(at + 1).map(String::as_str)
}

/// `name` where it can be run: on the PATH, else in the sbin folders a non-root PATH may
/// leave out.
fn program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/sbin", "/usr/local/sbin"].map(PathBuf::from))
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// `yahtzee serve` takes every flag the unit gives it. This is what an operator's upgrade
/// breaks first: a flag renamed or removed leaves the service failing at start.
#[test]
fn every_flag_of_the_units_exec_start_is_one_serve_takes() {
    let words = exec_start(&read(UNIT));
    assert_eq!(
        words[..2],
        ["/usr/local/bin/yahtzee", "serve"],
        "{UNIT}: ExecStart runs /usr/local/bin/yahtzee serve"
    );
    let bin = env!("CARGO_BIN_EXE_yahtzee");
    let help = Command::new(bin)
        .args(["serve", "--help"])
        .output()
        .expect("the binary runs");
    assert!(
        help.status.success(),
        "yahtzee serve --help: {}",
        text(&help)
    );
    let help = String::from_utf8_lossy(&help.stdout);
    // A flag is named when it stands whole (`--data-dir`, not the start of
    // `--data-dir-mode`).
    let named = |flag: &str| {
        help.match_indices(flag).any(|(at, _)| {
            help[at + flag.len()..]
                .chars()
                .next()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        })
    };
    let flags: Vec<&str> = words[2..]
        .iter()
        .filter(|w| w.starts_with("--"))
        .map(|w| w.split('=').next().unwrap())
        .collect();
    assert!(!flags.is_empty(), "{UNIT}: no flags in ExecStart");
    let missing: Vec<&&str> = flags.iter().filter(|f| !named(f)).collect();
    assert!(
        missing.is_empty(),
        "{UNIT} gives `yahtzee serve` flags its --help does not name: {missing:?}"
    );
    // Each value parses too: clap checks the words before `--help` as it meets them.
    let out = Command::new(bin)
        .args(&words[1..])
        .arg("--help")
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{UNIT}: `yahtzee {} --help` refuses its arguments: {}",
        words[1..].join(" "),
        text(&out)
    );
}

/// The unit and the proxy agree: the proxy forwards to the address the server listens on
/// and overwrites X-Forwarded-For, which the server then trusts; the data folder is the
/// one systemd makes; the cgroup's memory cap is above the server's own limit.
#[test]
fn the_unit_and_the_proxy_agree() {
    let unit = read(UNIT);
    // The directives, without comments.
    let proxy: String = read(PROXY)
        .lines()
        .map(|l| l.split('#').next().unwrap().trim_end())
        .collect::<Vec<_>>()
        .join("\n");
    let words = exec_start(&unit);
    let bind = flag_value(&words, "--bind").expect("--bind");
    let port = flag_value(&words, "--port").expect("--port");
    assert_eq!(
        bind, "127.0.0.1",
        "{UNIT}: only the proxy reaches the server"
    );
    assert!(
        proxy.contains(&format!("server {bind}:{port};")),
        "{PROXY}: forwards to {bind}:{port}, where {UNIT} listens"
    );
    assert!(words.iter().any(|w| w == "--trust-forwarded"), "{UNIT}");
    assert!(
        proxy.contains("proxy_set_header X-Forwarded-For $remote_addr;")
            && !proxy.contains("$proxy_add_x_forwarded_for"),
        "{PROXY}: X-Forwarded-For is overwritten with the address nginx saw"
    );
    assert!(proxy.contains("client_max_body_size 64k;"), "{PROXY}");
    assert!(proxy.contains("limit_req zone="), "{PROXY}: a rate limit");

    let state = unit_values(&unit, "StateDirectory");
    assert_eq!(state, ["yahtzee"], "{UNIT}: StateDirectory=yahtzee");
    assert_eq!(unit_values(&unit, "DynamicUser"), ["yes"], "{UNIT}");
    let data = format!("/var/lib/{}", state[0]);
    assert_eq!(
        flag_value(&words, "--data-dir"),
        Some(data.as_str()),
        "{UNIT}"
    );
    assert_eq!(
        unit_values(&unit, "Environment"),
        [format!("YAHTZEE_DATA_DIR={data}")],
        "{UNIT}: the CLI's data folder is the server's"
    );

    let gib = |v: &str| -> f64 {
        v.strip_suffix('G')
            .unwrap_or(v)
            .parse()
            .unwrap_or_else(|_| panic!("{UNIT}: '{v}' is not a number of GiB"))
    };
    let limit = gib(flag_value(&words, "--memory-limit").expect("--memory-limit"));
    let max = unit_values(&unit, "MemoryMax");
    assert_eq!(max.len(), 1, "{UNIT}: MemoryMax=");
    assert!(
        max[0].ends_with('G') && gib(&max[0]) > limit && gib(&max[0]) <= limit * 1.5,
        "{UNIT}: MemoryMax={} is a backstop a little above --memory-limit {limit}",
        max[0]
    );
    assert_eq!(unit_values(&unit, "Restart"), ["on-failure"], "{UNIT}");
}

/// The major version of a `systemd-analyze --version` ("systemd 252 (252.38-1~deb12u1)").
fn systemd_version(tool: &Path) -> Option<u32> {
    let out = Command::new(tool).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace().nth(1)?.parse().ok()
}

/// `systemd-analyze`'s arguments before the unit file.
fn verify_args(version: u32) -> Vec<&'static str> {
    // The man page named by Documentation= need not be installed where the test runs.
    let mut args = vec!["verify", "--man=no"];
    if version >= 250 {
        // Only this unit, not the machine's own units it orders itself after (whose
        // problems are not this file's); it also makes a warning about the unit's own
        // lines a failure (exit 1), which without the option systemd 252 only prints.
        args.push("--recursive-errors=no");
    }
    args
}

/// `systemd-analyze verify` of a unit file; its exit status and output.
fn verify(tool: &Path, unit: &Path, version: u32) -> Output {
    let mut cmd = Command::new(tool);
    cmd.args(verify_args(version))
        .arg(unit)
        .env("SYSTEMD_LOG_LEVEL", "notice")
        .env("SYSTEMD_PAGER", "")
        .env("SYSTEMD_COLORS", "0")
        .output()
        .expect("systemd-analyze runs")
}

/// systemd reads the unit without a complaint: every key known, every value parsed, the
/// binary there and executable (the real one, put in place of /usr/local/bin/yahtzee).
#[test]
fn systemd_analyze_verifies_the_unit() {
    let Some(tool) = program("systemd-analyze") else {
        eprintln!("skipped: systemd-analyze is not installed, {UNIT} is not verified");
        return;
    };
    let version = systemd_version(&tool).unwrap_or(0);
    let bin = env!("CARGO_BIN_EXE_yahtzee");
    assert!(
        !bin.contains(char::is_whitespace),
        "the binary's path has a space"
    );
    let dir = tempfile::tempdir().unwrap();

    // A unit that cannot be wrong first: where even it fails, the tool cannot verify here
    // (no /proc, a sandbox), which says nothing about our file.
    let control = dir.path().join("yahtzee-control.service");
    std::fs::write(
        &control,
        format!("[Service]\nType=exec\nExecStart={bin} --version\n"),
    )
    .unwrap();
    let out = verify(&tool, &control, version);
    if !out.status.success() {
        eprintln!(
            "skipped: systemd-analyze {version} fails even on a minimal unit here, {UNIT} is not verified: {}",
            text(&out)
        );
        return;
    }

    let original = read(UNIT);
    let unit = original.replace(
        "ExecStart=/usr/local/bin/yahtzee ",
        &format!("ExecStart={bin} "),
    );
    assert_ne!(
        unit, original,
        "{UNIT}: ExecStart=/usr/local/bin/yahtzee ..."
    );
    let path = dir.path().join("yahtzee.service");
    std::fs::write(&path, unit).unwrap();
    let out = verify(&tool, &path, version);
    let said = text(&out);
    let about_it: Vec<&str> = said
        .lines()
        .filter(|l| l.contains("yahtzee.service"))
        .collect();
    assert!(
        out.status.success() && about_it.is_empty(),
        "systemd-analyze {version} {} on a copy of {UNIT} running the built binary (exit {:?}):\n{said}",
        verify_args(version).join(" "),
        out.status.code()
    );
    eprintln!("systemd-analyze {version} verify: {UNIT} is fine");
}

/// The major and minor version of an `nginx -v` ("nginx version: nginx/1.22.1").
fn nginx_version(nginx: &Path) -> Option<(u32, u32)> {
    let out = Command::new(nginx).arg("-v").output().ok()?;
    let text = text(&out);
    let v = text.split("nginx/").nth(1)?;
    let mut parts = v.split(|c: char| !c.is_ascii_digit());
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

/// `nginx -t` of a main configuration that includes `include` in its http context, every
/// file nginx writes in `dir`.
fn nginx_test(nginx: &Path, dir: &Path, include: Option<&Path>) -> Output {
    let d = dir.display();
    let mut conf = format!(
        "error_log stderr;\npid {d}/nginx.pid;\nevents {{}}\nhttp {{\n    access_log off;\n"
    );
    for temp in ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"] {
        conf.push_str(&format!("    {temp}_temp_path {d}/{temp};\n"));
    }
    if let Some(include) = include {
        conf.push_str(&format!("    include \"{}\";\n", include.display()));
    }
    conf.push_str("}\n");
    let main = dir.join("nginx-test.conf");
    std::fs::write(&main, conf).unwrap();
    let mut cmd = Command::new(nginx);
    if nginx_version(nginx).is_some_and(|v| v >= (1, 20)) {
        // Its own error log from the start, not the one compiled in (often not writable).
        cmd.args(["-e", "stderr"]);
    }
    cmd.arg("-t")
        .arg("-p")
        .arg(dir)
        .arg("-c")
        .arg(&main)
        .output()
        .expect("nginx runs")
}

/// The proxy's example with its `listen` lines made one on a free port of loopback:
/// `nginx -t` binds what a configuration listens on, which port 80 would refuse to a user
/// (or find taken by a running nginx).
fn proxy_on_a_free_port() -> String {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut listens = 0;
    let mut out = String::new();
    for line in read(PROXY).lines() {
        if line.trim_start().starts_with("listen ") {
            listens += 1;
            if listens == 1 {
                out.push_str(&format!("    listen 127.0.0.1:{port};\n"));
            }
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    assert!(listens > 0, "{PROXY}: a server that listens");
    out
}

/// nginx accepts the proxy's example in its http context.
#[test]
fn nginx_accepts_the_proxy_example() {
    let nginx = std::env::var_os("YAHTZEE_TEST_NGINX")
        .map(PathBuf::from)
        .or_else(|| program("nginx"));
    let Some(nginx) = nginx else {
        eprintln!("skipped: nginx is not installed, {PROXY} is not checked");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = nginx_test(&nginx, dir.path(), None);
    if !out.status.success() {
        eprintln!(
            "skipped: nginx -t fails even on an empty configuration here, {PROXY} is not checked: {}",
            text(&out)
        );
        return;
    }
    let site = dir.path().join("yahtzee.conf");
    std::fs::write(&site, proxy_on_a_free_port()).unwrap();
    let out = nginx_test(&nginx, dir.path(), Some(&site));
    let said = text(&out);
    let warnings: Vec<&str> = said
        .lines()
        .filter(|l| l.contains("[warn]") || l.contains("[emerg]"))
        .collect();
    assert!(
        out.status.success() && warnings.is_empty(),
        "nginx -t with {PROXY} (exit {:?}):\n{said}",
        out.status.code()
    );
    eprintln!("{}: {PROXY} is fine", nginx.display());
}
