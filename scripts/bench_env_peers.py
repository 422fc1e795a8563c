#!/usr/bin/env python3
"""Steps per second of the Yahtzee reinforcement-learning environments published on PyPI.

The peer side of the project's Gymnasium-environment benchmark: for each published Yahtzee
RL environment this plays random *legal* actions for a fixed wall-clock budget, counts the
env.step() calls, resets at every episode end, and prints one JSON object per environment.

    python3 scripts/bench_env_peers.py --install        # clean clone: make the venv, then run
    target/peer-envs/bin/python scripts/bench_env_peers.py --seconds 5

The peers (the Yahtzee RL environments found on PyPI; gym-dice 0.0.1 ships no code, and
yahtzee-api / pyhtzee are the bare game engines these two are built on):

* gym-yahtzee 1.0.2 (2019, on pyhtzee 1.2.7): an OpenAI Gym env, registered as
  "yahtzee-single-v0". Discrete(44) actions: 0..30 re-roll a subset of the dice (31 patterns,
  0 = roll all five, "keep all" left out), 31..43 score the 13 boxes (pyhtzee's Yatzy-only
  pair boxes, 44 and 45, lie outside the space). Old Gym API: reset() returns None, step()
  returns (obs, reward, done, info). No mask in the Gym API; legal actions come from the
  engine underneath, env.unwrapped.pyhtzee.get_possible_actions() (what
  env.sample_action() draws from too).
* yahtzee-envs 0.3.0 (2021, on yahtzee-api 1.1.1): YahtzeeSinglePlayerV2, "modeled after the
  OpenAI framework, but not fully compatible": no spaces, no registration, plain int actions
  0..26 (0..12 score a box, 13..25 re-roll the dice that box's hint does not keep, 26 roll
  all), step() returns (yahtzee_api Game object, reward, done, message). No mask at all; the
  legal set is derived here from the engine's own state (Player.rolls_left, and
  Player.scorecard[i][2] == 0 for an open box): at a turn's start only rolls (the first roll
  of a turn is an agent action), after the third roll only open boxes, otherwise both. The
  engine itself would accept a score before any roll and silently overwrite a filled box.

Pinned (exact versions this was measured with; install_command() reproduces the venv):
    gym-yahtzee==1.0.2 pyhtzee==1.2.7 gym==0.26.2 gym-notices==0.1.0 cloudpickle==3.1.3
    numpy==1.26.4 yahtzee-envs==0.3.0 yahtzee-api==1.1.1
    gymnasium==1.4.0 farama-notifications==0.0.6 typing-extensions==4.16.0
installed with --no-deps: yahtzee-envs declares Sphinx as a dependency but never imports it.
numpy stays below 2 because gym 0.26.2's env checker uses np.bool8. gymnasium is not used
by the peers; it is in the venv to compare against the project's own Gymnasium env.

Timing: "steps_per_second" is steps / wall-clock seconds of the whole loop (action choice,
step, reset); "step_call_steps_per_second" counts only the time inside env.step(). One
warm-up episode per env is played first and not counted. Single process, single thread.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shlex
import subprocess
import sys
import time
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VENV = REPO / "target" / "peer-envs"
VENV_PYTHON = VENV / "bin" / "python"

PINNED = [
    "gym-yahtzee==1.0.2",
    "pyhtzee==1.2.7",
    "gym==0.26.2",
    "gym-notices==0.1.0",
    "cloudpickle==3.1.3",
    "numpy==1.26.4",
    "yahtzee-envs==0.3.0",
    "yahtzee-api==1.1.1",
    "gymnasium==1.4.0",
    "farama-notifications==0.0.6",
    "typing-extensions==4.16.0",
]


def install_command(venv: Path = VENV) -> str:
    """The pip command that fills the peer venv (made first with `python3 -m venv VENV`)."""
    pip = shlex.quote(str(venv / "bin" / "python")) + " -m pip install --no-deps"
    return pip + " " + " ".join(PINNED)


_CHECK_PINS = """
import sys
from importlib.metadata import version, PackageNotFoundError
bad = []
for pin in sys.argv[1:]:
    name, want = pin.split("==")
    try:
        have = version(name)
    except PackageNotFoundError:
        have = None
    if have != want:
        bad.append(f"{name}: want {want}, have {have}")
print("\\n".join(bad))
sys.exit(1 if bad else 0)
"""


def ensure_venv() -> None:
    """Create target/peer-envs and install the pinned versions, unless already there."""
    if not VENV_PYTHON.exists():
        print(f"creating {VENV}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    check = subprocess.run(
        [str(VENV_PYTHON), "-c", _CHECK_PINS, *PINNED], capture_output=True, text=True
    )
    if check.returncode != 0:
        print("installing pinned peers:\n" + check.stdout, file=sys.stderr)
        subprocess.run(shlex.split(install_command()), check=True)


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


# --------------------------------------------------------------------------- peers


class GymYahtzee:
    package = "gym-yahtzee"
    engine = "pyhtzee"

    def __init__(self, seed: int, unwrapped: bool = False):
        import gym
        import gym_yahtzee  # noqa: F401  (registers yahtzee-single-v0)
        from gym_yahtzee.envs import YahtzeeSingleEnv

        self.unwrapped = unwrapped
        if unwrapped:
            self.env = YahtzeeSingleEnv()
            self.env_id = "gym_yahtzee.envs.YahtzeeSingleEnv (constructed directly, no wrappers)"
        else:
            self.env = gym.make("yahtzee-single-v0")
            self.env_id = "yahtzee-single-v0 via gym.make (OrderEnforcing, PassiveEnvChecker)"
        self.core = self.env.unwrapped
        self.rng = random.Random(seed)

    def reset(self) -> None:
        self.env.reset()  # old Gym API: returns None, builds a fresh unseeded Pyhtzee

    def legal_actions(self) -> list[int]:
        return self.core.pyhtzee.get_possible_actions()

    def step(self, action: int) -> bool:
        _obs, _reward, done, _info = self.env.step(action)
        return done

    def final_score(self) -> int:
        return self.core.pyhtzee.get_total_score()

    notes = (
        "OpenAI Gym (gym 0.26.2) env on pyhtzee; Discrete(44) actions (0-30 re-roll patterns, "
        "31-43 boxes); no mask in the Gym API, so random choice among "
        "env.unwrapped.pyhtzee.get_possible_actions() (the engine's legal list, which "
        "env.sample_action() also uses); old API: reset() -> None, step() -> 4-tuple with a "
        "22-tuple observation; free-choice Joker (the env's rule argument is never passed to "
        "pyhtzee); turns 2-13 allow 3 re-rolls (sub_round restarts at 0), turn 1 allows 2; "
        "reset() is unseeded, so runs are not reproducible"
    )


class YahtzeeEnvsV2:
    package = "yahtzee-envs"
    engine = "yahtzee-api"

    def __init__(self, seed: int, unwrapped: bool = False):
        from yahtzee_envs.yahtzee_singleV2 import YahtzeeSinglePlayerV2

        random.seed(seed)  # yahtzee-api rolls with the global random module
        self.env = YahtzeeSinglePlayerV2(0, 0)  # roll_rwd, roll_all_rwd (unused by V2)
        self.env_id = "yahtzee_envs.yahtzee_singleV2.YahtzeeSinglePlayerV2(0, 0)"
        self.rng = random.Random(seed)

    def reset(self) -> None:
        self.env.reset()

    def legal_actions(self) -> list[int]:
        player = self.env.ytz.c_player
        acts = list(range(13, 27)) if player.rolls_left > 0 else []
        if player.rolls_left < 3:
            acts += [i for i in range(13) if player.scorecard[i][2] == 0]
        return acts

    def step(self, action: int) -> bool:
        _game, _reward, done, _msg = self.env.step(action)
        return done

    def final_score(self) -> int:
        return self.env.ytz.winner[0].score

    notes = (
        "Gym-like, not a gym.Env: no spaces, no registration; int actions 0-26 (0-12 score a "
        "box, 13-25 re-roll guided by that box's hint, 26 roll all); no mask, so the legal set "
        "is derived from yahtzee-api's Player state (rolls: rolls_left > 0; boxes: "
        "rolls_left < 3 and scorecard[i][2] == 0); the first roll of each turn is an agent "
        "step (26 to 52 steps a game); step() returns the live Game object, no observation "
        "encoding; seeded through the global random module"
    )


PEERS = {
    "gym-yahtzee": (GymYahtzee, {}),
    "yahtzee-envs": (YahtzeeEnvsV2, {}),
    "gym-yahtzee-unwrapped": (GymYahtzee, {"unwrapped": True}),
}
DEFAULT_PEERS = ["gym-yahtzee", "yahtzee-envs"]


def bench(key: str, seconds: float, seed: int) -> dict:
    from importlib.metadata import version

    cls, kwargs = PEERS[key]
    peer = cls(seed, **kwargs)
    # after the import: gym.logger installs its own "once" filter for DeprecationWarning
    warnings.filterwarnings("ignore")
    choice = peer.rng.choice
    legal = peer.legal_actions
    step = peer.step
    clock = time.perf_counter

    # one warm-up episode, not counted
    peer.reset()
    while not step(choice(legal())):
        pass

    peer.reset()
    load_before = os.getloadavg()[0]
    steps = episodes = 0
    steps_at_last_end = 0
    scores = 0
    in_step = 0.0
    start = clock()
    deadline = start + seconds
    while True:
        action = choice(legal())
        t0 = clock()
        done = step(action)
        t1 = clock()
        in_step += t1 - t0
        steps += 1
        if done:
            episodes += 1
            steps_at_last_end = steps
            scores += peer.final_score()
            peer.reset()
        if t1 >= deadline:
            break
    elapsed = clock() - start
    return {
        "package": peer.package,
        "version": version(peer.package),
        "engine": f"{peer.engine} {version(peer.engine)}",
        "env_id": peer.env_id,
        "steps": steps,
        "seconds": round(elapsed, 3),
        "steps_per_second": round(steps / elapsed, 1),
        "step_call_steps_per_second": round(steps / in_step, 1),
        "episodes": episodes,
        "episodes_per_second": round(episodes / elapsed, 1),
        "mean_steps_per_episode": round(steps_at_last_end / episodes, 2) if episodes else None,
        "mean_random_score": round(scores / episodes, 1) if episodes else None,
        "seed": seed,
        "python": platform.python_version(),
        "loadavg_1m": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "notes": peer.notes,
    }


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="wall-clock budget per env")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--peers",
        default=",".join(DEFAULT_PEERS),
        help=f"comma-separated, from {', '.join(PEERS)} (default: %(default)s)",
    )
    ap.add_argument(
        "--install", action="store_true", help="create target/peer-envs with the pinned peers if missing"
    )
    ap.add_argument("--print-install", action="store_true", help="print the venv's pip command and exit")
    args = ap.parse_args(argv)

    if args.print_install:
        print(f"python3 -m venv {shlex.quote(str(VENV))} && {install_command()}")
        return 0
    if args.install:
        ensure_venv()
    if not in_venv():
        if not VENV_PYTHON.exists():
            print(f"{VENV} is missing: run with --install", file=sys.stderr)
            return 2
        rest = [a for a in argv if a != "--install"]
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), str(Path(__file__).resolve()), *rest])

    keys = [k.strip() for k in args.peers.split(",") if k.strip()]
    for key in keys:
        if key not in PEERS:
            print(f"unknown peer {key!r}; choose from {', '.join(PEERS)}", file=sys.stderr)
            return 2
    for key in keys:
        print(json.dumps(bench(key, args.seconds, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
