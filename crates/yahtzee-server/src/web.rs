//! The web pages and the files they load (`web/`), embedded in the binary and served as
//! they are, under the same paths as on the static site (docs/WEB.md). Under this server
//! a page carries `<meta name="yahtzee-serve">`, so its engine client (`web/js/client.js`)
//! sends its questions to the API instead of the WebAssembly engine.
//!
//! A new file under `web/js/` is added to [`FILES`]; a test checks that none is missing.

use std::sync::LazyLock;

use axum::http::{header, HeaderValue};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;

static INDEX: LazyLock<String> = LazyLock::new(|| served(include_str!("../../../web/index.html")));
static PLAY: LazyLock<String> = LazyLock::new(|| served(include_str!("../../../web/play.html")));
static TRIPLE: LazyLock<String> =
    LazyLock::new(|| served(include_str!("../../../web/triple.html")));
static YAHTZIX: LazyLock<String> =
    LazyLock::new(|| served(include_str!("../../../web/yahtzix.html")));
static PAINTED: LazyLock<String> =
    LazyLock::new(|| served(include_str!("../../../web/painted.html")));
static TRAIN: LazyLock<String> = LazyLock::new(|| served(include_str!("../../../web/train.html")));

const JS: &str = "text/javascript";
const CSS: &str = "text/css";

/// A file of `web/` by its content type and its path there: (path, type, bytes).
macro_rules! web_file {
    ($type:expr, $path:literal) => {
        (
            $path,
            $type,
            include_bytes!(concat!("../../../web/", $path)) as &[u8],
        )
    };
}

/// Every file a page loads besides the pages: its path under `web/` (and on this server),
/// its content type and its bytes.
const FILES: &[(&str, &str, &[u8])] = &[
    web_file!(CSS, "common.css"),
    web_file!(CSS, "games.css"),
    web_file!("application/manifest+json", "manifest.webmanifest"),
    web_file!("image/png", "icons/icon-192.png"),
    web_file!("image/png", "icons/icon-512.png"),
    web_file!("image/svg+xml", "icons/icon.svg"),
    web_file!(JS, "js/address.js"),
    web_file!(JS, "js/advisor.js"),
    web_file!(JS, "js/advisor/advice.js"),
    web_file!(JS, "js/advisor/card.js"),
    web_file!(JS, "js/advisor/dice.js"),
    web_file!(JS, "js/advisor/explain.js"),
    web_file!(JS, "js/advisor/state.js"),
    web_file!(JS, "js/client.js"),
    web_file!(JS, "js/dice.js"),
    web_file!(JS, "js/dom.js"),
    web_file!(JS, "js/engine.js"),
    web_file!(JS, "js/frame.js"),
    web_file!(JS, "js/hooks.js"),
    web_file!(JS, "js/latest.js"),
    web_file!(JS, "js/modes.js"),
    web_file!(JS, "js/nav.js"),
    web_file!(JS, "js/options.js"),
    web_file!(JS, "js/panels.js"),
    web_file!(JS, "js/painted.js"),
    web_file!(JS, "js/painted/advise.js"),
    web_file!(JS, "js/painted/card.js"),
    web_file!(JS, "js/painted/dice.js"),
    web_file!(JS, "js/painted/game.js"),
    web_file!(JS, "js/painted/options.js"),
    web_file!(JS, "js/painted/play.js"),
    web_file!(JS, "js/painted/url.js"),
    web_file!(JS, "js/play.js"),
    web_file!(JS, "js/play/advice.js"),
    web_file!(JS, "js/play/card.js"),
    web_file!(JS, "js/play/cards.js"),
    web_file!(JS, "js/play/engine-turn.js"),
    web_file!(JS, "js/play/moves.js"),
    web_file!(JS, "js/play/state.js"),
    web_file!(JS, "js/play/view.js"),
    web_file!(JS, "js/play/you.js"),
    web_file!(JS, "js/progress.js"),
    web_file!(JS, "js/server.js"),
    web_file!(JS, "js/solo.js"),
    web_file!(JS, "js/stale.js"),
    web_file!(JS, "js/train.js"),
    web_file!(JS, "js/train/session.js"),
    web_file!(JS, "js/train/store.js"),
    web_file!(JS, "js/train/view.js"),
    web_file!(JS, "js/triple.js"),
    web_file!(JS, "js/triple/advise.js"),
    web_file!(JS, "js/triple/card.js"),
    web_file!(JS, "js/triple/game.js"),
    web_file!(JS, "js/triple/options.js"),
    web_file!(JS, "js/yahtzee/rules.js"),
    web_file!(JS, "js/yahtzee/types.js"),
    web_file!(JS, "js/yahtzix.js"),
    web_file!(JS, "js/yahtzix/advise.js"),
    web_file!(JS, "js/yahtzix/game.js"),
    web_file!(JS, "js/yahtzix/score.js"),
    web_file!(JS, "js/yahtzix/turns.js"),
    web_file!(JS, "js/yahtzix/view.js"),
];

/// The pages (each also by its `.html` name) and their files.
pub(crate) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let mut router = Router::new()
        .route("/", get(|| async { page(&INDEX) }))
        .route("/index.html", get(|| async { page(&INDEX) }));
    let pages: [(&str, &'static LazyLock<String>); 5] = [
        ("play", &PLAY),
        ("triple", &TRIPLE),
        ("yahtzix", &YAHTZIX),
        ("painted", &PAINTED),
        ("train", &TRAIN),
    ];
    for (name, html) in pages {
        router = router
            .route(
                &format!("/{name}"),
                get(move || async move { page(html.as_str()) }),
            )
            .route(
                &format!("/{name}.html"),
                get(move || async move { page(html.as_str()) }),
            );
    }
    for &(path, content_type, body) in FILES {
        router = router.route(
            &format!("/{path}"),
            get(move || async move { asset(body, content_type) }),
        );
    }
    router
}

/// A page as this server shows it: marked, so its client asks this server's API.
fn served(html: &str) -> String {
    html.replacen(
        "<head>",
        "<head>\n<meta name=\"yahtzee-serve\" content=\"api\">",
        1,
    )
}

fn asset(body: &'static [u8], content_type: &'static str) -> Response {
    let mut r = Response::new(body.into());
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

fn page(html: &'static str) -> Response {
    let mut r = Html(html).into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

#[cfg(test)]
mod tests {
    use super::FILES;
    use std::path::Path;

    /// The paths of the files under `dir` (relative to `web/`), recursively.
    fn under(web: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                under(web, &path, out);
            } else {
                out.push(
                    path.strip_prefix(web)
                        .unwrap()
                        .to_string_lossy()
                        .replace('\\', "/"),
                );
            }
        }
    }

    #[test]
    fn every_module_is_served() {
        let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
        let mut modules = Vec::new();
        under(&web, &web.join("js"), &mut modules);
        for m in modules.iter().filter(|m| m.ends_with(".js")) {
            assert!(
                FILES.iter().any(|(path, _, _)| path == m),
                "web/{m} is not in web.rs's FILES: the pages could not load it"
            );
        }
    }
}
