#!/usr/bin/env bash
# Type-checks the web pages' script modules (web/js/, JSDoc types) with TypeScript's
# checker in strict mode: tsc --checkJs --strict --noEmit, as web/tsconfig.json says.
# Installs TypeScript 5 from npm into target/npm-tools when it is not there (the same
# copy that checks the npm package's declarations).
#
#   scripts/check_web.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tools=$PWD/target/npm-tools
if [ ! -x "$tools/node_modules/.bin/tsc" ]; then
    command -v npm >/dev/null || { echo "error: npm needed to install TypeScript (apt-get install npm)" >&2; exit 1; }
    npm install --prefix "$tools" --no-audit --no-fund --silent typescript@5
fi
"$tools/node_modules/.bin/tsc" -p web/tsconfig.json --checkJs --strict --noEmit
echo "web/js: type-checked ($(find web/js -name '*.js' | wc -l) modules)" >&2
