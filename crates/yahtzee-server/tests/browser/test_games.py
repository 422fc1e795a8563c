"""Triple Yahtzee and Yahtzix pages (web/triple.html, web/yahtzix.html) in headless
Chromium against `yahtzee serve`: a position's advice as the API gives it, a Triple
Yahtzee turn played by clicking (dice dealt through window.yahtzeeTestDice), a Yahtzix
position, and a Yahtzix race against the optimal bot whose every choice is the API's best
option for the position it was in."""

import json
import time
import urllib.error
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def post(server, path, body):
    req = urllib.request.Request(server + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.loads(r.read())


def api_advice(server, body):
    """The API's answer, waiting out a 503 "building"."""
    for _ in range(120):
        try:
            return post(server, "/api/advise", body)
        except urllib.error.HTTPError as e:
            assert e.code == 503, e.read()
            time.sleep(1)
    raise AssertionError("never ready")


def script_errors(browser):
    """Severe browser log entries but the 503s a game being prepared answers (the page waits)."""
    return [e for e in browser.get_log("browser") if e["level"] == "SEVERE"
            and not (e.get("source") == "network" and "status of 503" in e["message"])]


def shown_options(browser, table):
    return browser.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' tbody tr.option')].map((tr) =>"
        " [...tr.querySelectorAll('td')].map((td) => td.innerText.trim()))", table)


def error_text(browser):
    e = browser.find_element(By.ID, "error")
    return e.text if e.is_displayed() else ""


def button_texts(browser):
    # Read in one script: the page redraws its options (a stale element otherwise).
    return browser.execute_script(
        "return [...document.querySelectorAll('#play-options button.choose')].map((b) => b.innerText.trim())")


def rig(browser, faces):
    browser.execute_script("window.yahtzeeTestDice = (window.yahtzeeTestDice || []).concat(arguments[0])", faces)


def open_page(browser, url):
    browser.get_log("browser")
    browser.get(url)


# ---------------------------------------------------------------- Triple Yahtzee

def test_a_triple_position_shows_the_apis_advice(browser, server):
    card = "1.ones=3 2.fours=12 3.yahtzee=50 bonus=0"
    open_page(browser, server + "/triple.html?" + urllib.parse.urlencode(
        {"mode": "advise", "card": card, "dice": "44456", "rolls": 1}))
    WebDriverWait(browser, 90).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    want = api_advice(server, {"game": "triple", "card": card, "dice": "44456", "rolls_left": 1})
    rows = shown_options(browser, "#options")
    assert len(rows) == len(want["options"])
    for (rank, choice, ev, loss), o in zip(rows, want["options"]):
        assert choice == o["option"]
        assert ev == f"{want['total'] + o['ev_remaining']:.2f}"
        assert loss == ("best" if o["loss"] <= 1e-9 else f"-{o['loss']:.2f}")
    assert rows[0][1] == want["options"][0]["option"]
    assert f"{want['expected_final']:.2f}" in browser.find_element(By.ID, "expected-final").text
    # A bad card: the API's one line on the page.
    field = browser.find_element(By.ID, "card-text")
    field.clear()
    field.send_keys("4.ones=3")
    WebDriverWait(browser, 10).until(lambda d: "bad card" in error_text(d))
    assert [e for e in script_errors(browser) if "status of 400" not in e["message"]] == []


def wait_idle(browser):
    WebDriverWait(browser, 90).until(
        lambda d: d.find_element(By.ID, "roll").is_enabled() or d.find_elements(By.CSS_SELECTOR, "#tcard button"))
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.ID, "hint").text.startswith("Hint:"))


def card_cell(browser, column, box):
    return browser.find_element(By.CSS_SELECTOR, f"#tcard td[data-column='{column}'][data-box='{box}']")


def test_a_triple_game_played_by_clicking(browser, server):
    open_page(browser, server + "/triple.html")
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    assert browser.find_element(By.ID, "turn-info").text.startswith("Turn 1 of 39")
    # Turn 1: 6 6 6 2 1, keep the sixes, then 6 6: a Yahtzee, scored in column 3 (150).
    rig(browser, [6, 6, 6, 2, 1])
    browser.find_element(By.ID, "roll").click()
    wait_idle(browser)
    dice = browser.find_elements(By.CSS_SELECTOR, "#dice .die")
    assert [d.get_attribute("data-face") for d in dice] == ["6", "6", "6", "2", "1"]
    for i in range(3):
        dice[i].click()
    assert [d.get_attribute("aria-pressed") for d in browser.find_elements(By.CSS_SELECTOR, "#dice .die")] == \
        ["true", "true", "true", "false", "false"]
    rig(browser, [6, 6])
    browser.find_element(By.ID, "roll").click()
    wait_idle(browser)
    assert "1 roll left" in browser.find_element(By.ID, "turn-info").text
    # The hint is the API's best option for the position on screen.
    want = api_advice(server, {"game": "triple", "card": "", "dice": "66666", "rolls_left": 1})
    assert browser.find_element(By.ID, "hint").text.startswith("Hint: " + want["options"][0]["option"])
    # Every move the dice allow is a button on the card with the API's points.
    moves = api_advice(server, {"game": "triple", "card": "", "dice": "66666", "rolls_left": 0})
    buttons = browser.find_elements(By.CSS_SELECTOR, "#tcard td button")
    assert len(buttons) == len(moves["options"])
    cell = card_cell(browser, 3, "yahtzee")
    assert cell.text == "150"
    cell.find_element(By.TAG_NAME, "button").click()
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "turn-info").text.startswith("Turn 2 of 39"))
    assert card_cell(browser, 3, "yahtzee").text == "50"
    assert browser.find_element(By.ID, "tcard").get_attribute("data-total") == "150"
    # Turn 2: another Yahtzee of sixes; column 3's Yahtzee holds 50, so the forced Joker
    # sends it to column 3's Sixes (90) with a 100-point chip, or anywhere in columns 1, 2.
    rig(browser, [6, 6, 6, 6, 6])
    browser.find_element(By.ID, "roll").click()
    wait_idle(browser)
    card_cell(browser, 3, "sixes").find_element(By.TAG_NAME, "button").click()
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "turn-info").text.startswith("Turn 3 of 39"))
    assert browser.find_element(By.ID, "tcard").get_attribute("data-total") == str(150 + 90 + 100)
    # The next roll's advice: the server reads the card the page sent and agrees on the total.
    rig(browser, [1, 2, 3, 4, 5])
    browser.find_element(By.ID, "roll").click()
    wait_idle(browser)
    assert error_text(browser) == ""
    want = api_advice(server, {"game": "triple", "card": "3.sixes=30 3.yahtzee=50 bonus=100",
                               "dice": "12345", "rolls_left": 2})
    assert want["total"] == 340
    assert browser.find_element(By.ID, "hint").text.startswith("Hint: " + want["options"][0]["option"])
    assert "Your decisions so far cost" in browser.find_element(By.ID, "cost-total").text
    assert script_errors(browser) == []


# ---------------------------------------------------------------- Yahtzix

def test_a_yahtzix_position_shows_the_apis_advice(browser, server):
    q = {"mode": "advise", "target": 300, "me": 0, "opp": 150, "dice": "115523", "roll": 1, "total": 0}
    open_page(browser, server + "/yahtzix.html?" + urllib.parse.urlencode(q))
    # The first question at 300 solves the game on the server (503 "building" meanwhile).
    WebDriverWait(browser, 120).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    want = api_advice(server, {"game": "yahtzix", "target": 300, "me": 0, "opp": 150, "second": False,
                               "dice": "115523", "roll": 1, "total": 0})
    rows = shown_options(browser, "#options")
    assert len(rows) == len(want["options"]) > 1
    for (rank, choice, p, loss), o in zip(rows, want["options"]):
        assert choice == o["option"]
        assert p == f"{100 * o['p_win']:.1f}%"
    assert f"{100 * want['p_win']:.1f}%" in browser.find_element(By.ID, "p-win").text
    # Before the turn, facing an offer.
    browser.find_element(By.CSS_SELECTOR, "#stage option[value=start]").click()
    offer = browser.find_element(By.ID, "offer")
    offer.send_keys("150:2")
    browser.find_element(By.ID, "second").click()
    want = api_advice(server, {"game": "yahtzix", "target": 300, "me": 0, "opp": 150, "second": True,
                               "offer": "150:2"})
    WebDriverWait(browser, 10).until(
        lambda d: [r[1] for r in shown_options(d, "#options")] == [o["option"] for o in want["options"]])
    assert script_errors(browser) == []


def test_a_yahtzix_race_against_the_bot(browser, server):
    open_page(browser, server + "/yahtzix.html?target=300")
    browser.execute_script("window.yahtzeeStepMs = 20")
    # Your first roll: 1 1 1 5 2 3 (triple 1s 30 and a 5).
    rig(browser, [1, 1, 1, 5, 2, 3])
    WebDriverWait(browser, 120).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#play-options button.choose"))
    assert browser.find_element(By.ID, "pts-you").text == "0"
    # Roll six fresh dice (no offer: the one option).
    assert button_texts(browser) == ["roll six fresh dice"]
    browser.find_element(By.CSS_SELECTOR, "#play-options button.choose").click()
    WebDriverWait(browser, 30).until(lambda d: "roll 1 of 3" in d.find_element(By.ID, "turn-info").text)
    faces = [int(d.get_attribute("data-face")) for d in browser.find_elements(By.CSS_SELECTOR, "#dice .die")]
    assert faces == [1, 1, 1, 2, 3, 5]
    want = api_advice(server, {"game": "yahtzix", "target": 300, "me": 0, "opp": 0, "dice": "111235", "roll": 1})
    assert button_texts(browser) == [o["option"] for o in want["options"]]
    # Then: your choices by clicking (the best one, then the worst one, in turn), until the
    # race is over; the dice are random from here.
    decisions = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if browser.find_element(By.ID, "result").is_displayed():
            break
        buttons = browser.find_elements(By.CSS_SELECTOR, "#play-options button.choose")
        if not buttons:
            time.sleep(0.05)
            continue
        try:
            (buttons[0] if decisions % 2 == 0 else buttons[-1]).click()
            decisions += 1
        except Exception:  # redrawn between the read and the click
            continue
    WebDriverWait(browser, 60).until(lambda d: d.find_element(By.ID, "result").is_displayed())
    assert error_text(browser) == ""
    choices = browser.execute_script("return window.yahtzixChoices")
    bot = [c for c in choices if c["bot"]]
    assert decisions >= 2 and len(choices) >= decisions
    # The bot's every choice is the API's best option for its position (asked again here).
    for c in bot:
        assert c["chosen"] == c["best"], c
        assert api_advice(server, c["position"])["options"][0]["option"] == c["chosen"], c
    # The scores: the winner reached the target, unless the second player overtook.
    you = int(browser.find_element(By.ID, "pts-you").text)
    them = int(browser.find_element(By.ID, "pts-bot").text)
    result = browser.find_element(By.ID, "result").text
    assert max(you, them) >= 300
    if you > them:
        assert result.startswith("You win")
    elif them > you:
        assert result.startswith("The bot wins")
    assert script_errors(browser) == []


def test_a_yahtzix_position_at_a_table_of_three(browser, server):
    q = {"mode": "advise", "target": 300, "scores": "0,150,100", "to_move": 2, "dice": "115523", "roll": 1,
         "total": 0}
    open_page(browser, server + "/yahtzix.html?" + urllib.parse.urlencode(q))
    WebDriverWait(browser, 120).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    assert browser.find_element(By.ID, "players").get_attribute("value") == "3"
    want = api_advice(server, {"game": "yahtzix", "target": 300, "scores": [0, 150, 100], "seat": 2,
                               "dice": "115523", "roll": 1, "total": 0})
    assert (want["players"], want["strategy"], want["against"]) == (3, "heads-up", 3)
    rows = shown_options(browser, "#options")
    assert [(r[1], r[2]) for r in rows] == [(o["option"], f"{100 * o['p_win']:.1f}%") for o in want["options"]]
    text = browser.find_element(By.ID, "p-win").text
    assert "heads-up against seat 3" in text and f"{100 * want['p_win']:.1f}%" in text, text
    assert "heads-up" in browser.find_element(By.CSS_SELECTOR, "#options thead").text
    # Beside each option its chance to win the whole table, estimated from played-out games.
    assert want["table_chance"]["kind"] == "estimate"
    assert "win the table (estimate)" in browser.find_element(By.CSS_SELECTOR, "#options thead").text
    assert [r[4] for r in rows] == [f"{100 * o['p_table']:.1f}% ± {100 * o['p_table_ci95']:.1f}"
                                    for o in want["options"]]
    # The seat to move changes the question: seat 1, before the turn, facing seat 3's
    # offer (100 on two dice).
    browser.find_element(By.CSS_SELECTOR, "#to-move option[value='1']").click()
    browser.find_element(By.CSS_SELECTOR, "#stage option[value=start]").click()
    browser.find_element(By.ID, "offer").send_keys("100:2")
    want = api_advice(server, {"game": "yahtzix", "target": 300, "scores": [0, 150, 100], "seat": 1,
                               "offer": "100:2"})
    WebDriverWait(browser, 10).until(
        lambda d: [r[1] for r in shown_options(d, "#options")] == [o["option"] for o in want["options"]])
    assert "scores=0%2C150%2C100" in browser.current_url and "to_move=1" in browser.current_url
    assert script_errors(browser) == []


def test_a_yahtzix_game_of_four(browser, server):
    # You are seat 3 of 4; the three bots ask the API with every score and their seat.
    open_page(browser, server + "/yahtzix.html?target=300&players=4&seat=2")
    browser.execute_script("window.yahtzeeStepMs = 20")
    WebDriverWait(browser, 120).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#play-options button.choose"))
    tiles = browser.find_elements(By.CSS_SELECTOR, "#scores > div")
    assert [t.get_attribute("data-seat") for t in tiles] == ["1", "2", "3", "4"]
    assert browser.find_element(By.ID, "score-you").get_attribute("data-seat") == "3"
    decisions = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if browser.find_element(By.ID, "result").is_displayed():
            break
        # Read at once: while the page asks about the next roll it still holds the last advice.
        state = browser.execute_script("return window.yahtzixState()")
        if state["toMove"] != 2 or state["busy"] or not state["buttons"] or state["advice"] is None:
            time.sleep(0.05)
            continue
        buttons = browser.find_elements(By.CSS_SELECTOR, "#play-options button.choose")
        # Your decision: the page's advice is the API's for the same four-player position.
        q = state["position"]
        assert len(q["scores"]) == 4 and q["seat"] == 3 and "me" not in q, q
        want = api_advice(server, q)
        assert state["advice"] == want
        assert (want["players"], want["to_move"], want["strategy"]) == (4, 3, "heads-up")
        assert button_texts(browser) == [o["option"] for o in want["options"]]
        shown = [r[2] for r in shown_options(browser, "#play-options")]
        assert shown == [f"{100 * o['p_win']:.1f}%" for o in want["options"]]
        hint = browser.find_element(By.ID, "hint").text
        assert f"heads-up against bot {want['against']}" in hint.lower(), hint
        try:
            (buttons[0] if decisions % 2 == 0 else buttons[-1]).click()
            decisions += 1
        except Exception:  # redrawn between the read and the click
            continue
    WebDriverWait(browser, 60).until(lambda d: d.find_element(By.ID, "result").is_displayed())
    assert error_text(browser) == ""
    assert decisions >= 1
    choices = browser.execute_script("return window.yahtzixChoices")
    bots = [c for c in choices if c["bot"]]
    assert {c["seat"] for c in bots} == {0, 1, 3}
    for c in bots:
        assert c["chosen"] == c["best"], c
        a = api_advice(server, c["position"])
        assert (a["players"], a["to_move"]) == (4, c["seat"] + 1), a
        assert a["options"][0]["option"] == c["chosen"], c
    # The end: the round played out (the last seat moved last), the top score shared by the winners.
    state = browser.execute_script("return window.yahtzixState()")
    scores = [int(t.text) for t in browser.find_elements(By.CSS_SELECTOR, "#scores .pts")]
    assert scores == state["scores"] and max(scores) >= 300 and state["lastTurn"]
    assert choices[-1]["seat"] == 3 or state["toMove"] == 0
    top = [s + 1 for s, v in enumerate(scores) if v == max(scores)]
    result = browser.find_element(By.ID, "result")
    assert result.get_attribute("data-winners") == " ".join(map(str, top))
    if top == [3]:
        assert result.text.startswith("You win")
    elif len(top) == 1:
        assert result.text.startswith(f"Bot {top[0]} wins")
    else:
        assert result.text.startswith("A shared win")
    assert script_errors(browser) == []
