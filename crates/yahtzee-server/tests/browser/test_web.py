"""The web advisor and the game page in a real browser (headless Chromium): positions
entered through the URL and by clicking, the page's answer against the CLI's for the same
position, errors shown, a whole game against the engine, no script errors."""

import time
import urllib.parse

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import cli


def wait_advice(browser, timeout=20):
    """Waits for a fresh advice render; returns the option count the page received."""
    WebDriverWait(browser, timeout).until(
        lambda d: d.execute_script("return document.body.dataset.ready") == "1"
    )
    return int(browser.find_element(By.ID, "options").get_attribute("data-advice-count"))


def rows(browser):
    out = []
    for tr in browser.find_elements(By.CSS_SELECTOR, "#options tr.option"):
        cell = lambda c: tr.find_element(By.CSS_SELECTOR, c).text.strip()
        out.append({"choice": cell("td.choice"), "ev": cell("td.ev"), "loss": cell("td.loss")})
    return out


def label(option, dice):
    """The page's wording of a CLI option."""
    if "keep" in option:
        keep = option["keep"]
        if not keep:
            return "reroll all"
        if len(keep) == len(dice):
            return "stand on " + " ".join(map(str, keep))
        return "keep " + " ".join(map(str, keep))
    return option["category"]


def severe_errors(browser):
    return [l for l in browser.get_log("browser") if l["level"] == "SEVERE"]


def open_position(browser, server, **query):
    browser.get_log("browser")  # drop what earlier tests logged
    browser.get(server + "/?" + urllib.parse.urlencode(query))
    # A new page starts without data-ready.
    return wait_advice(browser)


@pytest.mark.parametrize(
    "card,dice,rolls",
    [("", "13346", 2), ("ones=3 fours=12 full_house=25", "44456", 1), ("ones=3 sixes=24", "55552", 0)],
)
def test_a_position_from_the_url_matches_the_cli(browser, server, data_dir, card, dice, rolls):
    count = open_position(browser, server, rules="forced", card=card, dice=dice, rolls=rolls)
    args = ["advise", "--dice", dice, "--rolls-left", str(rolls), "--json"]
    if card:
        args += ["--scorecard", card]
    want = cli(*args, data_dir=data_dir)
    assert count == len(want["options"])
    shown = rows(browser)
    assert len(shown) == min(10, count)
    for got, option in zip(shown, want["options"]):
        expected_total = want["points_so_far"] + option["ev_remaining"]
        assert got["ev"] == f"{expected_total:.2f}"
        text = label(option, dice)
        assert got["choice"].lower().replace("_", " ").startswith(text.replace("_", " ")), (got, option)
    final = browser.find_element(By.ID, "expected-final").text
    assert f"{want['expected_final']:.2f}" in final
    assert not severe_errors(browser)


def test_entering_a_position_by_clicking(browser, server, data_dir):
    open_position(browser, server, rules="forced", dice="11111", rolls=2)
    # Dice 1 1 1 1 1 -> 6 6 6 2 1 by clicking (each click adds one pip, 6 wraps to 1).
    dice = browser.find_elements(By.CSS_SELECTOR, "button.die")
    for die, clicks in zip(dice, [5, 5, 5, 1, 0]):
        for _ in range(clicks):
            die.click()
    Select(browser.find_element(By.ID, "rolls-left")).select_by_value("0")
    Select(browser.find_element(By.CSS_SELECTOR, "select[data-box=ones]")).select_by_value("3")
    Select(browser.find_element(By.CSS_SELECTOR, "select[data-box=sixes]")).select_by_value("24")
    WebDriverWait(browser, 20).until(
        lambda d: "dice=66621" in d.current_url and "rolls=0" in d.current_url and "sixes" in d.current_url
    )
    time.sleep(0.5)
    wait_advice(browser)
    want = cli("advise", "--scorecard", "ones=3 sixes=24", "--dice", "66621", "--rolls-left", "0", "--json", data_dir=data_dir)
    best = rows(browser)[0]
    assert want["options"][0]["category"] == "three_of_a_kind"
    assert best["choice"].lower().replace("_", " ").startswith("three of a kind")
    assert best["ev"] == f"{want['expected_final']:.2f}"
    # The URL holds the whole position: reopening it shows the same advice.
    url = browser.current_url
    browser.get(url)
    wait_advice(browser)
    assert rows(browser)[0] == best


def test_chance_to_beat_an_opponent(browser, server, data_dir):
    card = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 four_of_a_kind=20 full_house=25 small_straight=30"
    opponent = card.replace("three_of_a_kind=20", "three_of_a_kind=25") + " large_straight=40"
    open_position(browser, server, rules="forced", card=card, dice="66612", rolls=1, opp=opponent)
    want = cli("advise", "--scorecard", card, "--dice", "66612", "--rolls-left", "1", "--opponent", opponent, "--json", data_dir=data_dir)
    p = browser.find_elements(By.CSS_SELECTOR, "#options tr.option td.p")[0].text
    assert f"{100 * want['options'][0]['p_win']:.2f}" in p
    assert rows(browser)[0]["choice"] == "keep 6 6 6"


def test_errors_are_shown_not_swallowed(browser, server):
    # The card's boxes are menus of possible scores, so a bad card cannot be entered; a
    # bad opponent's card (free text) comes back from the server as a one-line error.
    query = {"rules": "forced", "card": "ones=3", "dice": "13346", "rolls": 1, "opp": "ones=9"}
    browser.get_log("browser")
    browser.get(server + "/?" + urllib.parse.urlencode(query))
    WebDriverWait(browser, 20).until(lambda d: "bad opponent card" in d.find_element(By.ID, "error").text)
    assert "\n" not in browser.find_element(By.ID, "error").text
    browser.get_log("browser")  # the 400 the page received is logged; it is expected


def test_the_page_works_on_a_phone_sized_screen(server):
    from conftest import chromium_driver

    phone = chromium_driver(390, 844)
    try:
        phone.get(server + "/?rules=forced&dice=13346&rolls=2")
        wait_advice(phone)
        width = phone.execute_script("return document.documentElement.scrollWidth")
        inner = phone.execute_script("return window.innerWidth")
        assert inner == 390, "a phone's width (emulated: headless windows are at least 500 px)"
        assert width <= inner, "no sideways scrolling"
        assert rows(phone)[0]["choice"] == "keep 3 3"
    finally:
        phone.quit()


def test_a_whole_game_against_the_engine(browser, server):
    browser.get_log("browser")  # drop what earlier tests logged
    # The engine plays its turns at once (step=0); the other games keep the default pause.
    browser.get(server + "/play?rules=forced&step=0")
    wait = WebDriverWait(browser, 30)
    for turn in range(13):
        wait.until(lambda d: d.find_element(By.ID, "roll").is_enabled())
        browser.find_element(By.ID, "roll").click()
        # Score the first box the page offers after the first roll.
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#card-you tr.can-score"))
        browser.find_elements(By.CSS_SELECTOR, "#card-you tr.can-score")[0].click()
        wait.until(lambda d: d.find_element(By.ID, "feedback").text.strip())
    wait.until(lambda d: d.find_element(By.ID, "result").is_displayed() and d.find_element(By.ID, "result").text)
    result = browser.find_element(By.ID, "result").text
    assert any(w in result for w in ["You win", "Engine wins", "Tie"]), result
    you = int(browser.find_element(By.ID, "total-you").text.split()[-1])
    engine = int(browser.find_element(By.ID, "total-engine").text.split()[-1])
    assert engine > 0 and you >= 0
    assert str(engine) in result and str(you) in result
    assert not severe_errors(browser)


def test_mega_yahtzee_asks_about_the_sixth_die_and_shows_six_dice(browser, server, data_dir):
    # Switching the house rule on offers the turn-start question and six dice.
    open_position(browser, server, rules="forced", dice="13346", rolls=2)
    assert not browser.find_element(By.ID, "six-dice-field").is_displayed()
    browser.find_element(By.ID, "house-mega-yahtzee").click()
    WebDriverWait(browser, 60).until(lambda d: d.find_element(By.ID, "six-dice-field").is_displayed())
    browser.find_element(By.ID, "six-dice").click()
    WebDriverWait(browser, 60).until(lambda d: "mega-yahtzee" in urllib.parse.unquote(d.current_url)
                                     and "dice=133466" in d.current_url)
    shown = [b for b in browser.find_elements(By.CSS_SELECTOR, "button.die") if b.is_displayed()]
    assert len(shown) == 6
    want = cli("advise", "--house", "mega-yahtzee", "--dice", "133466", "--rolls-left", "2", "--json",
               data_dir=data_dir)
    # The page re-renders as the answer for six dice arrives.
    best = (label(want["options"][0], "133466"), f"{want['expected_final']:.2f}")
    WebDriverWait(browser, 60, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda d: (rows(d) or [{}])[0].get("choice") == best[0])
    assert rows(browser)[0]["ev"] == best[1]

    # Before the first roll: take the sixth die (285.64) or roll five (285.62).
    want = cli("advise", "--house", "mega-yahtzee", "--json", data_dir=data_dir)
    open_position(browser, server, rules="forced+mega-yahtzee", rolls="start")
    got = rows(browser)
    assert [r["choice"] for r in got] == ["take the sixth die", "roll five dice"]
    assert got[0]["ev"] == f"{want['expected_final']:.2f}" == "285.64"
    assert not any(b.is_displayed() for b in browser.find_elements(By.CSS_SELECTOR, "button.die"))

    # Six dice after the last roll: each box with the five dice it scores.
    card = "ones=3 yahtzee=50"
    want = cli("advise", "--house", "mega-yahtzee", "--scorecard", card, "--dice", "666661",
               "--rolls-left", "0", "--json", data_dir=data_dir)
    open_position(browser, server, rules="forced+mega-yahtzee", card=card, dice="666661", rolls=0)
    best, o = rows(browser)[0], want["options"][0]
    assert best["choice"].endswith(f"({o['score']}) with " + " ".join(map(str, o["scored"])))
    assert best["ev"] == f"{want['expected_final']:.2f}"

    # With the sixth die used there is no turn-start question.
    open_position(browser, server, rules="forced+mega-yahtzee", card="ones=3 mega=used", dice="13346", rolls=2)
    start = browser.find_element(By.CSS_SELECTOR, "#rolls-left option[value=start]")
    assert start.get_attribute("hidden") is not None
    assert browser.find_element(By.ID, "mega-used").is_selected()
    assert severe_errors(browser) == []


# ---------------------------------------------------------------- the game page's house rules
#
# The game page deals from window.yahtzeeTestDice first (a test hook: faces in order, for
# your rolls and the engine's alike), and a script installed before the page's own records
# every API request it makes with the answer, so the card text sent and the engine's
# answers can be compared with the CLI's.

RECORDER = """
window.apiLog = [];
const realFetch = window.fetch.bind(window);
window.fetch = async (url, init) => {
  const res = await realFetch(url, init);
  const entry = { url: String(url), body: init && init.body ? JSON.parse(init.body) : null, status: res.status };
  try { entry.answer = await res.clone().json(); } catch (e) { entry.answer = null; }
  window.apiLog.push(entry);
  return res;
};
"""


@pytest.fixture
def recorded(browser):
    """The shared browser, with every API call of the pages it opens recorded."""
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
    yield browser
    browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})


def advice_calls(browser):
    """The /api/advise requests made so far, each {"body", "status", "answer"}."""
    return [e for e in browser.execute_script("return window.apiLog || []") if e["url"].endswith("/api/advise")]


def script_errors(browser):
    """Severe browser log entries but the 503s a table being built answers (the page waits)."""
    return [e for e in severe_errors(browser)
            if not (e.get("source") == "network" and "status of 503" in e["message"])]


def rig(browser, faces):
    """The next dice rolled on the game page, in order."""
    browser.execute_script("window.yahtzeeTestDice = (window.yahtzeeTestDice || []).concat(arguments[0])", faces)


def same_options(got, want):
    assert len(got) == len(want), (got, want)
    for g, w in zip(got, want):
        assert set(g) == set(w), (g, w)
        for k in w:
            if isinstance(w[k], float):
                assert g[k] == pytest.approx(w[k], abs=1e-9), (k, g, w)
            else:
                assert g[k] == w[k], (k, g, w)


def text(browser, css):
    return browser.find_element(By.CSS_SELECTOR, css).text.strip()


def visible_dice(browser):
    return [b for b in browser.find_elements(By.CSS_SELECTOR, "#dice .die") if b.is_displayed()]


def faces(browser):
    return [int(b.get_attribute("data-face")) for b in visible_dice(browser)]


def scorable(browser):
    return [tr.get_attribute("data-box") for tr in browser.find_elements(By.CSS_SELECTOR, "#card-you tr.can-score")]


def box_cell(browser, who, box):
    return text(browser, f"#card-{who} tr[data-box={box}] td.score")


def game_log(browser):
    # Read in one script: the page may redraw the log between two element reads (stale).
    return browser.execute_script(
        "return [...document.querySelectorAll('#log li')].map((li) => li.innerText.trim()).reverse()")  # oldest first


def open_game(browser, server, rules):
    browser.get_log("browser")
    # The engine's steps without their pause (the URL's step=0), as a player may ask.
    browser.get(server + "/play?" + urllib.parse.urlencode({"rules": rules, "step": 0}))
    # The table of these rules may still be building: the page waits and retries. The
    # bound is generous: in the suite these tests share two cores with the Python tests,
    # and the server may first finish a build an earlier test asked for (every house rule's
    # table, 4 s alone, once took more than 90 s to show there).
    WebDriverWait(browser, 300).until(lambda d: d.find_element(By.ID, "roll").is_enabled())


def roll(browser):
    browser.find_element(By.ID, "roll").click()
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.ID, "hint").text.startswith("Best:"))


def test_house_rule_switches_make_the_canonical_rules_name(browser, server, data_dir):
    names = {r["name"] for r in cli("rules", "--json", data_dir=data_dir)}
    browser.get_log("browser")
    browser.get(server + "/play?rules=forced")
    wait = WebDriverWait(browser, 90)
    wait.until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    for switch in ["mega-yahtzee", "fool-house"]:  # clicked out of order on purpose
        browser.find_element(By.ID, "house-" + switch).click()
    browser.find_element(By.ID, "new-game").click()
    wait.until(lambda d: "New game: forced+fool-house+mega-yahtzee. You start." in game_log(d))
    assert "forced+fool-house+mega-yahtzee" in names
    assert urllib.parse.unquote(browser.current_url).endswith("?rules=forced+fool-house+mega-yahtzee")
    # The name in the URL sets the switches back.
    browser.get(server + "/play?rules=" + urllib.parse.quote("yatzy+mulligan+chance-chance+fool-house+mega-yahtzee"))
    wait.until(lambda d: d.find_element(By.ID, "house-mega-yahtzee").is_selected())
    assert all(browser.find_element(By.ID, "house-" + s).is_selected()
               for s in ["mulligan", "chance-chance", "fool-house", "mega-yahtzee"])
    assert Select(browser.find_element(By.ID, "rules")).first_selected_option.text == "yatzy"
    assert "yatzy+mulligan+chance-chance+fool-house+mega-yahtzee" in names
    assert not script_errors(browser)


def test_fool_house_forces_a_natural_full_house_for_you_and_the_engine(recorded, server, data_dir):
    browser = recorded
    open_game(browser, server, "forced+fool-house")
    assert browser.find_element(By.ID, "house-fool-house").is_selected()
    assert not browser.find_element(By.ID, "forced").is_displayed()
    rig(browser, [2, 2, 2, 3, 3] + [5, 5, 5, 6, 6])  # your first roll, then the engine's
    roll(browser)
    assert faces(browser) == [2, 2, 2, 3, 3]
    forced = browser.find_element(By.ID, "forced")
    assert forced.is_displayed() and "2 2 2 3 3" in forced.text and "must be scored" in forced.text
    # No keep, no reroll: the dice do not keep, the roll button is off; only Full House scores.
    assert not browser.find_element(By.ID, "roll").is_enabled()
    visible_dice(browser)[0].click()
    assert not browser.find_elements(By.CSS_SELECTOR, "#dice .die.kept")
    assert scorable(browser) == ["full_house"]
    browser.find_element(By.CSS_SELECTOR, "#card-you tr[data-box=sixes]").click()
    assert box_cell(browser, "you", "sixes") == ""
    # The page's advice is the engine's: Full House only, at its expected total.
    want = cli("advise", "--house", "fool-house", "--dice", "22233", "--rolls-left", "2", "--json", data_dir=data_dir)
    assert [o["category"] for o in want["options"]] == ["full_house"]
    assert text(browser, "#hint") == f"Best: Full house (25) — expected final total {want['expected_final']:.2f}"
    browser.find_element(By.CSS_SELECTOR, "#card-you tr[data-box=full_house]").click()
    assert text(browser, "#feedback") == "Full house (25): best move"
    assert box_cell(browser, "you", "full_house") == "25"

    # The engine rolls 5 5 5 6 6 and must score it in Full House too.
    wait = WebDriverWait(browser, 60)
    wait.until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    log = game_log(browser)
    assert "Engine rolls 5 5 5 6 6" in log
    assert "Fool house: 5 5 5 6 6 must go in Full house" in log
    assert log[-1] == "Engine scores Full house (25)"
    assert box_cell(browser, "engine", "full_house") == "25"
    engine = [c for c in advice_calls(browser) if c["body"]["dice"] == "55566"]
    assert engine and engine[0]["body"]["scorecard"] == "" and engine[0]["body"]["rolls_left"] == 2
    want = cli("advise", "--house", "fool-house", "--dice", "55566", "--rolls-left", "2", "--json", data_dir=data_dir)
    same_options(engine[0]["answer"]["options"], want["options"])

    # With Full House filled, a full house is an ordinary roll: keep and reroll as usual.
    rig(browser, [4, 4, 4, 1, 1])
    roll(browser)
    assert not browser.find_element(By.ID, "forced").is_displayed()
    assert browser.find_element(By.ID, "roll").is_enabled()
    visible_dice(browser)[0].click()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#dice .die.kept")) == 1
    assert "full_house" not in scorable(browser) and len(scorable(browser)) > 1
    assert not script_errors(browser)


def test_mega_yahtzee_the_sixth_die_for_you_and_the_engine(recorded, server, data_dir):
    browser = recorded
    wait = WebDriverWait(browser, 60)
    open_game(browser, server, "forced+mega-yahtzee")
    # Before the first roll: the question, with which is better and what the other costs.
    start = cli("advise", "--house", "mega-yahtzee", "--json", data_dir=data_dir)
    take, five = start["options"]
    assert take["sixth_die"] is True and five["sixth_die"] is False
    wait.until(lambda d: d.find_element(By.ID, "sixth-die").is_displayed())
    wait.until(lambda d: d.find_element(By.ID, "hint").text.startswith("Best:"))
    assert text(browser, "#hint") == (f"Best: take the sixth die — expected final total {start['expected_final']:.2f}; "
                                      f"rolling five dice costs {five['loss']:.2f} points")
    assert len(visible_dice(browser)) == 5
    assert "in hand" in text(browser, "#card-you tr.mega-bonus td.label")

    browser.find_element(By.ID, "sixth-die").click()
    assert text(browser, "#feedback") == "Take the sixth die: best move"
    assert not browser.find_element(By.ID, "sixth-die").is_displayed()
    assert len(visible_dice(browser)) == 6
    assert text(browser, "#roll") == "Roll six dice"

    # Six dice rolled and kept: 6 6 6 6 6 2, keep the five sixes, reroll the 2 into a 6.
    rig(browser, [6, 6, 6, 6, 6, 2, 6])
    roll(browser)
    assert faces(browser) == [6, 6, 6, 6, 6, 2]
    want = cli("advise", "--house", "mega-yahtzee", "--dice", "666662", "--rolls-left", "2", "--json", data_dir=data_dir)
    call = [c for c in advice_calls(browser) if c["body"].get("dice") == "666662" and c["body"]["rolls_left"] == 2]
    # During the turn the card is the turn's start (the die in hand); six dice say it is taken.
    assert call and call[0]["body"]["scorecard"] == ""
    same_options(call[0]["answer"]["options"], want["options"])
    assert want["options"][0]["keep"] == [6, 6, 6, 6, 6]
    for die in visible_dice(browser)[:5]:
        die.click()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#dice .die.kept")) == 5
    browser.find_element(By.ID, "roll").click()
    wait.until(lambda d: d.find_element(By.ID, "hint").text.startswith("Best:"))
    assert faces(browser) == [6] * 6
    assert text(browser, "#feedback") == "Keep 6 6 6 6 6: best move"
    # Each box shows the five dice it scores, from the API's "scored".
    want = cli("advise", "--house", "mega-yahtzee", "--dice", "666666", "--rolls-left", "0", "--json", data_dir=data_dir)
    for o in want["options"]:
        if "score" not in o:
            continue
        row = f"#card-you tr[data-box={o['category']}]"
        assert text(browser, row + " td.score") == str(o["score"])
        assert text(browser, row + " .five") == " ".join(map(str, o["scored"]))
    browser.find_element(By.CSS_SELECTOR, "#card-you tr[data-box=yahtzee]").click()
    assert box_cell(browser, "you", "yahtzee") == "50"
    assert text(browser, "#card-you tr.mega-bonus td.score") == "1000"
    assert text(browser, "#total-you") == "1050"
    assert "You score Yahtzee (50) with 6 6 6 6 6 + 1000 Mega bonus" in game_log(browser)

    # The engine's first turn: its advice says take the sixth die (the CLI's answer), and it does.
    wait.until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    calls = advice_calls(browser)
    question = [i for i, c in enumerate(calls) if "dice" not in c["body"]]
    assert [calls[i]["body"]["scorecard"] for i in question] == ["", ""]  # yours, then the engine's
    same_options(calls[question[1]]["answer"]["options"], start["options"])
    assert "Engine takes the sixth die for this turn" in game_log(browser)
    later = calls[question[1] + 1:]
    assert later and all(len(c["body"]["dice"]) == 6 and "mega" not in c["body"]["scorecard"] for c in later)
    assert "used" in text(browser, "#card-engine tr.mega-bonus td.label")

    # Your second turn: no question; the card sent says the die is used and the bonus earned.
    assert not browser.find_element(By.ID, "sixth-die").is_displayed()
    assert text(browser, "#hint") == "Roll the dice to start your turn."
    rig(browser, [1, 2, 3, 4, 6])
    roll(browser)
    assert len(visible_dice(browser)) == 5
    mine = advice_calls(browser)[-2:]
    card = "yahtzee=50 mega=used mega_bonus=1000"
    assert {c["body"]["scorecard"] for c in mine} == {card}
    want = cli("advise", "--house", "mega-yahtzee", "--scorecard", card, "--dice", "12346", "--rolls-left", "2",
               "--json", data_dir=data_dir)
    got = [c for c in mine if c["body"]["rolls_left"] == 2][0]["answer"]
    same_options(got["options"], want["options"])
    assert got["points_so_far"] == 1050
    # ... and the engine's card says "mega=used" on its next turn, without the question.
    browser.find_elements(By.CSS_SELECTOR, "#card-you tr.can-score")[0].click()
    n = len(advice_calls(browser))
    wait.until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    engine = advice_calls(browser)[n:]
    assert engine and all("dice" in c["body"] and len(c["body"]["dice"]) == 5 for c in engine)
    assert all(" mega=used" in c["body"]["scorecard"] for c in engine)
    assert not script_errors(browser)


def test_mega_yahtzee_rolling_five_dice_is_judged_and_an_odd_answer_is_shown(recorded, server, data_dir):
    browser = recorded
    open_game(browser, server, "forced+mega-yahtzee")
    wait = WebDriverWait(browser, 60)
    wait.until(lambda d: d.find_element(By.ID, "hint").text.startswith("Best:"))
    five = cli("advise", "--house", "mega-yahtzee", "--json", data_dir=data_dir)["options"][1]
    rig(browser, [1, 1, 2, 3, 5])
    roll(browser)
    assert text(browser, "#feedback") == (f"Roll five dice (the sixth die kept for later): "
                                          f"cost {five['loss']:.2f} points of expected score")
    assert len(visible_dice(browser)) == 5
    assert all(c["body"]["scorecard"] == "" for c in advice_calls(browser))

    # A server answer without the two choices is a readable error, and "Try again" recovers.
    browser.execute_script("""
      const real = window.fetch;
      window.fetch = (url, init) => (init && init.body && !JSON.parse(init.body).dice)
        ? Promise.resolve(new Response('{"options": []}', { headers: { 'Content-Type': 'application/json' } }))
        : real(url, init);
      window.restoreFetch = () => { window.fetch = real; };
    """)
    browser.find_element(By.ID, "new-game").click()
    wait.until(lambda d: d.find_element(By.ID, "error").is_displayed())
    assert text(browser, "#error") == 'unexpected answer from the server to "take the sixth die?"'
    browser.execute_script("window.restoreFetch()")
    browser.find_element(By.ID, "retry").click()
    wait.until(lambda d: d.find_element(By.ID, "hint").text.startswith("Best: take the sixth die"))
    assert not browser.find_element(By.ID, "error").is_displayed()
    assert browser.find_element(By.ID, "sixth-die").is_displayed()
    assert not script_errors(browser)


def test_six_dice_fit_a_phone_sized_screen(server):
    from conftest import chromium_driver

    phone = chromium_driver(390, 844)
    try:
        open_game(phone, server, "forced+mega-yahtzee")
        WebDriverWait(phone, 60).until(lambda d: d.find_element(By.ID, "sixth-die").is_displayed())
        phone.find_element(By.ID, "sixth-die").click()
        assert len(visible_dice(phone)) == 6
        tops = {d.rect["y"] for d in visible_dice(phone)}
        assert len(tops) == 1, "six dice in one row"
        width = phone.execute_script("return document.documentElement.scrollWidth")
        assert width <= phone.execute_script("return window.innerWidth"), "no sideways scrolling"
    finally:
        phone.quit()


def test_a_whole_game_with_every_house_rule(browser, server):
    browser.get_log("browser")
    open_game(browser, server, "forced+mulligan+chance-chance+fool-house+mega-yahtzee")
    wait = WebDriverWait(browser, 60)
    for turn in range(13):
        wait.until(lambda d: d.find_element(By.ID, "roll").is_enabled())
        if turn == 0:
            wait.until(lambda d: d.find_element(By.ID, "sixth-die").is_displayed())
            browser.find_element(By.ID, "sixth-die").click()
        browser.find_element(By.ID, "roll").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#card-you tr.can-score"))
        if turn == 0:
            assert len(visible_dice(browser)) == 6
        browser.find_elements(By.CSS_SELECTOR, "#card-you tr.can-score")[0].click()
        wait.until(lambda d: d.find_element(By.ID, "feedback").text.strip())
    wait.until(lambda d: d.find_element(By.ID, "result").is_displayed() and d.find_element(By.ID, "result").text)
    log = game_log(browser)
    assert log.count("Engine takes the sixth die for this turn") == 1
    assert log.count("You take the sixth die for this turn") == 1
    # Each total is the sum of the card's cells (boxes, upper bonus, Yahtzee and Mega bonuses).
    for who in ["you", "engine"]:
        cells = [c.text for c in browser.find_elements(By.CSS_SELECTOR, f"#card-{who} tbody td.score")]
        assert int(text(browser, f"#total-{who}")) == sum(int(c) for c in cells if c)
    assert not script_errors(browser)


# "Say why" (issue 38): 45 in the upper boxes, Sixes open, 6 6 6 1 2 after the last roll.
# Hand-checked: 18 in Sixes makes the upper total 63, so the best option has the bonus for
# sure, and every other box leaves it to chance.
WHY_CARD = "ones=3 twos=6 threes=9 fours=12 fives=15"


def explanation(d):
    """The best option's parts under the options, and each other option's line under it."""
    best = d.find_elements(By.ID, "explain-best")
    lines = [tr.text.strip() for tr in d.find_elements(By.CSS_SELECTOR, "#options tr.why")]
    return (best[0].text.strip() if best else None), lines


def script_errors(d):
    """Severe log entries but the server's 503s while it builds the companion table (the
    page asks again until it is there)."""
    return [e for e in severe_errors(d) if "status of 503" not in e["message"]]


def test_say_why_shows_where_the_totals_come_from(browser, server, data_dir):
    # The first question with "why" builds the companion table on the server (seconds).
    browser.get_log("browser")
    browser.get(server + "/?" + urllib.parse.urlencode(
        {"rules": "forced", "card": WHY_CARD, "dice": "66612", "rolls": 0, "why": 1}))
    wait_advice(browser, timeout=120)
    WebDriverWait(browser, 120).until(lambda d: explanation(d)[0])
    best, lines = explanation(browser)
    want = cli("advise", "--scorecard", WHY_CARD, "--dice", "66612", "--rolls-left", "0",
               "--explain", "--json", data_dir=data_dir)
    top = want["options"][0]
    assert top["category"] == "sixes"
    assert best == f"Where #1's {want['expected_final']:.2f} comes from: " + ", ".join(top["explain"]["words"])
    assert "Sixes 18.0" in best and "upper bonus 100%" in best
    shown = rows(browser)
    assert len(lines) == len(shown) - 1
    for line, o in zip(lines, want["options"][1:]):
        assert line == "against #1: " + ", ".join(o["explain"]["why"])
    # Writing the 6 6 6 anywhere else leaves the bonus to chance: the first reason given.
    three = shown.index(next(r for r in shown if r["choice"].startswith("Three of a kind")))
    assert lines[three - 1].startswith("against #1: upper bonus ") and lines[three - 1].split(", ")[0].endswith("instead of 100%")
    assert not script_errors(browser)

    # Off: no explanation; on again by the checkbox, the same one.
    browser.find_element(By.ID, "explain").click()
    WebDriverWait(browser, 20).until(lambda d: explanation(d) == (None, []))
    assert "why=1" not in browser.current_url
    browser.find_element(By.ID, "explain").click()
    WebDriverWait(browser, 20).until(lambda d: explanation(d) == (best, lines))
    assert "why=1" in browser.current_url

    # A question it does not cover says so instead (playing to beat an opponent, late in
    # the game as test_chance_to_beat_an_opponent plays it).
    card = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 four_of_a_kind=20 full_house=25 small_straight=30"
    opponent = card.replace("three_of_a_kind=20", "three_of_a_kind=25") + " large_straight=40"
    open_position(browser, server, rules="forced", card=card, dice="66612", rolls=1, opp=opponent, why=1)
    WebDriverWait(browser, 60).until(lambda d: d.find_element(By.ID, "explain-note").text.startswith(
        "Say why covers play for the highest expected score"))
    assert explanation(browser) == (None, [])
    assert rows(browser)[0]["choice"] == "keep 6 6 6"
    assert not script_errors(browser)


def test_say_why_fits_a_phone_sized_screen(server):
    from conftest import chromium_driver

    phone = chromium_driver(390, 844)
    try:
        phone.get(server + "/?" + urllib.parse.urlencode(
            {"rules": "forced", "card": WHY_CARD, "dice": "66612", "rolls": 0, "why": 1}))
        wait_advice(phone, timeout=120)
        WebDriverWait(phone, 120).until(lambda d: explanation(d)[0])
        best, lines = explanation(phone)
        assert "upper bonus 100%" in best and lines
        width = phone.execute_script("return document.documentElement.scrollWidth")
        assert width <= phone.execute_script("return window.innerWidth"), "no sideways scrolling"
    finally:
        phone.quit()
