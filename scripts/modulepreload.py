#!/usr/bin/env python3
"""Adds to each page of a built static site a <link rel="modulepreload"> for every script
module its entry module imports, directly or not (static imports only), so the browser
fetches the whole module graph at once instead of one level of imports after another
(three round trips for the advisor). scripts/build_web.sh runs it on target/web.

  scripts/modulepreload.py SITE
"""

import pathlib
import re
import sys

IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?(?:from\s*)?['"](\.{1,2}/[^'"]+\.js)['"]""", re.M)
ENTRY = re.compile(r'<script type="module" src="([^"]+)"></script>')


def closure(site, entry):
    """The modules `entry` (a path under `site`) imports, transitively, in a stable order."""
    seen, todo = [], [entry]
    while todo:
        path = todo.pop(0)
        for dep in IMPORT.findall((site / path).read_text()):
            rel = (site / path).parent.joinpath(dep).resolve().relative_to(site.resolve()).as_posix()
            if rel not in seen and rel != entry:
                seen.append(rel)
                todo.append(rel)
    return seen


def main():
    site = pathlib.Path(sys.argv[1])
    for page in sorted(site.glob("*.html")):
        html = page.read_text()
        m = ENTRY.search(html)
        if not m:
            continue
        links = "".join(f'\n<link rel="modulepreload" href="{p}">' for p in closure(site, m.group(1)))
        page.write_text(html[: m.end()] + links + html[m.end():])


if __name__ == "__main__":
    main()
