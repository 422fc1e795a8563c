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
        assert width <= inner, "no sideways scrolling"
        assert rows(phone)[0]["choice"] == "keep 3 3"
    finally:
        phone.quit()


def test_a_whole_game_against_the_engine(browser, server):
    browser.get_log("browser")  # drop what earlier tests logged
    browser.get(server + "/play?rules=forced")
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
