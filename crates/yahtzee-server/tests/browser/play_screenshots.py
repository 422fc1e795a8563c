#!/usr/bin/env python3
"""Screenshots of the game page's house rules for the README (docs/play-*.png): a natural
full house under fool-house, the sixth-die question, a turn with six dice and the Mega
bonus (mega-yahtzee). Dice are dealt through the page's test hook (window.yahtzeeTestDice).

  target/pyenv/bin/python crates/yahtzee-server/tests/browser/play_screenshots.py [OUT_DIR]

Needs the CLI (`$YAHTZEE_BIN`, else target/release/yahtzee), chromium and chromium-driver,
and selenium (scripts/test.sh installs them). OUT_DIR defaults to docs/.
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
server = subprocess.Popen([binary, "serve", "--port", "0", "--data-dir", data], stdout=subprocess.PIPE, text=True)
url = server.stdout.readline().split()[-1]


def rig(d, faces):
    d.execute_script("window.yahtzeeTestDice = (window.yahtzeeTestDice || []).concat(arguments[0])", faces)


def wait_roll(d):
    WebDriverWait(d, 120).until(lambda d: d.find_element(By.ID, "roll").is_enabled())


def roll(d, faces):
    rig(d, faces)
    d.find_element(By.ID, "roll").click()
    WebDriverWait(d, 60).until(lambda d: d.find_element(By.ID, "hint").text.startswith("Best:"))


def score(d, box):
    d.find_element(By.CSS_SELECTOR, f"#card-you tr[data-box={box}]").click()
    wait_roll(d)


def shoot(d, name):
    time.sleep(0.3)
    d.save_screenshot(str(out / name))
    print("wrote", out / name)


try:
    d = chromium_driver()
    # fool-house: two ordinary turns, then 3 3 3 5 5 with Full House open.
    d.get(url + "/play?rules=forced%2Bfool-house")
    wait_roll(d)
    roll(d, [1, 3, 3, 4, 6])
    score(d, "threes")
    roll(d, [2, 4, 4, 4, 6])
    score(d, "fours")
    roll(d, [3, 3, 3, 5, 5])
    shoot(d, "play-fool-house.png")

    # mega-yahtzee: two turns of five dice, the question, then a turn with six dice.
    d.get(url + "/play?rules=forced%2Bmega-yahtzee")
    WebDriverWait(d, 120).until(lambda d: d.find_element(By.ID, "hint").text.startswith("Best:"))
    roll(d, [1, 2, 3, 4, 5])
    score(d, "large_straight")
    WebDriverWait(d, 60).until(lambda d: d.find_element(By.ID, "hint").text.startswith("Best:"))
    roll(d, [2, 2, 5, 6, 6])
    score(d, "twos")
    WebDriverWait(d, 60).until(lambda d: d.find_element(By.ID, "hint").text.startswith("Best:"))
    shoot(d, "play-mega-question.png")
    d.find_element(By.ID, "sixth-die").click()
    roll(d, [5, 5, 2, 5, 3, 1])
    dice = d.find_elements(By.CSS_SELECTOR, "#dice .die")
    for i in [0, 1, 3]:  # keep 5 5 5
        dice[i].click()
    roll(d, [2, 6, 2])
    shoot(d, "play-mega.png")
    score(d, "full_house")

    # The Mega bonus: another game, the sixth die taken and six sixes rolled.
    d.get(url + "/play?rules=forced%2Bmega-yahtzee")
    WebDriverWait(d, 120).until(lambda d: d.find_element(By.ID, "hint").text.startswith("Best:"))
    d.find_element(By.ID, "sixth-die").click()
    roll(d, [6, 6, 6, 6, 6, 6])
    score(d, "yahtzee")
    shoot(d, "play-mega-bonus.png")
    d.quit()
finally:
    server.terminate()
    server.wait()
    subprocess.run(["rm", "-rf", data])
