"""Triple Yahtzee, Yahtzix and Painted Yahtzee as plain static files, answered by the games'
WebAssembly module (yahtzee-games.wasm) in the page's worker, with no `yahtzee serve`: each
page's position against the CLI's `--json` option for option, the module loaded only by the
games' pages, the tables kept in IndexedDB (read back without a solve, a damaged one built
again), and the pages working with the static server stopped. Run by scripts/test.sh after
scripts/build_web.sh."""

import math
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import cli, damage_stored_tables, engine_stats, reloaded, severe, wait_ready


def shown_options(d):
    """Each option row's cells (rank, choice, value, loss), as the page shows them."""
    return d.execute_script(
        "return [...document.querySelectorAll('#options tbody tr.option')].map((tr) =>"
        " [...tr.querySelectorAll('td')].map((td) => td.innerText.trim()))")


def page_api(d, path, body):
    """The page's own client (the worker and its module) asked directly: the JSON, or an error."""
    return d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        YahtzeeClient.api(arguments[0], arguments[1]).then((v) => done({json: v}), (e) => done({error: e.message}));""",
                                  path, body)


def assert_close(got, want, where="answer"):
    """The same answer: every field, numbers to 1e-9."""
    if isinstance(want, float) or (isinstance(want, int) and not isinstance(want, bool) and isinstance(got, float)):
        assert math.isclose(got, want, rel_tol=0, abs_tol=1e-9), (where, got, want)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (where, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            assert_close(g, w, f"{where}[{i}]")
    elif isinstance(want, dict):
        assert sorted(got) == sorted(want), (where, sorted(got), sorted(want))
        for k in want:
            assert_close(got[k], want[k], f"{where}.{k}")
    else:
        assert got == want, (where, got, want)


def module_requests(d):
    """The .wasm files the page's worker fetched, and none by the page itself."""
    page = d.execute_script(
        "return performance.getEntriesByType('resource').map((e) => e.name.split('/').pop())"
        ".filter((n) => n.endsWith('.wasm'))")
    assert page == []
    return engine_stats(d)["wasmFetched"]


def test_a_triple_position_is_the_clis(browser, site, data_dir):
    card = "1.ones=3 2.fours=12 3.yahtzee=50"
    browser.get_log("browser")
    browser.get(site.url + "/triple.html?" + urllib.parse.urlencode(
        {"mode": "advise", "card": card, "dice": "44456", "rolls": 1}))
    wait_ready(browser)
    want = cli("triple", "advise", "--card", card, "--dice", "44456", "--rolls-left", "1", "--json",
               data_dir=data_dir)
    rows = shown_options(browser)
    assert len(rows) == len(want["options"]) > 1
    for (rank, choice, ev, loss), o in zip(rows, want["options"]):
        assert choice == o["option"]
        assert ev == f"{want['total'] + o['ev_remaining']:.2f}"
        assert loss == ("best" if o["loss"] <= 1e-9 else f"-{o['loss']:.2f}")
    got = page_api(browser, "/api/advise", {"game": "triple", "card": card, "dice": "44456", "rolls_left": 1})
    assert_close(got["json"], want)
    # The games module, never the Yahtzee one.
    assert module_requests(browser) == ["yahtzee-games.wasm"]
    assert engine_stats(browser)["module"] == "yahtzee-games"
    # A bad card: the CLI's one line.
    bad = page_api(browser, "/api/advise", {"game": "triple", "card": "4.ones=3", "dice": "44456", "rolls_left": 1})
    assert bad["error"].startswith("bad card") and "\n" not in bad["error"], bad
    assert severe(browser) == []


def test_a_painted_position_is_the_clis(browser, site, data_dir):
    card = "ones=3 red=12 flush=50"
    browser.get(site.url + "/painted.html?" + urllib.parse.urlencode(
        {"mode": "advise", "card": card, "dice": "5r5y2g3b1p", "rolls": 2}))
    wait_ready(browser)
    want = cli("painted", "advise", "--card", card, "--dice", "5r 5y 2g 3b 1p", "--rolls-left", "2", "--json",
               data_dir=data_dir)
    assert want["strategy"] == "split+corrected"
    rows = shown_options(browser)
    assert len(rows) == len(want["options"]) == 32
    for row, o in zip(rows, want["options"]):
        assert row[-2] == f"{o['value']:.2f}" and row[-1] == ("best" if o["loss"] <= 1e-9 else f"-{o['loss']:.2f}")
    assert browser.find_element(By.ID, "strategy-line").get_attribute("data-strategy") == "split+corrected"
    got = page_api(browser, "/api/painted/advise", {"card": card, "dice": "5r 5y 2g 3b 1p", "rolls_left": 2})
    assert_close(got["json"], want)
    # A reduced game: its exact table, built in the page.
    game = "painted:c2:ones,yahtzee,colours,flush"
    want = cli("painted", "advise", "--game", game, "--card", "ones=2", "--dice", "1r 1y 6r 6r 2y",
               "--rolls-left", "2", "--json", data_dir=data_dir)
    got = page_api(browser, "/api/advise", {"game": game, "card": "ones=2", "dice": "1r 1y 6r 6r 2y", "rolls_left": 2})
    assert got["json"]["strategy"] == "exact"
    assert_close(got["json"], want)
    assert severe(browser) == []


def test_a_yahtzix_position_is_the_clis(browser, site, data_dir):
    q = {"mode": "advise", "target": 300, "me": 0, "opp": 150, "dice": "115523", "roll": 1, "total": 0}
    browser.get(site.url + "/yahtzix.html?" + urllib.parse.urlencode(q))
    wait_ready(browser)
    want = cli("yahtzix", "advise", "--target", "300", "--me", "0", "--opp", "150", "--dice", "115523",
               "--roll", "1", "--total", "0", "--json", data_dir=data_dir)
    rows = shown_options(browser)
    assert len(rows) == len(want["options"]) > 1
    for (rank, choice, p, loss), o in zip(rows, want["options"]):
        assert choice == o["option"]
        assert p == f"{100 * o['p_win']:.1f}%"
    got = page_api(browser, "/api/advise", {"game": "yahtzix", "target": 300, "me": 0, "opp": 150,
                                            "dice": "115523", "roll": 1, "total": 0})
    assert_close(got["json"], want)
    # Three players to 100: each chance to win the table exact, from the three-player game
    # solved in the module (it fits beside the two-player game), as the CLI's.
    three = {"game": "yahtzix", "target": 100, "scores": [0, 50, 35], "seat": 2, "dice": "115523"}
    want = cli("yahtzix", "advise", "--target", "100", "--scores", "0,50,35", "--seat", "2", "--dice", "115523",
               "--json", "--quiet", data_dir=data_dir)
    got = page_api(browser, "/api/advise", three)
    assert got["json"]["table_chance"]["kind"] == "exact"
    assert_close(got["json"], want)
    # The quick race of three to 150 in the page: the column says the chances are exact.
    browser.get(site.url + "/yahtzix.html?" + urllib.parse.urlencode(
        {"mode": "advise", "target": 150, "scores": "0,50,35", "to_move": 2, "dice": "115523", "roll": 1,
         "total": 0}))
    wait_ready(browser)
    WebDriverWait(browser, 120).until(
        lambda d: "win the table (exact)" in d.find_element(By.CSS_SELECTOR, "#options thead").text)
    want = cli("yahtzix", "advise", "--target", "150", "--scores", "0,50,35", "--seat", "2", "--dice", "115523",
               "--json", "--quiet", data_dir=data_dir)
    assert [r[-1] for r in shown_options(browser)] == [f"{100 * o['p_table']:.1f}%" for o in want["options"]]
    # Past the page's budget even as the compact game: refused in one line. The menu offers
    # every target, those past 1,000 as the compact game.
    big = page_api(browser, "/api/advise", {"game": "yahtzix", "target": 5000, "me": 0, "opp": 0})
    assert "needs about" in big["error"] and "compact" in big["error"], big
    options = browser.execute_script(
        "return [...document.querySelectorAll('#target option')].map((o) => [o.value, o.disabled, o.text])")
    assert [o[1] for o in options] == [False] * 6
    assert [o[2] for o in options][-2:] == ["1,500 (compact)", "2,000 (compact)"]
    assert severe(browser) == []


def test_the_games_keep_their_tables_and_work_offline(fresh):
    from conftest import StaticServer

    server = StaticServer()  # its own, to stop
    try:
        d = fresh()
        url = server.url + "/triple.html?" + urllib.parse.urlencode(
            {"mode": "advise", "card": "", "dice": "66612", "rolls": 1})
        d.get(url)
        wait_ready(d)
        first = engine_stats(d)
        assert first["builds"] == 1 and first["filesStored"] == 1 and first["loadedFromCache"] == 0, first
        answer = shown_options(d)
        # A reload reads the table back from IndexedDB: nothing built.
        again = reloaded(d)
        assert again["builds"] == 0 and again["loadedFromCache"] == 1, again
        assert shown_options(d) == answer
        # A damaged stored table is refused and built again.
        damage_stored_tables(d)
        healed = reloaded(d)
        assert healed["filesRejected"] == 1 and healed["builds"] == 1, healed
        assert shown_options(d) == answer
        # Offline: the service worker has the games module (cached when the page loaded it).
        WebDriverWait(d, 30).until(lambda d: d.execute_async_script("""
            const done = arguments[arguments.length - 1];
            caches.keys().then((k) => Promise.all(k.map((n) => caches.open(n).then((c) => c.keys()))))
                .then((lists) => done(lists.flat().some((r) => r.url.endsWith('yahtzee-games.wasm'))));"""))
        server.stop()
        d.get(url)
        wait_ready(d)
        assert shown_options(d) == answer
        assert engine_stats(d)["mode"] == "static"
    finally:
        if server.proc.poll() is None:
            server.stop()


def test_the_yahtzee_advisor_loads_the_yahtzee_module_only(fresh, site):
    d = fresh()
    d.get(site.url + "/?rules=forced&dice=66612&rolls=1")
    WebDriverWait(d, 60).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    assert module_requests(d) == ["yahtzee.wasm"]
