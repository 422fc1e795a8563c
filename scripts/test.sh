#!/usr/bin/env bash
# The test suite, from a fresh clone. Two tiers:
#
#   scripts/test.sh           the whole suite (the README's test command; .ci/run runs it):
#                             format, every crate's tests built under clippy's lints (the C
#                             library and its example, the HTTP API, the CLI end to end), the
#                             web scripts' types, the Python package under pytest (the
#                             distributed Painted solve on a local Ray cluster included), the
#                             web pages in headless Chromium against `yahtzee serve`, the engine as
#                             WebAssembly and its npm package in Node.js, and the static site
#                             in Chromium with no server. The WebAssembly and Python
#                             builds run in background lanes while the foreground checks
#                             run, and the last four test stages two at a time (below).
#   scripts/test.sh --quick   the developer's tier, a few minutes after a build: format,
#                             clippy, every crate's unit tests and the house checks
#                             (tests/house.rs, tests/layers.rs), the web scripts' types, and
#                             one browser smoke test (an advisor position against the CLI).
#
# Each stage prints its time. Installs what is missing from the registries: the Python tools
# (and Ray) from PyPI into a virtual environment under target/, TypeScript from npm into
# target/npm-tools, and (as root, on Debian) python3-venv, a C compiler, chromium,
# chromium-driver, tmux, Node.js and the WebAssembly toolchain (rustc-web, rust-web-src,
# cargo-web, lld).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

need_apt() {
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
        echo "installing $* with apt" >&2
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
    else
        echo "error: $* needed (install it, e.g. with apt-get install $*)" >&2
        exit 1
    fi
}

quick=false
case "${1:-}" in
    --quick) quick=true ;;
    "") ;;
    *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac

# Each stage's wall time, printed as it ends and again in a summary at the close.
suite_start=$SECONDS
stage_start=$SECONDS
stage_name=""
timings=()
stage() {
    stage_done
    stage_name=$1
    stage_start=$SECONDS
    echo "=== $stage_name" >&2
}
stage_done() {
    if [ -n "$stage_name" ]; then
        timings+=("$(printf '%5d s  %s' $((SECONDS - stage_start)) "$stage_name")")
        echo "=== $stage_name: $((SECONDS - stage_start)) s" >&2
    fi
    stage_name=""
}
summary() {
    stage_done
    echo "=== time by stage" >&2
    printf '%s\n' "${timings[@]}" >&2
    printf '%5d s  in all\n' $((SECONDS - suite_start)) >&2
}

command -v cc >/dev/null || need_apt gcc libc6-dev
command -v python3 >/dev/null || need_apt python3
command -v chromedriver >/dev/null || need_apt chromium chromium-driver
# tmux: the full-screen game is driven in a real pseudo-terminal (tests/full_screen.rs).
command -v tmux >/dev/null || need_apt tmux
# pgrep: a failing suite stops its background lanes and their children.
command -v pgrep >/dev/null || need_apt procps
command -v node >/dev/null && command -v npm >/dev/null || need_apt nodejs npm

# The Python environment under target/: pytest and selenium for the browser tests always;
# the rest of the package's test tools for the whole suite.
venv=$root/target/pyenv
python_env() {
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv" 2>/dev/null || { need_apt python3-venv; python3 -m venv "$venv"; }
    fi
    if ! "$venv/bin/python" -c "import pytest, selenium" 2>/dev/null; then
        "$venv/bin/pip" install -q --disable-pip-version-check pytest selenium
    fi
}
# TypeScript (from npm, into target/) checks the web modules' JSDoc types and the npm
# package's declarations as a user's code.
tools=$root/target/npm-tools
typescript() {
    [ -x "$tools/node_modules/.bin/tsc" ] || npm install --prefix "$tools" --no-audit --no-fund --silent typescript@5
}
# The CLI the Python and browser tests run is the one cargo builds here.
export YAHTZEE_BIN=$root/target/ci/yahtzee

# The whole suite runs in two kinds of lane. The foreground runs the checks in order; two
# background lanes, started first at low priority (nice), build what the later stages need
# in their own target folders while the foreground's tests leave a core idle: the
# WebAssembly modules, the npm package and the static site (target/wasm, target/npm,
# target/web), and the Python package (its test tools into the venv, the extension built
# by maturin in target/py). A stage that needs a lane's work waits for it; a lane that
# failed prints its log and fails the suite.
suite_dir=$root/target/suite
mkdir -p "$suite_dir"
declare -A lane_pid lane_start
# A lane still running when the suite stops (a stage failed) is stopped with it, its
# children (cargo, a server, a browser) first.
kill_tree() {
    local child
    for child in $(pgrep -P "$1"); do kill_tree "$child"; done
    kill "$1" 2>/dev/null || true
}
stop_lanes() {
    local pid
    for pid in "${lane_pid[@]}"; do kill_tree "$pid"; done
}
trap stop_lanes EXIT
lane() {
    local name=$1
    shift
    lane_start[$name]=$SECONDS
    (renice -n 10 -p "$BASHPID" >/dev/null && "$@") >"$suite_dir/$name.log" 2>&1 &
    lane_pid[$name]=$!
}
# lane_beside NAME COMMAND...: a test stage started beside the foreground's next one, at
# the same priority.
lane_beside() {
    local name=$1
    shift
    lane_start[$name]=$SECONDS
    "$@" >"$suite_dir/$name.log" 2>&1 &
    lane_pid[$name]=$!
}
# await_lane NAME: waits for the lane; its log's last lines (all of it if it failed).
await_lane() {
    local name=$1 waited=$SECONDS
    if ! wait "${lane_pid[$name]}"; then
        cat "$suite_dir/$name.log" >&2
        echo "error: the $name lane failed (its log: target/suite/$name.log)" >&2
        exit 1
    fi
    tail -n 3 "$suite_dir/$name.log" >&2
    echo "=== lane $name: done $((SECONDS - lane_start[$name])) s after it started (waited $((SECONDS - waited)) s)" >&2
    timings+=("$(printf '%5d s  (lane %s, beside the foreground; it waited %d s for it)' \
        $((SECONDS - lane_start[$name])) "$name" $((SECONDS - waited)))")
}
# The Python package's test tools (from PyPI: network and pip's own work, no cargo).
python_tools() {
    python_env
    # pandas for Table.to_frame's test, mypy to check the type stub on a user's script,
    # pyarrow to read the Parquet export back (tests/test_parquet.py).
    if ! "$venv/bin/python" -c "import maturin, mypy, numpy, pandas, pyarrow" 2>/dev/null; then
        "$venv/bin/pip" install -q --disable-pip-version-check "maturin>=1.5,<2" mypy numpy pandas pyarrow
    fi
    # Gymnasium and PettingZoo for the learning environments (yahtzee.gym, yahtzee.family,
    # yahtzee.pettingzoo; tests/test_gym.py, tests/test_env_family.py): pinned, the versions tested.
    if ! "$venv/bin/python" -c "import gymnasium, pettingzoo, sys; sys.exit((gymnasium.__version__, pettingzoo.__version__) != ('1.4.0', '1.27.0'))" 2>/dev/null; then
        "$venv/bin/pip" install -q --disable-pip-version-check "gymnasium==1.4.0" "pettingzoo==1.27.0"
    fi
    # Ray for the distributed Painted solve (tests/test_painted_cluster.py starts a local
    # cluster with `ray start`, scripts/ray_local_cluster.py): pinned, the version tested.
    if ! "$venv/bin/python" -c "import ray, sys; sys.exit(ray.__version__ != '2.40.0')" 2>/dev/null; then
        "$venv/bin/pip" install -q --disable-pip-version-check "ray==2.40.0"
    fi
}
# The extension into the venv and as a wheel, built by maturin in its own target folder
# (target/py) from the start, beside the foreground. Built on its own, yahtzee-py resolves
# other features for the crates it shares with the workspace than `cargo test --workspace`
# does (serde_json's float_roundtrip, the table's parquet, ...), so cargo compiles the
# chain again whichever folder it uses (docs/TESTING.md); in its own it need not wait for
# the test build.
python_package() {
    python_tools
    export CARGO_TARGET_DIR=$root/target/py
    (cd crates/yahtzee-py && VIRTUAL_ENV=$venv "$venv/bin/maturin" develop --profile ci -q)
    # The wheel a machine without Rust installs: tests/test_wheel.py puts it into a fresh
    # venv ($YAHTZEE_WHEEL). Built in the `ci` profile the develop build above used, so it
    # reuses that build (a release wheel, as published, is the same package with LTO: 1.5
    # minutes more of two cores; `maturin build --release` makes one).
    rm -f "$wheels"/yahtzee-*.whl
    (cd crates/yahtzee-py && "$venv/bin/maturin" build --profile ci -q -i "$venv/bin/python" -o "$wheels")
}
wheels=$root/target/wheels
# The engine as WebAssembly and its npm package (scripts/build_wasm.sh installs Debian's
# rustc-web toolchain when no rustup wasm32 target is there), then the static site: the
# same pages with the WebAssembly engine, no server (scripts/build_web.sh). (Not the
# experimental multi-threaded module: it ships nowhere, and its build takes a minute;
# `scripts/bench_wasm.sh --threads` builds it and checks its table bit for bit.)
web_build() {
    scripts/build_wasm.sh --pack
    scripts/build_web.sh --built
}
if ! $quick; then
    lane wasm web_build
    lane python python_package
fi

# 0. Style: formatting, and in the quick tier the lints (the whole workspace, every target).
#    The whole suite lints in its build instead (step 1).
stage "format"
cargo fmt --all --check
if $quick; then
    stage "clippy"
    cargo clippy --workspace --all-targets --profile ci -- -D warnings
fi

# The web modules' types (tsc --checkJs --strict over web/js).
stage "web scripts' types"
typescript
scripts/check_web.sh

if $quick; then
    # The developer's tier: every crate's unit tests, the house checks, one browser test.
    stage "unit tests"
    cargo test --workspace --profile ci --lib --bins
    cargo test --profile ci --test house --test layers
    stage "browser smoke test"
    python_env
    "$venv/bin/python" -m pytest -q crates/yahtzee-server/tests/browser/test_web.py \
        -k "test_a_position_from_the_url_matches_the_cli and 13346"
    summary
    exit 0
fi


# 1. Rust: every crate's tests, the CLI end to end, the C library and its example. The
#    `ci` profile is release without LTO (Cargo.toml): the same optimised code, built in
#    half the time. `cargo test --workspace --release` runs the same tests. (Not under
#    cargo-nextest: a process per test loses the solves a binary's tests share, and the
#    run took 820 s against cargo test's 770; the cores a binary's last long test leaves
#    idle go to the background lanes.)
#
#    The build is linted as it compiles: clippy's driver is the workspace's compiler wrapper,
#    as `cargo clippy` makes it, with the same `-D warnings`, over every target
#    (`--all-targets`, the lints of `cargo clippy --workspace --all-targets`). A lint fails
#    the build as it fails clippy. One pass rather than a check build and then a real one:
#    the third-party crates' checks and our crates' front end once, about 220 CPU-s and
#    2 minutes less (docs/TESTING.md). The test run keeps the same environment, so it
#    reuses the build.
stage "Rust build, linted"
clippy_driver=$(dirname "$(command -v cargo-clippy || echo /none)")/clippy-driver
[ -x "$clippy_driver" ] || { echo "error: clippy is needed (rustup component add clippy)" >&2; exit 1; }
export RUSTC_WORKSPACE_WRAPPER=$clippy_driver
export CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
cargo test --workspace --profile ci --all-targets --no-run
stage "Rust tests"
cargo test --workspace --profile ci
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
stage_done

# 2. Python: the package's tests (the package built in its lane).
await_lane python
YAHTZEE_WHEEL=$(ls "$wheels"/yahtzee-*.whl)
export YAHTZEE_WHEEL
# From here each stage is mostly one core's work (a Python process, a browser, Node.js),
# so they run two at a time: one beside the foreground (at the same priority), its output
# shown when it ends.
#
# 3. The web advisor and the game page in headless Chromium, against `yahtzee serve`.
lane_beside browser "$venv/bin/python" -m pytest -q crates/yahtzee-server/tests/browser
stage "Python tests"
"$venv/bin/python" -m pytest -q crates/yahtzee-py/tests
stage_done
await_lane browser

# 4. The static advisor and game, served by a plain static file server, in headless
#    Chromium.
await_lane wasm
lane_beside static "$venv/bin/python" -m pytest -q web/tests
# 5. The npm package, installed from its tarball into an empty folder and tested in Node.js
#    against the CLI.
stage "npm package tests"
TSC=$tools/node_modules/.bin/tsc node --test crates/yahtzee-wasm/tests/
stage_done
await_lane static
summary
