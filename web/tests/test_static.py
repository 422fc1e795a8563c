"""The advisor and the game as plain static files, with the engine as WebAssembly in the page
(no `yahtzee serve`): positions from the URL and by clicks against the CLI option by option,
a whole game with no script errors, the table kept in IndexedDB across a reload, the page
served by the service worker with the static server stopped, and what needs a server said
so (the other games: test_static_games.py). Run by scripts/test.sh after scripts/build_web.sh."""

import time
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import cli, damage_stored_tables, engine_stats, reloaded, severe, wait_ready


def wait_advice(d, timeout=60):
    wait_ready(d, timeout)


def open_position(d, site, **query):
    d.get(site.url + "/?" + urllib.parse.urlencode(query))
    wait_advice(d)


def shown_options(d):
    """Every option row: choice text, expected total, loss (after "show all")."""
    more = d.find_element(By.ID, "show-all")
    if more.is_displayed() and more.text.startswith("Show all"):
        more.click()
    out = []
    for tr in d.find_elements(By.CSS_SELECTOR, "#options tr.option"):
        cell = lambda c: tr.find_element(By.CSS_SELECTOR, c).text.strip()
        out.append((cell("td.choice"), cell("td.ev"), cell("td.loss")))
    return out


def wording(option, n_dice, labels):
    """The page's words for a CLI option (see describe() in web/index.html)."""
    if "sixth_die" in option:
        return "take the sixth die" if option["sixth_die"] else "roll five dice"
    if "keep" in option:
        keep = " ".join(map(str, option["keep"]))
        if not option["keep"]:
            s = "reroll all"
        elif len(option["keep"]) == n_dice and not option.get("mulligan"):
            s = "stand on " + keep
        else:
            s = "keep " + keep
        return "mulligan: " + s if option.get("mulligan") else s
    if option.get("chance_chance"):
        return "chance-chance"
    five = " with " + " ".join(map(str, option["scored"])) if "scored" in option else ""
    return f"{labels[option['category']]} ({option['score']}){five}"


LABELS = {
    "ones": "Ones", "twos": "Twos", "threes": "Threes", "fours": "Fours", "fives": "Fives",
    "sixes": "Sixes", "one_pair": "One pair", "two_pairs": "Two pairs",
    "three_of_a_kind": "Three of a kind", "four_of_a_kind": "Four of a kind", "full_house": "Full house",
    "small_straight": "Small straight", "large_straight": "Large straight", "yahtzee": "Yahtzee", "chance": "Chance",
}


def same_as_cli(d, want):
    """The page's options are the CLI's, in its order, with its totals and losses."""
    rows = shown_options(d)
    assert int(d.find_element(By.ID, "options").get_attribute("data-advice-count")) == len(want["options"])
    assert len(rows) == len(want["options"])
    for (choice, ev, loss), o in zip(rows, want["options"]):
        assert choice == wording(o, len(want["dice"]), LABELS), (choice, o)
        assert ev == f"{want['points_so_far'] + o['ev_remaining']:.2f}"
        assert loss == ("best" if o["loss"] <= 1e-9 else f"-{o['loss']:.2f}")
    assert f"{want['expected_final']:.2f}" in d.find_element(By.ID, "expected-final").text


@pytest.mark.parametrize(
    "rules,card,dice,rolls",
    [
        ("forced", "ones=3 fours=12 full_house=25", "66612", 1),
        ("yatzy", "ones=2 one_pair=10", "22335", 0),
        ("forced+mulligan+chance-chance", "twos=6 mulligan=used", "13346", 2),
        ("forced+mega-yahtzee", "ones=3", "666612", 1),
    ],
)
def test_a_url_position_matches_the_cli(browser, site, data_dir, rules, card, dice, rolls):
    browser.get_log("browser")
    open_position(browser, site, rules=rules, card=card, dice=dice, rolls=rolls)
    assert engine_stats(browser)["mode"] == "static"
    base, *house = rules.split("+")
    args = ["advise", "--json", "--rules", base, "--scorecard", card, "--dice", dice, "--rolls-left", str(rolls)]
    if house:
        args += ["--house", ",".join(house)]
    same_as_cli(browser, cli(*args, data_dir=data_dir))
    assert not severe(browser)


def test_a_position_entered_by_clicks(browser, site, data_dir):
    open_position(browser, site, rules="forced", dice="11111", rolls=2)
    # 1 1 1 1 1 -> 6 6 6 2 1: each click adds a pip, 6 wraps to 1.
    for die, clicks in zip(browser.find_elements(By.CSS_SELECTOR, "button.die"), [5, 5, 5, 1, 0]):
        for _ in range(clicks):
            die.click()
    Select(browser.find_element(By.ID, "rolls-left")).select_by_value("1")
    Select(browser.find_element(By.CSS_SELECTOR, "select[data-box=ones]")).select_by_value("3")
    Select(browser.find_element(By.CSS_SELECTOR, "select[data-box=full_house]")).select_by_value("25")
    WebDriverWait(browser, 20).until(lambda d: "dice=66621" in d.current_url and "rolls=1" in d.current_url
                                     and "full_house" in d.current_url)
    time.sleep(0.5)
    wait_advice(browser)
    want = cli("advise", "--json", "--scorecard", "ones=3 full_house=25", "--dice", "66621", "--rolls-left", "1",
               data_dir=data_dir)
    same_as_cli(browser, want)
    best = wording(want["options"][0], 5, LABELS)
    assert browser.find_element(By.ID, "headline").get_attribute("textContent").startswith(f"Best: {best} — expected final total")


def test_what_needs_the_server_is_said(browser, site):
    open_position(browser, site, rules="forced", dice="13346", rolls=2, target=250)
    # The goal inputs are off and say why; the advice is for expected score.
    assert browser.find_element(By.ID, "goal-static").is_displayed()
    assert not browser.find_element(By.ID, "target").is_enabled()
    assert "target" not in browser.current_url
    # Asked anyway (through the page's client), the engine answers with one line.
    err = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        YahtzeeClient.api('/api/advise', {dice: '13346', rolls_left: 2, target: 250}).then(
            () => done('answered'), (e) => done(e.message));""")
    assert err.startswith("playing for a target needs the target table"), err
    err = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        YahtzeeClient.api('/api/advise', {dice: '1334', rolls_left: 2}).then(
            () => done('answered'), (e) => done(e.message));""")
    assert err == "bad dice: expected 5 dice, got 4"


def test_a_whole_game_with_no_script_errors(browser, site):
    browser.get_log("browser")
    # The engine plays its turns without the pause a player watches (step=0).
    browser.get(site.url + "/play.html?rules=forced&step=0")
    wait = WebDriverWait(browser, 60)
    for _ in range(13):
        wait.until(lambda d: d.find_element(By.ID, "roll").is_enabled())
        browser.find_element(By.ID, "roll").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#card-you tr.can-score"))
        browser.find_elements(By.CSS_SELECTOR, "#card-you tr.can-score")[0].click()
        wait.until(lambda d: d.find_element(By.ID, "feedback").text.strip())
    wait.until(lambda d: d.find_element(By.ID, "result").is_displayed() and d.find_element(By.ID, "result").text)
    result = browser.find_element(By.ID, "result").text
    assert any(w in result for w in ["You win", "Engine wins", "Tie"]), result
    engine = int(browser.find_element(By.ID, "total-engine").text.split()[-1])
    assert engine > 0 and str(engine) in result
    assert not severe(browser)


def test_a_reload_answers_from_the_stored_table(fresh, site):
    d = fresh()
    open_position(d, site, rules="forced+fool-house", dice="22333", rolls=2)
    first = engine_stats(d)
    assert first["solves"] == 1 and first["loadedFromCache"] == 0, first
    answer = shown_options(d)
    again = reloaded(d, wait_advice)
    assert again["solves"] == 0 and again["loadedFromCache"] == 1, again
    assert shown_options(d) == answer
    # A stored table that no longer checks out is solved again, not trusted.
    damage_stored_tables(d)
    d.get_log("browser")
    healed = reloaded(d, wait_advice)
    assert healed["solves"] == 1 and healed["loadedFromCache"] == 0, healed
    assert shown_options(d) == answer


def test_a_card_is_answered_from_its_part_of_the_table_then_the_whole_is_stored(fresh, site, data_dir):
    # Four boxes filled: the first answer comes from the 512 filled sets that include them
    # (a sixteenth of the table), the whole table is solved after it and stored.
    card = "ones=3 fours=12 full_house=25 chance=22"
    d = fresh()
    open_position(d, site, rules="forced", card=card, dice="66612", rolls=1)
    first = engine_stats(d)
    assert first["partSolves"] == 1 and first["loadedFromCache"] == 0, first
    want = cli("advise", "--json", "--scorecard", card, "--dice", "66612", "--rolls-left", "1",
               data_dir=data_dir)
    same_as_cli(d, want)
    WebDriverWait(d, 120).until(lambda d: engine_stats(d)["tablesStored"] == 1)
    assert engine_stats(d)["solves"] == 1
    # The status line said so while it solved, and is gone with it.
    WebDriverWait(d, 10).until(lambda d: not d.find_element(By.ID, "status").is_displayed())
    # A card the part does not reach, from the whole table in memory.
    other = "twos=6"
    d.get(site.url + "/?" + urllib.parse.urlencode({"rules": "forced", "card": other, "dice": "22222", "rolls": 0}))
    wait_advice(d)
    stats = engine_stats(d)
    assert stats["loadedFromCache"] == 1 and stats["partSolves"] == 0 and stats["solves"] == 0, stats
    same_as_cli(d, cli("advise", "--json", "--scorecard", other, "--dice", "22222", "--rolls-left", "0",
                       data_dir=data_dir))
    assert not severe(d)


def test_the_service_worker_serves_the_app_offline(fresh):
    from conftest import StaticServer

    server = StaticServer()  # its own, to stop
    try:
        d = fresh(390, 844)
        d.get(server.url + "/?rules=forced&dice=66612&rolls=1")
        wait_advice(d)
        # Installed and in control of the page (clients.claim): the app shell is cached.
        WebDriverWait(d, 30).until(lambda d: d.execute_script(
            "return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"))
        WebDriverWait(d, 30).until(lambda d: d.execute_async_script("""
            const done = arguments[arguments.length - 1];
            caches.keys().then((k) => Promise.all(k.map((n) => caches.open(n).then((c) => c.keys()))))
                .then((lists) => done(lists.flat().some((r) => r.url.endsWith('yahtzee.wasm'))));"""))
        server.stop()
        d.get(server.url + "/?rules=forced&card=ones%3D3&dice=55552&rolls=0")
        wait_advice(d)
        assert d.find_element(By.ID, "headline").text.startswith("Best: Fives (20)")
        # The probe for a server found none (api/health from the cache, or no answer).
        assert engine_stats(d)["mode"] == "static"
        d.get(server.url + "/play.html?rules=forced")
        WebDriverWait(d, 30).until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    finally:
        if server.proc.poll() is None:
            server.stop()


def test_the_answer_is_at_the_top_on_a_phone(fresh, site):
    d = fresh(390, 844)
    open_position(d, site, rules="forced", dice="66612", rolls=1)
    assert d.execute_script("return window.innerWidth") == 390  # emulated: headless windows are >= 500 px
    head = d.find_element(By.ID, "headline")
    assert head.is_displayed() and head.text.startswith("Best: keep 6 6 6 — expected final total")
    top = d.execute_script("return arguments[0].getBoundingClientRect().bottom", head)
    assert top < d.execute_script("return window.innerHeight")
    assert d.execute_script("return document.documentElement.scrollWidth") <= d.execute_script("return window.innerWidth")


# "Say why" (issue 38) with the engine in the page: 45 in the upper boxes, Sixes open,
# 6 6 6 1 2 after the last roll. Hand-checked: 18 in Sixes makes the upper total 63, so the
# best option has the bonus for sure.
WHY_CARD = "ones=3 twos=6 threes=9 fours=12 fives=15"


def explanation(d):
    best = d.find_elements(By.ID, "explain-best")
    lines = [tr.text.strip() for tr in d.find_elements(By.CSS_SELECTOR, "#options tr.why")]
    return (best[0].text.strip() if best else None), lines


def test_say_why_builds_the_companion_table_in_the_page_and_keeps_it(fresh, site, data_dir):
    d = fresh()
    d.get(site.url + "/?" + urllib.parse.urlencode(
        {"rules": "forced", "card": WHY_CARD, "dice": "66612", "rolls": 0, "why": 1}))
    # The first time: the value table, then the companion table, built in the page.
    WebDriverWait(d, 300).until(lambda d: explanation(d)[0])
    first = engine_stats(d)
    assert first["mode"] == "static" and first["companionBuilds"] == 1, first
    print(f"companion table built in the page in {first['lastCompanionMs']:.0f} ms")
    best, lines = explanation(d)
    want = cli("advise", "--json", "--scorecard", WHY_CARD, "--dice", "66612", "--rolls-left", "0",
               "--explain", data_dir=data_dir)
    top = want["options"][0]
    assert top["category"] == "sixes"
    assert best == f"Where #1's {want['expected_final']:.2f} comes from: " + ", ".join(top["explain"]["words"])
    assert "Sixes 18.0" in best and "upper bonus 100%" in best
    shown = d.find_elements(By.CSS_SELECTOR, "#options tr.option")
    assert len(lines) == len(shown) - 1
    for line, o in zip(lines, want["options"][1:]):
        assert line == "against #1: " + ", ".join(o["explain"]["why"])
    assert not severe(d)
    # A reload reads it back from IndexedDB (checked), no build.
    d.refresh()
    WebDriverWait(d, 120).until(lambda d: explanation(d)[0])
    again = engine_stats(d)
    assert again["companionBuilds"] == 0 and again["companionsLoaded"] == 1, again
    print(f"companion table loaded back in {again['lastCompanionLoadMs']:.0f} ms")
    assert explanation(d) == (best, lines)
    # Another position of the same rules: answered from the table in memory at once.
    d.get(site.url + "/?rules=forced&dice=13346&rolls=2&why=1")
    WebDriverWait(d, 60).until(lambda d: (explanation(d)[0] or "").startswith("Where #1's 251.41 comes from: "))
    assert "upper bonus 67%" in explanation(d)[0]
    assert not severe(d)
