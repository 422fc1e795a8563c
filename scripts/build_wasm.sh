#!/usr/bin/env bash
# Builds the engine as WebAssembly (crates/yahtzee-wasm) and the npm package around it:
#
#   scripts/build_wasm.sh [--pack] [--threads]
#
# writes target/npm/yahtzee-engine/ (package.json, yahtzee.js, yahtzee.d.ts, yahtzee.wasm,
# yahtzee-games.wasm, yahtzee-explain.wasm,
# README.md) and, with --pack, its tarball target/npm/yahtzee-engine-VERSION.tgz (npm pack).
# --threads also builds the experimental multi-threaded module (shared memory, the solver's
# wasm worker pool; Debian route only: it needs -Zbuild-std) into
# target/wasm-threads/yahtzee-threads.wasm, which scripts/bench_wasm.sh --threads measures
# (docs/WEB.md, "Threads"); the npm package does not ship it yet.
#
# The toolchain: a rustup toolchain with the wasm32-unknown-unknown target when one is
# installed (a developer's laptop: `rustup target add wasm32-unknown-unknown`); otherwise
# Debian's rustc-web (a Rust with WebAssembly targets), rust-web-src (its standard library's
# source, built here with -Zbuild-std) and lld (wasm-ld), installed with apt when missing
# (as root), since rustup cannot download the target on these machines.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
pack=0
threads=0
for arg in "$@"; do
    case $arg in
        --pack) pack=1 ;;
        --threads) threads=1 ;;
        *) echo "usage: scripts/build_wasm.sh [--pack] [--threads]" >&2; exit 2 ;;
    esac
done

# The kernel's [f64; 8] loops become wasm SIMD (f64x2), as they become AVX natively.
flags="-C target-feature=+simd128"
build_dir=$root/target/wasm
wasm_out=$build_dir/wasm32-unknown-unknown/wasm/yahtzee_wasm.wasm
# build_module [CARGO ARGS]: the module with those features, at $wasm_out.
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "building with rustup's wasm32-unknown-unknown target" >&2
    build_module() {
        RUSTFLAGS="$flags" CARGO_TARGET_DIR=$build_dir \
            cargo build --profile wasm -p yahtzee-wasm --target wasm32-unknown-unknown "$@"
    }
else
    if [ ! -x /usr/bin/rustc ] || ! /usr/bin/rustc --print target-list | grep -qx wasm32-unknown-unknown \
        || [ ! -d /usr/lib/rustlib/src/rust/library/std ] || ! command -v wasm-ld >/dev/null; then
        if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
            echo "installing rustc-web, rust-web-src, cargo-web and lld with apt" >&2
            apt-get update -qq
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq rustc-web rust-web-src cargo-web lld >/dev/null
        else
            echo "error: no wasm32 toolchain: run 'rustup target add wasm32-unknown-unknown'," \
                "or install Debian's rustc-web rust-web-src cargo-web lld" >&2
            exit 1
        fi
    fi
    echo "building with Debian's rustc-web and -Zbuild-std" >&2
    build_module() {
        RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 RUSTFLAGS="$flags -C linker=wasm-ld" CARGO_TARGET_DIR=$build_dir \
            /usr/bin/cargo build --profile wasm -p yahtzee-wasm --target wasm32-unknown-unknown \
            -Zbuild-std=std,panic_abort "$@"
    }
fi
# Binaryen's wasm-opt -O2 takes a sixth off the module (the Yahtzee one from 202 to 167 KB
# gzipped) with the same instructions' results; installed with apt where it can be, else
# skipped (the module works as LLVM left it).
if ! command -v wasm-opt >/dev/null && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "installing binaryen (wasm-opt) with apt" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq binaryen >/dev/null 2>&1 || true
fi
# finish NAME: the module just built, optimised, as $build_dir/NAME.wasm.
finish() {
    if command -v wasm-opt >/dev/null; then
        wasm-opt -O2 --enable-simd --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
            --enable-nontrapping-float-to-int "$wasm_out" -o "$build_dir/$1.wasm"
    else
        echo "wasm-opt not found: $1.wasm left unoptimised (about a sixth larger)" >&2
        cp "$wasm_out" "$build_dir/$1.wasm"
    fi
}
# Two modules: Yahtzee alone (the advisor's first load), then every game (loaded by the
# other games' pages, and by loadGames() in the npm package).
build_module --no-default-features
finish yahtzee
build_module --no-default-features --features games
finish yahtzee-games
# The third: Yahtzee with each option's explanation (the companion table built in memory),
# loaded by loadExplain() and by the advisor page's worker on its first "say why".
build_module --no-default-features --features explain
finish yahtzee-explain

if [ $threads = 1 ]; then
    # Shared memory imported from JavaScript, so worker threads can instantiate the module
    # over it; the TLS and stack-pointer globals exported, so each thread gets its own.
    shared="-C target-feature=+atomics,+bulk-memory,+mutable-globals -C link-arg=--shared-memory"
    shared+=" -C link-arg=--import-memory -C link-arg=--max-memory=2147483648"
    for g in __wasm_init_tls __tls_size __tls_align __tls_base __stack_pointer; do
        shared+=" -C link-arg=--export=$g"
    done
    if [ ! -x /usr/bin/rustc ]; then
        echo "the threaded module is skipped: it needs -Zbuild-std (Debian's rustc-web and rust-web-src)" >&2
    else
        RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 RUSTFLAGS="$flags $shared -C linker=wasm-ld" \
            CARGO_TARGET_DIR=$root/target/wasm-threads \
            /usr/bin/cargo build --profile wasm -p yahtzee-wasm --target wasm32-unknown-unknown \
            --no-default-features -Zbuild-std=std,panic_abort
        cp "$root/target/wasm-threads/wasm32-unknown-unknown/wasm/yahtzee_wasm.wasm" \
            "$root/target/wasm-threads/yahtzee-threads.wasm"
        echo "target/wasm-threads/yahtzee-threads.wasm built" >&2
    fi
fi

out=$root/target/npm/yahtzee-engine
rm -rf "$out"
mkdir -p "$out"
cp crates/yahtzee-wasm/js/package.json crates/yahtzee-wasm/js/yahtzee.js crates/yahtzee-wasm/js/yahtzee.d.ts \
    crates/yahtzee-wasm/js/README.md "$out/"
cp "$build_dir/yahtzee.wasm" "$build_dir/yahtzee-games.wasm" "$build_dir/yahtzee-explain.wasm" "$out/"
chmod 0644 "$out"/*
for m in yahtzee yahtzee-games yahtzee-explain; do
    raw=$(stat -c %s "$out/$m.wasm")
    gz=$(gzip -9c "$out/$m.wasm" | wc -c)
    echo "$m.wasm: $raw bytes, $gz gzipped" >&2
done
if [ $pack = 1 ]; then
    (cd "$root/target/npm" && npm pack --silent ./yahtzee-engine >/dev/null)
    ls "$root"/target/npm/yahtzee-engine-*.tgz >&2
fi
