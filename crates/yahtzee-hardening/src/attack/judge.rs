//! Every kind of request the attack makes, with the answers it may clearly get, and the
//! judge of each answer: its label in the counts and what is unclear about it.

use std::collections::BTreeMap;

use serde_json::Value;

use super::http::Response;

/// A kind of request and what answers it may clearly get.
#[derive(Debug)]
pub(super) struct Kind {
    pub(super) name: &'static str,
    /// Statuses that answer it (besides the admission's refusals, when `admitted`).
    pub(super) ok: &'static [u16],
    /// A well-formed question whose work the admission may refuse: 503 (building or busy),
    /// 403 (policy, memory), 507 (disk), 429.
    pub(super) admitted: bool,
    /// Answered by the HTTP layer (the request is not HTTP enough to reach the API): the
    /// body may be empty.
    pub(super) raw: bool,
    /// Closing the connection without a status is a clear answer (a malformed or slow
    /// stream).
    pub(super) may_close: bool,
}

pub(super) const fn kind(name: &'static str, ok: &'static [u16]) -> Kind {
    Kind {
        name,
        ok,
        admitted: false,
        raw: false,
        may_close: false,
    }
}

pub(super) const fn admitted(name: &'static str) -> Kind {
    Kind {
        admitted: true,
        ..kind(name, &[200])
    }
}

pub(super) const fn closing(name: &'static str, ok: &'static [u16]) -> Kind {
    Kind {
        may_close: true,
        ..kind(name, ok)
    }
}

pub(super) const fn raw(name: &'static str, ok: &'static [u16]) -> Kind {
    Kind {
        raw: true,
        may_close: true,
        ..kind(name, ok)
    }
}

pub(super) static ADVICE: Kind = kind("advice probe", &[200]);
pub(super) static BUILD_VALUES: Kind = admitted("build: value table");
pub(super) static BUILD_TARGET: Kind = admitted("build: target table");
pub(super) static BUILD_YAHTZIX: Kind = admitted("build: Yahtzix game");
pub(super) static BUILD_PAINTED: Kind = admitted("build: reduced Painted");
pub(super) static BUILD_REDUCED: Kind = admitted("build: reduced Yahtzee");
pub(super) static BUILD_TRIPLE: Kind = admitted("build: Triple player");
pub(super) static HEAVY_STATS: Kind = admitted("heavy: exact stats");
pub(super) static HEAVY_YAHTZIX: Kind = admitted("heavy: Yahtzix stats");
pub(super) static HEAVY_LATE: Kind = admitted("heavy: late-card stats");
pub(super) static BAD_JSON: Kind = kind("bad: invalid JSON", &[400]);
pub(super) static UNKNOWN_FIELD: Kind = kind("bad: unknown field", &[400]);
pub(super) static BAD_VALUE: Kind = kind("bad: bad value", &[400]);
pub(super) static DEEP_JSON: Kind = kind("bad: deep JSON", &[400]);
pub(super) static NOT_UTF8: Kind = kind("bad: not UTF-8", &[400]);
pub(super) static CONTROL: Kind = kind("bad: control characters", &[400]);
pub(super) static NEW_NAMES: Kind = kind("bad: new rule-set names", &[400]);
pub(super) static OVERSIZE: Kind = closing("bad: body over 64 KiB", &[413]);
pub(super) static HUGE_LENGTH: Kind = closing("bad: Content-Length 1 TB", &[413]);
// A body that ends before its length (or its last chunk) is a bad request, not one over
// the length limit (413) nor a slow one (408).
pub(super) static TRUNCATED: Kind = closing("bad: cut-off body", &[400]);
pub(super) static GARBAGE: Kind = raw("bad: not HTTP", &[400]);
pub(super) static MANY_HEADERS: Kind = raw("bad: 200 headers", &[400, 431]);
pub(super) static WRONG_METHOD: Kind = kind("bad: wrong method", &[405]);
pub(super) static NO_PATH: Kind = kind("bad: no such path", &[404]);
pub(super) static SLOW_HEADERS: Kind = raw("slow: headers", &[408]);
pub(super) static SLOW_BODY: Kind = closing("slow: body", &[408]);

/// What the attack counted and saw.
#[derive(Default)]
pub(super) struct Tally {
    pub(super) counts: BTreeMap<&'static str, BTreeMap<String, u64>>,
    pub(super) unclear: Vec<String>,
    pub(super) unclear_count: u64,
}

/// Unclear answers listed in the report (the rest are counted).
pub(super) const UNCLEAR_LISTED: usize = 25;

impl Tally {
    pub(super) fn record(&mut self, kind: &Kind, outcome: &Result<Response, String>) {
        let (label, problem) = judge(kind, outcome);
        *self
            .counts
            .entry(kind.name)
            .or_default()
            .entry(label)
            .or_insert(0) += 1;
        if let Some(p) = problem {
            self.unclear_count += 1;
            if self.unclear.len() < UNCLEAR_LISTED && !self.unclear.contains(&p) {
                self.unclear.push(p);
            }
        }
    }
}

/// A response's label in the counts (`503 building`, `403 policy`, `no answer: reset`) and
/// what is unclear about it, if anything.
pub(super) fn judge(kind: &Kind, outcome: &Result<Response, String>) -> (String, Option<String>) {
    let r = match outcome {
        Err(why) => {
            let problem = (!kind.may_close).then(|| {
                format!(
                    "{}: no response to a well-formed request ({why})",
                    kind.name
                )
            });
            return (format!("no answer: {why}"), problem);
        }
        Ok(r) => r,
    };
    let body: Option<Value> = serde_json::from_slice(&r.body).ok();
    let field = |name: &str| {
        body.as_ref()
            .and_then(|b| b.get(name))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let building = r.status == 503 && field("status").as_deref() == Some("building");
    let refused = field("refused");
    let mut label = r.status.to_string();
    if building {
        label.push_str(" building");
    }
    if let Some(reason) = &refused {
        label.push(' ');
        label.push_str(reason);
    }
    let shown = || {
        let text = String::from_utf8_lossy(&r.body);
        let mut text: String = text.chars().take(160).collect();
        if r.body.len() > 160 {
            text.push('…');
        }
        format!("{}: {} {:?}", kind.name, r.status, text)
    };
    let mut problems = Vec::new();
    let admission = [503, 403, 507, 429];
    if !(kind.ok.contains(&r.status) || kind.admitted && admission.contains(&r.status)) {
        problems.push("a status this request should not get");
    }
    if r.status >= 500 && r.status != 503 && r.status != 507 {
        problems.push("a server error");
    }
    if r.status >= 400 && !(kind.raw && r.body.is_empty()) {
        match field("error") {
            None => problems.push("no {\"error\": \"...\"} body"),
            Some(e) if e.trim().is_empty() || e.contains(['\n', '\r']) => {
                problems.push("an error that is not one line")
            }
            Some(_) => {}
        }
    }
    if (200..300).contains(&r.status) && body.is_none() {
        problems.push("an answer that is not JSON");
    }
    // Past the heavy time limit a question is refused for good: no Retry-After.
    let time_limit = refused.as_deref() == Some("time-limit");
    if matches!(r.status, 503 | 429) && r.retry_after.is_none() && !time_limit {
        problems.push("no Retry-After");
    }
    if r.status == 503 && !building && !matches!(refused.as_deref(), Some("busy" | "time-limit")) {
        problems.push("a 503 neither \"building\" nor refused \"busy\" or \"time-limit\"");
    }
    if r.status == 403 && !matches!(refused.as_deref(), Some("policy" | "memory")) {
        problems.push("a 403 without \"refused\": \"policy\" or \"memory\"");
    }
    if r.status == 507 && refused.as_deref() != Some("disk") {
        problems.push("a 507 without \"refused\": \"disk\"");
    }
    let problem = (!problems.is_empty()).then(|| format!("{} ({})", shown(), problems.join(", ")));
    (label, problem)
}
