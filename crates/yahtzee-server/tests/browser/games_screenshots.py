#!/usr/bin/env python3
"""Screenshots of the Triple Yahtzee and Yahtzix pages for the docs (docs/triple.png,
docs/yahtzix.png): a Triple Yahtzee game a few turns in, with the hint and the moves on the
card, and a Yahtzix race to 1,000 (the page's default is 2,000; the server solves 1,000
first, about 10 s) against the optimal bot. Dice are dealt through the pages' test hook
(window.yahtzeeTestDice).

  target/pyenv/bin/python crates/yahtzee-server/tests/browser/games_screenshots.py [OUT_DIR]

Needs the CLI (`$YAHTZEE_BIN`, else target/release/yahtzee), chromium and chromium-driver,
and selenium. OUT_DIR defaults to docs/.
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


try:
    d = chromium_driver(1200, 1250)
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

    d.get(url + "/yahtzix.html?target=1000")
    d.execute_script("window.yahtzeeStepMs = 150")
    # The first question at 1,000 has the server solve the game: the page shows "building".
    WebDriverWait(d, 120).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#play-options button.choose"))
    rig(d, [1, 1, 1, 5, 2, 3])
    d.find_element(By.CSS_SELECTOR, "#play-options button.choose").click()
    WebDriverWait(d, 30).until(lambda d: "roll 1 of 3" in d.find_element(By.ID, "turn-info").text)
    WebDriverWait(d, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#play-options button.choose"))
    # Bank 40; the bot's turn (it may go for it on the 2 dice left), then your roll.
    rig(d, [3, 3, 4, 4, 6, 2, 1, 5, 5, 3, 6, 6])
    bank = [b for b in d.find_elements(By.CSS_SELECTOR, "#play-options button.choose") if b.text.startswith("bank")]
    bank[0].click()
    # The bot's turn, then yours: before it (go for it, or roll fresh), then the roll.
    WebDriverWait(d, 60).until(lambda d: "Bot" in d.find_element(By.ID, "log").text
                               and d.find_element(By.ID, "turn-info").text.startswith("Your turn")
                               and d.find_elements(By.CSS_SELECTOR, "#play-options button.choose"))
    d.find_elements(By.CSS_SELECTOR, "#play-options button.choose")[-1].click()
    WebDriverWait(d, 60).until(lambda d: "of 3" in d.find_element(By.ID, "turn-info").text
                               and d.find_element(By.ID, "turn-info").text.startswith("Your turn")
                               and d.find_elements(By.CSS_SELECTOR, "#play-options button.choose"))
    shoot(d, "yahtzix.png")
    print(d.find_element(By.ID, "log").text)
    d.quit()
finally:
    server.terminate()
