#!/usr/bin/env bash
# Builds the engine as WebAssembly (crates/yahtzee-wasm) and the npm package around it:
#
#   scripts/build_wasm.sh [--pack]
#
# writes target/npm/yahtzee-engine/ (package.json, yahtzee.js, yahtzee.d.ts, yahtzee.wasm,
# README.md) and, with --pack, its tarball target/npm/yahtzee-engine-VERSION.tgz (npm pack).
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
[ "${1:-}" = "--pack" ] && pack=1

# The kernel's [f64; 8] loops become wasm SIMD (f64x2), as they become AVX natively.
flags="-C target-feature=+simd128"
build_dir=$root/target/wasm
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "building with rustup's wasm32-unknown-unknown target" >&2
    RUSTFLAGS="$flags" CARGO_TARGET_DIR=$build_dir \
        cargo build --profile wasm -p yahtzee-wasm --target wasm32-unknown-unknown
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
    # Debian's cargo and rustc, not rustup's: the standard library is built from source.
    RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 RUSTFLAGS="$flags -C linker=wasm-ld" CARGO_TARGET_DIR=$build_dir \
        /usr/bin/cargo build --profile wasm -p yahtzee-wasm --target wasm32-unknown-unknown \
        -Zbuild-std=std,panic_abort
fi

out=$root/target/npm/yahtzee-engine
rm -rf "$out"
mkdir -p "$out"
cp crates/yahtzee-wasm/js/package.json crates/yahtzee-wasm/js/yahtzee.js crates/yahtzee-wasm/js/yahtzee.d.ts \
    crates/yahtzee-wasm/js/README.md "$out/"
cp "$build_dir/wasm32-unknown-unknown/wasm/yahtzee_wasm.wasm" "$out/yahtzee.wasm"
chmod 0644 "$out"/*
raw=$(stat -c %s "$out/yahtzee.wasm")
gz=$(gzip -9c "$out/yahtzee.wasm" | wc -c)
echo "yahtzee.wasm: $raw bytes, $gz gzipped" >&2
if [ $pack = 1 ]; then
    (cd "$root/target/npm" && npm pack --silent ./yahtzee-engine >/dev/null)
    ls "$root"/target/npm/yahtzee-engine-*.tgz >&2
fi
