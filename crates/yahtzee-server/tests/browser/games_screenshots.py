#!/usr/bin/env python3
"""Screenshots of the Triple Yahtzee, Yahtzix and Painted Yahtzee pages for the docs
(docs/triple.png, docs/yahtzix.png, docs/painted.png): a Triple Yahtzee game a few turns
in, with the hint and the moves on the card; a Yahtzix race to 1,000 (the page's default is
2,000; the server solves 1,000 first, about 10 s) at a table of four, you in seat 2 against
three bots; a Painted Yahtzee game four turns in, the sixes kept, with the hint and the
boxes on the card. Dice are dealt through the pages' test hook (window.yahtzeeTestDice).

  target/pyenv/bin/python crates/yahtzee-server/tests/browser/games_screenshots.py [OUT_DIR [PAGE...]]

PAGE: triple, yahtzix, painted (default: all three). Needs the CLI (`$YAHTZEE_BIN`, else
target/release/yahtzee), chromium and chromium-driver, and selenium. OUT_DIR defaults to
docs/.
"""

import os
import pathlib
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[3]
sys.path.insert(0, str(HERE))
from conftest import chromium_driver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs"
pages = sys.argv[2:] or ["triple", "yahtzix", "painted"]
assert set(pages) <= {"triple", "yahtzix", "painted"}, pages
binary = os.environ.get("YAHTZEE_BIN", str(ROOT / "target" / "release" / "yahtzee"))
data = tempfile.mkdtemp(prefix="yahtzee-shots-")
subprocess.run([binary, "solve", "--quiet"], check=True, capture_output=True,
               env={**os.environ, "YAHTZEE_DATA_DIR": data})
server = subprocess.Popen([binary, "serve", "--port", "0", "--data-dir", data], stdout=subprocess.PIPE, text=True)
url = server.stdout.readline().split()[-1]


def rig(d, faces):
    d.execute_script("window.yahtzeeTestDice = (window.yahtzeeTestDice || []).concat(arguments[0])", faces)


def triple_roll(d, faces):
    rig(d, faces)
    d.find_element(By.ID, "roll").click()
    WebDriverWait(d, 60).until(lambda d: d.find_element(By.ID, "hint").text.startswith("Hint:")
                               and d.find_elements(By.CSS_SELECTOR, "#tcard button"))


def triple_score(d, column, box):
    d.find_element(By.CSS_SELECTOR, f"#tcard td[data-column='{column}'][data-box='{box}'] button").click()
    WebDriverWait(d, 30).until(lambda d: d.find_element(By.ID, "roll").is_enabled())


def keep(d, *indexes):
    for i in indexes:
        d.find_element(By.CSS_SELECTOR, f"#dice .die[data-index='{i}']").click()


def shoot(d, name):
    time.sleep(0.4)
    d.save_screenshot(str(out / name))
    print("wrote", out / name)


def triple(d):
    d.get(url + "/triple.html")
    WebDriverWait(d, 60).until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    triple_roll(d, [6, 6, 6, 6, 6])
    triple_score(d, 3, "yahtzee")
    triple_roll(d, [2, 3, 4, 5, 1])
    triple_score(d, 3, "large_straight")
    triple_roll(d, [5, 5, 5, 2, 2])
    triple_score(d, 2, "full_house")
    triple_roll(d, [4, 4, 1, 3, 6])
    keep(d, 0, 1)
    triple_roll(d, [4, 2, 4])
    shoot(d, "triple.png")


def yahtzix(d):
    # Yahtzix at a table of four, you in seat 2: the bots ask the API with every score.
    d.get(url + "/yahtzix.html?target=1000&players=4&seat=1")
    d.execute_script("window.yahtzeeStepMs = 60")
    # Seat 1's first roll: triple 1s and a 5.
    rig(d, [1, 1, 1, 5, 2, 3])

    def your_choices(d):
        return d.find_elements(By.CSS_SELECTOR, "#play-options button.choose")

    def roll_fresh(d):
        [b for b in your_choices(d) if b.text.startswith("roll six")][0].click()

    # The first question at 1,000 has the server solve the game: the page shows "building".
    # Your first turn: six fresh dice, 4 4 4 1 5 2, then the best options.
    WebDriverWait(d, 120).until(your_choices)
    rig(d, [4, 4, 4, 1, 5, 2])
    roll_fresh(d)
    for _ in range(12):
        WebDriverWait(d, 60).until(lambda d: your_choices(d) or "Your turn" not in d.find_element(By.ID, "turn-info").text)
        if "Your turn" not in d.find_element(By.ID, "turn-info").text:
            break
        your_choices(d)[0].click()
        time.sleep(0.3)
    # The bots' turns, then your second turn's first roll.
    WebDriverWait(d, 120).until(lambda d: d.find_element(By.ID, "turn-info").text.startswith("Your turn") and your_choices(d))
    rig(d, [1, 5, 5, 3, 3, 3])
    roll_fresh(d)
    WebDriverWait(d, 60).until(lambda d: "of 3" in d.find_element(By.ID, "turn-info").text
                               and d.find_element(By.ID, "turn-info").text.startswith("Your turn")
                               and your_choices(d))
    shoot(d, "yahtzix.png")
    print(d.find_element(By.ID, "log").text)


def painted_idle(d):
    WebDriverWait(d, 60).until(lambda d: d.execute_script(
        "const g = window.paintedGame(); return !g.busy && g.advice !== null"))


def painted_roll(d, dice):
    d.execute_script("window.yahtzeeTestDice = arguments[0].split(' ')", dice)
    d.find_element(By.ID, "roll").click()
    painted_idle(d)


def painted_score(d, box):
    d.find_element(By.CSS_SELECTOR, f"#pcard td[data-box='{box}'] button").click()
    WebDriverWait(d, 30).until(lambda d: d.find_element(By.ID, "roll").is_enabled())


def painted(d):
    # Four turns of a seeded game: a Yahtzee of sixes in every colour, a blue flush, a
    # painted house (three green, two purple) and, now, three red and blue sixes kept.
    d.get(url + "/painted.html?seed=7")
    WebDriverWait(d, 60).until(lambda d: d.find_element(By.ID, "roll").is_enabled())
    painted_roll(d, "6r 6y 6g 6b 6p")
    painted_score(d, "yahtzee")
    painted_roll(d, "3b 3b 5b 2b 6b")
    painted_score(d, "flush")
    painted_roll(d, "2g 2g 2g 5p 5p")
    painted_score(d, "painted_house")
    painted_roll(d, "6r 6r 3y 1g 6b")
    keep(d, 0, 1, 4)
    painted_roll(d, "4r 2p")
    shoot(d, "painted.png")


try:
    for page in pages:
        # The Painted Yahtzee card has 23 boxes: a taller window.
        d = chromium_driver(1200, 1560 if page == "painted" else 1250)
        globals()[page](d)
        d.quit()
finally:
    server.terminate()
