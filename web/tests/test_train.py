"""The trainer page (train.html, docs/TRAIN.md) on the static site, in headless Chromium:
with the server stopped once the app is kept (the app, the engine and its tables offline),
a proficiency test played by clicks against the command line's puzzles and scores, then a
practice puzzle from a shared address.

A reduced game (its tables take a moment in the page) with the boxes every theme needs."""

import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import StaticServer, cli, engine_stats, severe

GAME = "forced:ones,twos,threes,fours,fives,sixes,three_of_a_kind,full_house,small_straight,yahtzee,chance@30"


def shown(d):
    """The puzzle on screen: its title, once the puzzle panel shows with no answer."""
    panel = d.find_element(By.ID, "puzzle-panel")
    if not panel.is_displayed() or d.find_element(By.ID, "answer-panel").is_displayed():
        return None
    return d.find_element(By.ID, "puzzle-title").text


def label(o, showing):
    """How the page names an option (train/session.js describe)."""
    if o.get("keep") is not None:
        return None
    return o["category"].replace("_", " ").capitalize() + f" for {o['score']}"


def play(d, puzzle, option):
    """Chooses `option` of `puzzle` by clicks: dice held, then reroll; or the box."""
    o = puzzle["report"]["options"][option]
    if o.get("keep") is None:
        buttons = [b for b in d.find_elements(By.CSS_SELECTOR, "#boxes button") if b.text == label(o, 5)]
        assert len(buttons) == 1, (o, [b.text for b in d.find_elements(By.CSS_SELECTOR, "#boxes button")])
        buttons[0].click()
        return
    want = list(o["keep"])
    for die in d.find_elements(By.CSS_SELECTOR, "#puzzle-dice .die"):
        if not die.is_displayed():
            continue
        face = int(die.get_attribute("data-face"))
        if face in want:
            want.remove(face)
            die.click()
    assert not want
    d.find_element(By.ID, "reroll").click()


def take_the_test(d, url, want):
    """Plays the proficiency test at `url` by clicks (the first answer the one the puzzle
    is set against, the rest the best) and checks each verdict; the losses."""
    d.get(url)
    losses = []
    for i, p in enumerate(want):
        title = WebDriverWait(d, 300).until(shown)
        assert title.startswith(f"Puzzle {i + 1} of 20 · ") and title.endswith(p["difficulty"]), title
        assert d.find_element(By.ID, "puzzle-card").text.startswith("Card: ")
        choice = p["against"] if i == 0 else 0
        play(d, p, choice)
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, "answer-panel").is_displayed())
        verdict = d.find_element(By.ID, "verdict").text
        loss = p["report"]["options"][choice]["loss"]
        losses.append(loss)
        if i == 0:
            assert verdict.startswith("Best: ") and f"loses {loss:.2f} points" in verdict, verdict
            assert d.find_element(By.ID, "why").text.startswith("Why: with yours, ")
        else:
            assert verdict.startswith("Right: "), verdict
        if i + 1 < len(want):
            d.find_element(By.ID, "next").click()
    return losses


def test_a_test_and_a_practice_by_clicks_offline_as_the_cli_scores_them(fresh, data_dir):
    server = StaticServer()  # its own, to stop
    try:
        d = fresh()
        practice = server.url + "/train.html?" + urllib.parse.urlencode({"rules": GAME, "mode": "practice", "seed": 8})
        d.get(practice)
        WebDriverWait(d, 300).until(shown)
        stats = engine_stats(d)
        print(f"puzzles in the page: companion {stats['lastCompanionMs']:.0f} ms, 10 puzzles {stats['lastPuzzlesMs']:.0f} ms")
        # The service worker in control (it registers 5 s after a page that asks no advice
        # opens), then a second visit online fetches the explaining module through it, which
        # keeps it (the first visit fetched it before the worker was there): then offline.
        WebDriverWait(d, 30).until(lambda d: d.execute_script(
            "return !!(navigator.serviceWorker && navigator.serviceWorker.controller)"))
        d.get(practice)
        WebDriverWait(d, 120).until(shown)
        WebDriverWait(d, 30).until(lambda d: d.execute_async_script("""
            const done = arguments[arguments.length - 1];
            caches.keys().then((k) => Promise.all(k.map((n) => caches.open(n).then((c) => c.keys()))))
                .then((lists) => done(lists.flat().some((r) => r.url.endsWith('yahtzee-explain.wasm'))));"""))
        server.stop()

        # The proficiency test, offline.
        want = cli("train", "list", "--json", "--rules", GAME, "--seed", "3", "--count", "20", data_dir=data_dir)
        test = server.url + "/train.html?" + urllib.parse.urlencode({"rules": GAME, "mode": "test", "seed": 3})
        losses = take_the_test(d, test, want)
        score = d.find_element(By.ID, "score").text
        assert f"Your score: {sum(losses) / 20:.2f} points lost per decision." in score, score
        for who in ("greedy", "myopic"):
            mean = sum(p["report"]["options"][p[who]]["loss"] for p in want) / 20
            assert f"{who} {mean:.2f}" in score, score
        assert "optimal 0.00" in score, score
        # The address names the set and the puzzle: a link opens it.
        q = urllib.parse.parse_qs(urllib.parse.urlparse(d.current_url).query)
        assert q["seed"] == ["3"] and q["mode"] == ["test"] and q["n"] == ["20"]
        assert engine_stats(d)["companionBuilds"] == 0, "the companion table came from IndexedDB"

        # A shared address of a practice set's fourth puzzle, offline.
        tested = want
        want = cli("train", "list", "--json", "--rules", GAME, "--seed", "8", "--count", "10", data_dir=data_dir)
        d.get(practice + "&n=4")
        WebDriverWait(d, 120).until(shown)
        p = want[3]
        play(d, p, 0)
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, "answer-panel").is_displayed())
        assert d.find_element(By.ID, "verdict").text.startswith("Right: ")
        # The progress kept from the test (IndexedDB): that theme's answers, one more now.
        seen = sum(t["theme"] == p["theme"] for t in tested) + 1
        right = seen - (tested[0]["theme"] == p["theme"])
        assert f"so far: {right} of {seen} right" in d.find_element(By.ID, "record").text
        d.find_element(By.ID, "next").click()
        WebDriverWait(d, 10).until(shown)
        assert not severe(d)
    finally:
        if server.proc.poll() is None:
            server.stop()
