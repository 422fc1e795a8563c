"""The Painted Yahtzee page (web/painted.html) in headless Chromium against `yahtzee serve`:
positions from the URL and entered by clicks whose options are the API's answer option for
option, a bad dice input's one-line error, the seed deciding the dice, a whole game played
by clicking (the page's advice the API's, each box's points the API's, each decision's
cost the API's loss, the final total the sum of the points, a reload going on with the
same position), and a phone-sized screen."""

import json
import time
import urllib.error
import urllib.parse
import urllib.request

from conftest import chromium_driver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

LABELS = {
    "ones": "Ones", "twos": "Twos", "threes": "Threes", "fours": "Fours", "fives": "Fives", "sixes": "Sixes",
    "three_of_a_kind": "Three of a kind", "four_of_a_kind": "Four of a kind", "full_house": "Full house",
    "small_straight": "Small straight", "large_straight": "Large straight", "yahtzee": "Yahtzee",
    "chance": "Chance", "red": "Red", "yellow": "Yellow", "green": "Green", "blue": "Blue", "purple": "Purple",
    "four_of_a_color": "Four of a color", "painted_house": "Painted house", "rainbow": "Rainbow",
    "flush": "Flush", "palette": "Palette",
}
BOXES = list(LABELS)


def post(server, body):
    req = urllib.request.Request(server + "/api/painted/advise", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.loads(r.read())


def advice(server, card, dice, rolls_left):
    """The API's answer, waiting out a 503 "building" (the first question opens the tables)."""
    body = {"game": "painted", "card": card, "dice": dice, "rolls_left": rolls_left}
    for _ in range(120):
        try:
            return post(server, body)
        except urllib.error.HTTPError as e:
            assert e.code == 503, e.read()
            time.sleep(1)
    raise AssertionError("never ready")


def refusal(server, dice):
    """The API's one-line error for a bad dice input."""
    try:
        post(server, {"game": "painted", "dice": dice, "rolls_left": 2})
    except urllib.error.HTTPError as e:
        assert e.code == 400
        return json.loads(e.read())["error"]
    raise AssertionError(f"{dice!r} was answered")


def script_errors(browser):
    """Severe browser log entries but the 503s of the tables being opened and the 400s the
    bad-input tests ask for (the page shows those as its error line)."""
    return [e for e in browser.get_log("browser") if e["level"] == "SEVERE"
            and not (e.get("source") == "network" and ("status of 503" in e["message"]
                                                       or "status of 400" in e["message"]))]


def error_text(browser):
    e = browser.find_element(By.ID, "error")
    return e.text if e.is_displayed() else ""


def open_page(browser, url):
    browser.get_log("browser")
    browser.get(url)


def wait_ready(browser):
    WebDriverWait(browser, 120).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")


def shown_options(browser, table):
    return browser.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' tbody tr.option')].map((tr) => ({"
        " action: tr.dataset.action, keep: tr.dataset.keep === undefined ? null : tr.dataset.keep,"
        " box: tr.dataset.box || null, points: tr.dataset.points ? Number(tr.dataset.points) : null,"
        " choice: tr.querySelector('td.choice').innerText, ev: tr.querySelector('td.ev').innerText.trim(),"
        " loss: tr.querySelector('td.loss').innerText.trim()}))", table)


def words(o):
    """An option as the page writes it (`yahtzee painted`'s words, the box's label)."""
    if o["action"] == "keep":
        n = len(o["keep"].split())
        return "reroll all" if n == 0 else "keep all (stop)" if n == 5 else "keep " + o["keep"]
    return f"score {LABELS[o['box']]} ({o['points']}{', joker' if o.get('joker') else ''})"


def assert_same_options(shown, want):
    assert len(shown) == len(want["options"]) > 0
    for row, o in zip(shown, want["options"]):
        assert (row["action"], row["keep"], row["box"], row["points"]) == \
            (o["action"], o.get("keep"), o.get("box"), o.get("points")), (row, o)
        assert "".join(row["choice"].split()) == "".join(words(o).split()), (row, o)
        assert row["ev"] == f"{o['value']:.2f}"
        assert row["loss"] == ("best" if o["loss"] <= 1e-9 else f"-{o['loss']:.2f}")


def assert_shows(browser, want):
    assert_same_options(shown_options(browser, "#options"), want)
    assert f"{want['expected_total']:.2f}" in browser.find_element(By.ID, "expected-final").text
    line = browser.find_element(By.ID, "strategy-line")
    assert line.get_attribute("data-strategy") == want["strategy"]
    assert line.text.startswith("Strategy: " + want["strategy"])


# ---------------------------------------------------------------- advise a position

def test_a_url_position_shows_the_apis_options(browser, server):
    card = "ones=3 red=12 flush=50"
    open_page(browser, server + "/painted.html?" + urllib.parse.urlencode(
        {"mode": "advise", "card": card, "dice": "5r5y2g3b1p", "rolls": 2}))
    wait_ready(browser)
    want = advice(server, card, "5r 5y 2g 3b 1p", 2)
    assert want["strategy"] == "split+corrected"
    assert {o["action"] for o in want["options"]} == {"keep"} and len(want["options"]) == 32
    assert_shows(browser, want)
    assert browser.find_element(By.ID, "dice-text").get_attribute("value") == "5r 5y 2g 3b 1p"
    assert browser.find_element(By.ID, "card-text").get_attribute("value") == card
    dice = browser.find_elements(By.CSS_SELECTOR, "#advise-dice .die")
    assert [(d.get_attribute("data-face"), d.get_attribute("data-colour"), d.text) for d in dice] == \
        [("5", "r", "r"), ("5", "y", "y"), ("2", "g", "g"), ("3", "b", "b"), ("1", "p", "p")]
    # The card's menus hold the card's scores; the total is the API's.
    assert browser.find_element(By.CSS_SELECTOR, "#advise-card select[data-box=red]").get_attribute("value") == "12"
    assert browser.find_element(By.ID, "advise-card").get_attribute("data-total") == str(want["card_points"]) == "65"
    # A reload shows the same position.
    browser.refresh()
    wait_ready(browser)
    assert_shows(browser, want)

    # After the last roll: the boxes, an extra Yahtzee with the bonus and the Joker.
    card = "yahtzee=50 fives=15 red=12"
    open_page(browser, server + "/painted.html?" + urllib.parse.urlencode(
        {"mode": "advise", "card": card, "dice": "5r 5y 5g 5b 5p", "rolls": 0}))
    wait_ready(browser)
    want = advice(server, card, "5r5y5g5b5p", 0)
    assert any(o.get("joker") for o in want["options"])
    assert all(o["action"] == "score" and o["points"] >= 100 for o in want["options"])
    assert_shows(browser, want)
    assert "score Full house (125, joker)" in [r["choice"].strip() for r in shown_options(browser, "#options")]
    assert error_text(browser) == ""
    assert script_errors(browser) == []


def test_a_position_entered_by_clicks(browser, server):
    open_page(browser, server + "/painted.html?mode=advise")
    wait_ready(browser)
    assert browser.find_element(By.ID, "dice-text").get_attribute("value") == "5r 5y 2g 3b 1p"

    def die(i):
        return browser.find_element(By.CSS_SELECTOR, f"#advise-dice .die[data-index='{i}']")

    def colour(i):
        return browser.find_element(By.CSS_SELECTOR, f"#advise-dice button.colour[data-index='{i}']")

    for _ in range(4):          # 2 -> 6
        die(2).click()
    for _ in range(3):          # green -> blue -> purple -> red
        colour(2).click()
    die(0).click()              # 5r -> 6r
    die(4).send_keys("6")       # typed on the die: 1p -> 6p -> 6r
    die(4).send_keys("r")
    colour(1).click()           # 5y -> 5g
    assert [(die(i).get_attribute("data-face"), die(i).get_attribute("data-colour")) for i in range(5)] == \
        [("6", "r"), ("5", "g"), ("6", "r"), ("3", "b"), ("6", "r")]
    assert browser.find_element(By.ID, "dice-text").get_attribute("value") == "6r 5g 6r 3b 6r"
    Select(browser.find_element(By.CSS_SELECTOR, "#advise-card select[data-box=sixes]")).select_by_value("18")
    Select(browser.find_element(By.CSS_SELECTOR, "#advise-card select[data-box=yahtzee]")).select_by_value("50")
    Select(browser.find_element(By.CSS_SELECTOR, "#advise-card select[data-box=flush]")).select_by_value("0")
    Select(browser.find_element(By.CSS_SELECTOR, "#advise-card select[data-box=yahtzee_bonus]")).select_by_value("100")
    Select(browser.find_element(By.ID, "rolls-left")).select_by_value("1")
    card = "sixes=18 yahtzee=50 flush=0 yahtzee_bonus=100"
    assert browser.find_element(By.ID, "card-text").get_attribute("value") == card
    want = advice(server, card, "6r 5g 6r 3b 6r", 1)
    WebDriverWait(browser, 10).until(
        lambda d: [r["keep"] for r in shown_options(d, "#options")] == [o["keep"] for o in want["options"]])
    assert_shows(browser, want)
    assert want["card_points"] == 168
    assert browser.find_element(By.ID, "advise-card").get_attribute("data-total") == "168"
    q = urllib.parse.parse_qs(urllib.parse.urlparse(browser.current_url).query)
    assert q == {"mode": ["advise"], "card": [card], "dice": ["6r5g6r3b6r"], "rolls": ["1"]}

    # Typed dice move the dice on screen; a card typed fills the menus.
    field = browser.find_element(By.ID, "dice-text")
    field.clear()
    field.send_keys("1b 2b 3b 4b 6b")
    card_field = browser.find_element(By.ID, "card-text")
    card_field.clear()
    card_field.send_keys("ones=3 blue=0 palette=22")
    want = advice(server, "ones=3 blue=0 palette=22", "1b2b3b4b6b", 1)
    WebDriverWait(browser, 10).until(
        lambda d: [r["keep"] for r in shown_options(d, "#options")] == [o["keep"] for o in want["options"]])
    assert_shows(browser, want)
    assert [(die(i).get_attribute("data-face"), die(i).get_attribute("data-colour")) for i in range(5)] == \
        [("1", "b"), ("2", "b"), ("3", "b"), ("4", "b"), ("6", "b")]
    assert browser.find_element(By.CSS_SELECTOR, "#advise-card select[data-box=palette]").get_attribute("value") == "22"
    assert browser.find_element(By.CSS_SELECTOR, "#advise-card select[data-box=sixes]").get_attribute("value") == ""
    assert script_errors(browser) == []


def test_a_bad_dice_input_shows_the_one_line_error(browser, server):
    open_page(browser, server + "/painted.html?mode=advise")
    wait_ready(browser)
    field = browser.find_element(By.ID, "dice-text")
    for bad in ["5x 5y 2g 3b 1p", "5r 5y 2g 3b", "7r 5y 2g 3b 1p"]:
        want = refusal(server, bad)
        assert want.startswith("bad dice: ") and "\n" not in want
        field.clear()
        field.send_keys(bad)
        WebDriverWait(browser, 10).until(lambda d: error_text(d) == want)
        assert not browser.find_element(By.ID, "options").is_displayed()
        assert browser.find_element(By.ID, "error").size["height"] < 60, "one line"
    # Put right, the error goes and the advice comes back.
    field.clear()
    field.send_keys("5r 5y 2g 3b 1p")
    wait_ready(browser)
    assert error_text(browser) == ""
    assert_shows(browser, advice(server, "", "5r 5y 2g 3b 1p", 2))
    # A card no roll can make: the server's line too.
    browser.find_element(By.ID, "card-text").send_keys("rainbow=39")
    WebDriverWait(browser, 10).until(lambda d: error_text(d).startswith("bad card: rainbow=39"))
    assert script_errors(browser) == []


# ---------------------------------------------------------------- the game

def game_state(browser):
    return browser.execute_script("return window.paintedGame()")


def wait_idle(browser):
    WebDriverWait(browser, 120).until(
        lambda d: (lambda s: not s["busy"] and s["advice"] is not None)(game_state(d)))
    return game_state(browser)


def dice_text(state):
    return " ".join(state["dice"])


def test_the_seed_decides_the_dice(browser, server):
    first = []
    for seed in [99, 99, 100]:
        open_page(browser, server + f"/painted.html?seed={seed}")
        WebDriverWait(browser, 30).until(lambda d: d.find_element(By.ID, "roll").is_enabled())
        assert browser.find_element(By.ID, "seed").get_attribute("value") == str(seed)
        browser.find_element(By.ID, "roll").click()
        first.append(wait_idle(browser)["dice"])
    assert first[0] == first[1] != first[2]
    assert all(len(d) == 2 and d[0] in "123456" and d[1] in "rygbp" for d in first[0])


def test_a_game_played_to_its_end_by_clicking(browser, server):
    open_page(browser, server + "/painted.html?seed=2024")
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    assert browser.find_element(By.ID, "turn-info").text.startswith("Turn 1 of 23")
    points = 0
    cost = 0.0
    # The first three rolls dealt through the test hook: a Yahtzee of sixes in the Yahtzee
    # box (50), then two more: the first forced into Sixes (30 and the 100 bonus), the
    # second, Sixes taken, a Joker in Full House (25 and 100).
    rigged = {0: "yahtzee", 1: "sixes", 2: "full_house"}
    for turn in range(23):
        assert browser.find_element(By.ID, "turn-info").text.startswith(f"Turn {turn + 1} of 23")
        if turn in rigged:
            browser.execute_script("window.yahtzeeTestDice = ['6r', '6y', '6g', '6b', '6p']")
        browser.find_element(By.ID, "roll").click()
        state = wait_idle(browser)
        card = state["card"]
        assert len(card.split()) == turn + (1 if "yahtzee_bonus" in card else 0)
        # The page's advice is the API's for the position on screen, its best the hint.
        want = advice(server, card, dice_text(state), 2)
        assert state["advice"] == want
        assert browser.find_element(By.ID, "hint").text.startswith("Hint: ")
        assert "".join(browser.find_element(By.ID, "hint").text.split()).startswith(
            "Hint:" + "".join(words(want["options"][0]).split()))
        assert_same_options(shown_options(browser, "#play-options"), {"options": want["options"][:8]})
        assert browser.find_element(By.ID, "play-strategy").get_attribute("data-strategy") == want["strategy"]
        if turn % 2 == 1:
            # Keep the dice the hint marks (the best keep), roll again: they stay.
            marked = browser.find_elements(By.CSS_SELECTOR, "#dice .die.suggested")
            best = want["options"][0]["keep"].split()
            assert sorted(m.get_attribute("data-face") + m.get_attribute("data-colour") for m in marked) == sorted(best)
            kept = {int(m.get_attribute("data-index")) for m in marked}
            for m in marked:
                m.click()
            before = state["dice"]
            browser.find_element(By.ID, "roll").click()
            state = wait_idle(browser)
            assert all(state["dice"][i] == before[i] for i in kept)
            assert browser.find_element(By.ID, "feedback").text == "Best keep."
            want = advice(server, card, dice_text(state), 1)
            assert state["advice"] == want
        if turn == 5:
            # A reload goes on with the same game: card, dice, roll, seed, the dice stream.
            url = browser.current_url
            browser.refresh()
            again = wait_idle(browser)
            for k in ["card", "dice", "rolls", "kept", "total", "seed"]:
                assert again[k] == state[k], k
            assert again["cost"] == state["cost"]
            assert browser.current_url == url
            state = again
        # Every box the dice may go in is a button on the card with the API's points.
        moves = advice(server, card, dice_text(state), 0)
        assert state["moves"] == moves
        buttons = browser.execute_script(
            "return [...document.querySelectorAll('#pcard td[data-box] button')].map((b) =>"
            " [b.closest('td').dataset.box, b.innerText.trim()])")
        assert sorted(buttons) == sorted([o["box"], f"{o['points']}{' J' if o.get('joker') else ''}"]
                                         for o in moves["options"])
        # The best box, or every third turn the worst; its cost is the API's loss, and
        # stopping with rolls left costs the "keep all" option's loss as well.
        chosen = moves["options"][-1 if turn % 3 == 0 else 0]
        if turn in rigged:
            chosen = [o for o in moves["options"] if o["box"] == rigged[turn]][0]
            assert len(moves["options"]) == (23 if turn == 0 else 1 if turn == 1 else 16)  # no upper box
            assert (chosen["points"], chosen.get("joker", False)) == [(50, False), (130, False), (125, True)][turn]
        want_cost = chosen["loss"]
        if state["rolls"] < 3:
            stop = [o for o in state["advice"]["options"] if len(o["keep"].split()) == 5][0]
            if stop["loss"] > 1e-9:
                want_cost += stop["loss"]
        browser.find_element(By.CSS_SELECTOR, f"#pcard td[data-box='{chosen['box']}'] button").click()
        feedback = browser.find_element(By.ID, "feedback").text
        if want_cost < 1e-9:
            assert feedback.startswith("Best move: " + words(chosen)), feedback
        else:
            assert feedback.startswith(f"{words(chosen)} costs {want_cost:.2f} expected points"), feedback
        points += chosen["points"]
        cost += want_cost
        assert browser.find_element(By.ID, "pcard").get_attribute("data-total") == str(points)
        assert browser.find_element(By.CSS_SELECTOR, f"#pcard td[data-box='{chosen['box']}']").text.isdigit()
        if turn == 2:
            assert game_state(browser)["card"] == "sixes=30 full_house=25 yahtzee=50 yahtzee_bonus=200"
            assert browser.find_element(By.CSS_SELECTOR, "#pcard td[data-box='yahtzee_bonus']").text == "200"
    result = browser.find_element(By.ID, "result")
    WebDriverWait(browser, 10).until(lambda d: result.is_displayed())
    assert result.get_attribute("data-total") == str(points)
    assert result.text.startswith(f"Game over: {points} points (your decisions cost {cost:.2f} expected points)")
    state = game_state(browser)
    assert state["over"] and state["total"] == points
    assert sorted(p.split("=")[0] for p in state["card"].split() if not p.startswith("yahtzee_bonus")) == sorted(BOXES)
    assert not browser.find_element(By.ID, "roll").is_enabled()
    assert error_text(browser) == ""
    assert script_errors(browser) == []


def test_the_page_fits_a_phone(server):
    phone = chromium_driver(390, 844)
    try:
        for q in ["mode=advise&card=ones%3D3&dice=5r5y2g3b1p&rolls=2", "seed=5"]:
            phone.get(server + "/painted.html?" + q)
            if "advise" in q:
                wait_ready(phone)
            else:
                WebDriverWait(phone, 30).until(lambda d: d.find_element(By.ID, "roll").is_enabled())
                phone.find_element(By.ID, "roll").click()
                wait_idle(phone)
            assert phone.execute_script("return window.innerWidth") == 390
            assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        phone.quit()


def test_the_page_is_served_and_in_every_menu(browser, server):
    with urllib.request.urlopen(server + "/painted", timeout=10) as r:
        assert r.status == 200 and "<h1>Painted Yahtzee</h1>" in r.read().decode()
    # Yahtzix at 300: its default, 2,000, would start a 1.3 GB build the test has no use for.
    for page in ["/", "/play.html", "/triple.html", "/yahtzix.html?target=300"]:
        open_page(browser, server + page)
        link = browser.find_element(By.CSS_SELECTOR, "nav.games a[href='painted.html']")
        assert link.text == "Painted Yahtzee"
