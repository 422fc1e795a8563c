#!/usr/bin/env bash
# The static advisor and game: a folder any static file server can host, with no /api.
#
#   scripts/build_web.sh [--built] [OUT]          (default target/web)
#
# --built: the engine's modules are already built (scripts/build_wasm.sh has just run, as
# in the test suite), so they are not built again.
#
# Copies web/ (pages, styles, script modules, worker, service worker, manifest, icons) and the engine's
# yahtzee.js, yahtzee.wasm and yahtzee-games.wasm (the other games' module, loaded by their
# pages only; scripts/build_wasm.sh builds them) into OUT, writes
# api/health ({"status":"static"}: what client.js's probe for a server finds here), stamps
# the service worker's cache with a hash of the files, and prints each file's size and the
# gzipped total. Then: python3 -m http.server -d OUT (or any static server).
set -euo pipefail
cd "$(dirname "$0")/.."
built=0
if [ "${1:-}" = --built ]; then
    built=1
    shift
fi
out=${1:-target/web}
[ $built = 1 ] || scripts/build_wasm.sh
rm -rf "$out"
mkdir -p "$out/icons"
cp web/index.html web/play.html web/triple.html web/yahtzix.html web/painted.html web/train.html web/common.css web/games.css \
    web/worker.js web/sw.js web/manifest.webmanifest "$out/"
# The pages' script modules as they are (web/js/, without the type checker's config).
out_abs=$(cd "$out" && pwd)
(cd web && find js -name '*.js' -exec cp --parents {} "$out_abs/" \;)
modules=$(cd "$out" && find js -name '*.js' | sort)
# Each page names its whole module graph up front (<link rel="modulepreload">).
python3 scripts/modulepreload.py "$out"
cp web/icons/icon-192.png web/icons/icon-512.png web/icons/icon.svg "$out/icons/"
cp target/npm/yahtzee-engine/yahtzee.js target/npm/yahtzee-engine/yahtzee.wasm target/npm/yahtzee-engine/yahtzee-games.wasm \
    target/npm/yahtzee-engine/yahtzee-explain.wasm "$out/"
# What js/client.js's probe for a server finds here: no server, the engine in the page.
mkdir -p "$out/api"
printf '{"status":"static"}\n' >"$out/api/health"
# The service worker keeps every module for offline use; its cache's name is a hash of the
# files, so a new build replaces the old cache.
# shellcheck disable=SC2086 # the modules' paths have no spaces
version=$(cd "$out" && cat index.html play.html triple.html yahtzix.html painted.html train.html common.css games.css \
    worker.js yahtzee.js yahtzee.wasm yahtzee-games.wasm yahtzee-explain.wasm manifest.webmanifest $modules \
    | sha256sum | cut -c1-12)
list=$(printf "'%s', " $modules)
sed -i -e "s/__BUILD_VERSION__/$version/" -e "s#/\* __MODULES__ \*/#${list%, }#" "$out/sw.js"
find "$out" -type f -exec chmod 0644 {} +
total=0
gz_total=0
while IFS= read -r f; do
    size=$(stat -c %s "$f")
    gz=$(gzip -9c "$f" | wc -c)
    total=$((total + size))
    gz_total=$((gz_total + gz))
    printf '%-28s %9d bytes %9d gzipped\n' "${f#"$out"/}" "$size" "$gz" >&2
done < <(find "$out" -type f | sort)
printf '%-28s %9d bytes %9d gzipped\n' "the whole site" "$total" "$gz_total" >&2
echo "static site in $out (version $version)" >&2
