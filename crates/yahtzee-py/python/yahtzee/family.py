"""Gymnasium environments for the family games: Triple Yahtzee and Painted Yahtzee.

Pure Python over the engine's advice (``yahtzee.triple.advise``,
``yahtzee.painted_advise``): every step asks the engine for every option of the position
and its value, so each step's regret against the engine's best option is known. Slower
than the solitaire ``yahtzee.gym.YahtzeeEnv`` (a fraction of a millisecond to a few
milliseconds a step), and made to score learning agents, not to train them at speed.

Conventions (shared with ``yahtzee.gym`` and ``yahtzee.pettingzoo``):

**Actions** (``Discrete(n)``): ``0..32`` keep the dice whose bits are set (bit ``i`` is
the ``i``-th die of the sorted roll the observation shows) and reroll the others (legal
while rolls are left; 31 keeps all five: the roll is used up, the dice stay);
``32 + b`` scores the dice in box ``b`` (legal at any roll of the turn when the rules
allow that box: writing before the last roll ends the turn). Triple Yahtzee: ``b = 13 *
(column - 1) + box`` (39 boxes, columns ×1 ×2 ×3); Painted Yahtzee: ``b`` in card order
of the game's boxes. ``env.action_names`` names each.

**Observation** (``Box(0, high, (d,), float32)``; ``env.observation_names`` names each
entry, ``env.observation_space.high`` bounds it):

- Triple Yahtzee (d = 90): ``die 1`` .. ``die 5`` (sorted faces, 0 once the game is
  over), ``rolls left`` (2, 1, 0), ``filled C.box`` (0/1; C = 1..3, 13 boxes each, card
  order), ``score C.box`` (the points in the box before the multiplier), ``upper total C``
  (per column, uncapped), ``yahtzee bonus`` (1978 chips won, 100 each, not multiplied),
  ``turn`` (turns played, 0..39), ``total`` (the card's total: Σ multiplier × column
  total, upper bonuses included, plus the chips).
- Painted Yahtzee (d = 11 + 2 × boxes + 4): ``die i number`` (1..6) for i = 1..5, ``die i
  colour`` (0 red, 1 yellow, 2 green, 3 blue, 4 purple) for i = 1..5, the dice sorted by
  colour then number as the engine writes them; ``rolls left``; ``filled box`` and
  ``score box`` per box in card order; ``upper total``; ``yahtzee bonus``; ``turn``;
  ``total``.

**Dice** come from a stream that the agent's actions cannot change (common random
numbers): the ``k``-th fresh die of roll ``r`` (0 opening, 1 and 2 the rerolls) of turn
``t`` of episode ``e`` of seed ``s`` is :func:`draw` ``(s, e, t, r, k)``. ``reset(seed=s)``
starts episode 0 of seed ``s``; each later ``reset()`` plays the next episode of that seed.
Two agents given one seed see the same fresh dice at the same moment of the game.

**Reward**: the points written on the card this step (box, upper bonus, Yahtzee bonus,
with Triple's multiplier), so an episode's return is its final total.

**Info** (reset and step): ``action_mask`` (``np.int8``, 1 = legal), ``action_regret``
(``np.float64`` per action at the returned position: best option's value minus the
action's, in expected final points; +inf where illegal, so ``argmin`` is the best
action, as in ``yahtzee.gym`` — ``illegal_regret`` sets another value, see below), ``optimal_value`` (the best option's expected final total at the returned
position: points on the card plus the points still expected; the final total once the
game is over), ``exact`` (True where the values are the exact optimum, False where only
an approximate strategy exists: Triple's fitted strategy, full Painted's split value) and
``feedback`` (which, in words); a step's info also has ``regret``: the action's loss
against the best action at the position it was taken in. ``action_masks()`` gives the
mask as bools (sb3-contrib's ``MaskablePPO``). An illegal action raises ``ValueError``
with a one-line message and changes nothing.

Illegal entries of ``action_regret`` are +inf by default (``illegal_regret=math.nan`` to
mark them NaN instead; Gymnasium's ``check_env`` compares two seeded steps' infos with
``np.allclose``, for which NaN never equals NaN).
"""

from __future__ import annotations

import math
from typing import Any, Optional

import gymnasium as gym
import numpy as np

from . import _native

__all__ = ["draw", "TripleYahtzeeEnv", "PaintedYahtzeeEnv"]

_MASK64 = (1 << 64) - 1


def _mix(x: int) -> int:
    """SplitMix64's finaliser (the same as ``yahtzee-learn``'s dice stream)."""
    z = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def draw(seed: int, episode: int, turn: int, roll: int, slot: int, faces: int = 6) -> int:
    """The ``slot``-th fresh die of roll ``roll`` of turn ``turn`` of episode ``episode`` of
    ``seed``, as an index ``0 .. faces-1`` (a die of six faces shows ``draw(...) + 1``): a
    pure function of its arguments. For six faces it is the die ``yahtzee-learn``'s
    ``dice_stream::draw`` gives (minus one)."""
    moment = (turn << 16) | (roll << 8) | slot
    h = _mix((seed & _MASK64) ^ _mix((episode & _MASK64) ^ _mix(moment & _MASK64)))
    return ((h >> 32) * faces) >> 32


# The 13 boxes of Yahtzee, in card order, with the most a box can hold.
YAHTZEE_BOXES = [
    "ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind",
    "four_of_a_kind", "full_house", "small_straight", "large_straight", "yahtzee", "chance",
]  # fmt: skip
_UPPER_FACE = {name: i + 1 for i, name in enumerate(YAHTZEE_BOXES[:6])}
_BOX_MOST = {
    **{name: 5 * f for name, f in _UPPER_FACE.items()},
    "three_of_a_kind": 30, "four_of_a_kind": 30, "full_house": 25, "small_straight": 30,
    "large_straight": 40, "yahtzee": 50, "chance": 30,
    "red": 30, "yellow": 30, "green": 30, "blue": 30, "purple": 30,
    "four_of_a_color": 30, "painted_house": 25, "rainbow": 40, "flush": 50, "palette": 30,
}  # fmt: skip
_COLOUR_LETTERS = "rygbp"
_COLOUR_NAMES = ["red", "yellow", "green", "blue", "purple"]
_PAINTED_BOXES = YAHTZEE_BOXES + _COLOUR_NAMES + [
    "four_of_a_color", "painted_house", "rainbow", "flush", "palette",
]  # fmt: skip
UPPER_BONUS = 35
KEEP_ACTIONS = 32


def keep_name(mask: int, dice: int = 5) -> str:
    """``keep 10110``: the dice positions kept, first die first."""
    return "keep " + "".join("1" if mask >> i & 1 else "0" for i in range(dice))


class _FiveDiceEnv(gym.Env):
    """What Triple and Painted Yahtzee share: five dice, three rolls, keeps then boxes."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, render_mode: Optional[str] = None, illegal_regret: float = math.inf):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: give None or 'ansi'")
        self.render_mode = render_mode
        self.illegal_regret = float(illegal_regret)
        self._boxes: list[str] = self._box_names()
        self.action_names = [keep_name(m) for m in range(KEEP_ACTIONS)] + [
            f"score {b}" for b in self._boxes
        ]
        n = len(self.action_names)
        self.action_space = gym.spaces.Discrete(n)
        names, high = self._observation_layout()
        self.observation_names = names
        self.observation_space = gym.spaces.Box(
            low=np.zeros(len(high), dtype=np.float32),
            high=np.asarray(high, dtype=np.float32),
            dtype=np.float32,
        )
        self._seed = 0
        self._episode = -1
        self._started = False
        self._new_game()

    # ---- what each game supplies -------------------------------------------------------
    def _box_names(self) -> list[str]:
        raise NotImplementedError

    def _observation_layout(self) -> tuple[list[str], list[float]]:
        raise NotImplementedError

    def _draw_die(self, turn: int, roll: int, slot: int) -> Any:
        raise NotImplementedError

    def _sort_key(self, die: Any) -> Any:
        raise NotImplementedError

    def _keeps(self) -> dict[tuple, float]:
        """Every keep of the dice showing (a sorted tuple of the dice kept) with its
        expected final total."""
        raise NotImplementedError

    def _scores(self) -> dict[int, tuple[float, dict]]:
        """Every box (index) the dice may be written in now, with the expected final total
        and the engine's option."""
        raise NotImplementedError

    def _write(self, box: int, option: dict) -> int:
        """Writes the dice in ``box`` (the engine's ``option``); returns the points."""
        raise NotImplementedError

    def _observe_card(self, out: np.ndarray) -> None:
        raise NotImplementedError

    exact: bool = False
    feedback: str = ""

    # ---- the game ----------------------------------------------------------------------
    def _new_game(self) -> None:
        self._turn = 0
        self._total = 0
        self._bonus = 0
        self._card: dict[int, int] = {}
        self._dice: list[Any] = []
        self._rolls_left = 0
        self._values = np.full(self.action_space.n, np.nan)
        self._options: dict[int, dict] = {}
        self._best = math.nan

    @property
    def game_over(self) -> bool:
        return len(self._card) == len(self._boxes)

    def _roll(self, keep_mask: int, roll: int) -> None:
        kept = [d for i, d in enumerate(self._dice) if keep_mask >> i & 1]
        fresh = [self._draw_die(self._turn, roll, k) for k in range(5 - len(kept))]
        self._dice = sorted(kept + fresh, key=self._sort_key)

    def _start_turn(self) -> None:
        if self.game_over:
            self._dice = []
            self._rolls_left = 0
            self._values = np.full(self.action_space.n, np.nan)
            self._options = {}
            self._best = math.nan
            return
        self._dice = []
        self._roll(0, 0)
        self._rolls_left = 2
        self._evaluate()

    def _evaluate(self) -> None:
        values = np.full(self.action_space.n, np.nan)
        if self._rolls_left > 0:
            keeps = self._keeps()
            for mask in range(KEEP_ACTIONS):
                kept = tuple(sorted((d for i, d in enumerate(self._dice) if mask >> i & 1),
                                    key=self._sort_key))
                if kept not in keeps:
                    raise RuntimeError(f"the engine lists no option keeping {kept}")
                values[mask] = keeps[kept]
        self._options = {}
        for box, (value, option) in self._scores().items():
            values[KEEP_ACTIONS + box] = value
            self._options[box] = option
        self._values = values
        self._best = float(np.nanmax(values))

    def _why_illegal(self, action: Any) -> Optional[str]:
        try:
            a = int(action)
        except (TypeError, ValueError):
            return f"action {action!r}: an int from 0 to {self.action_space.n - 1}"
        if a != action or not 0 <= a < self.action_space.n:
            return f"action {action!r}: an int from 0 to {self.action_space.n - 1}"
        if self.game_over:
            return f"action {a} ({self.action_names[a]}): the game is over; call reset()"
        if not self._started:
            return "call reset() before step()"
        if math.isnan(self._values[a]):
            if a < KEEP_ACTIONS:
                why = "no roll is left"
            else:
                why = "that box is filled, or the rules rule it out with these dice"
            return f"action {a} ({self.action_names[a]}) is not legal now: {why}"
        return None

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as bools (what sb3-contrib's MaskablePPO reads)."""
        return ~np.isnan(self._values)

    def action_regret(self) -> np.ndarray:
        """Each action's loss against the best one now, in expected final points
        (``illegal_regret`` where illegal)."""
        r = self._best - self._values
        r[np.isnan(self._values)] = self.illegal_regret
        return r

    def optimal_value(self) -> float:
        """The best option's expected final total now (the final total once over)."""
        if self.game_over:
            return float(self._total)
        return float(self._best)

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self.action_masks().astype(np.int8),
            "action_regret": self.action_regret(),
            "optimal_value": self.optimal_value(),
            "exact": bool(self.exact),
            "feedback": self.feedback,
        }

    def _obs(self) -> np.ndarray:
        out = np.zeros(self.observation_space.shape, dtype=np.float32)
        self._observe_card(out)
        return out

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        if seed is not None:
            self._seed = int(seed) & _MASK64
            self._episode = 0
        elif not self._started:
            self._seed = int(self.np_random.integers(0, 2**63))
            self._episode = 0
        else:
            self._episode += 1
        self._started = True
        self._new_game()
        self._start_turn()
        return self._obs(), self._info()

    def step(self, action: Any):
        why = self._why_illegal(action)
        if why is not None:
            raise ValueError(why)
        a = int(action)
        regret = float(self._best - self._values[a])
        reward = 0
        if a < KEEP_ACTIONS:
            self._roll(a, 3 - self._rolls_left)
            self._rolls_left -= 1
            self._evaluate()
        else:
            box = a - KEEP_ACTIONS
            reward = self._write(box, self._options[box])
            self._total += reward
            self._turn += 1
            self._start_turn()
        info = self._info()
        info["regret"] = regret
        return self._obs(), float(reward), self.game_over, False, info

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi":
            return None
        dice = " ".join(self._die_text(d) for d in self._dice) or "-"
        filled = ", ".join(f"{self._boxes[b]}={s}" for b, s in sorted(self._card.items()))
        return (
            f"turn {self._turn + (0 if self.game_over else 1)}, dice {dice}, "
            f"rolls left {self._rolls_left}, total {self._total}\ncard: {filled or '(empty)'}\n"
        )

    def _die_text(self, die: Any) -> str:
        return str(die)


class TripleYahtzeeEnv(_FiveDiceEnv):
    """Triple Yahtzee (three columns of Yahtzee's 13 boxes scored ×1, ×2, ×3; 39 turns;
    the 1978 E.S. Lowe rules), valued by the engine's fitted strategy — an approximation
    (``info["exact"]`` is False): each turn is exact against a fitted value of the next
    position, within about 1% of optimal on reduced games (docs/GAMES.md), so a regret of
    0 means "as the fitted strategy plays", not "optimal".

    Actions (71): ``0..31`` keep the dice of the mask's bits (bit i = die i+1 of the
    sorted roll), ``32 + 13 * (C - 1) + b`` writes the dice in box ``b`` (card order:
    ones, twos, threes, fours, fives, sixes, three_of_a_kind, four_of_a_kind, full_house,
    small_straight, large_straight, yahtzee, chance) of column ``C``.

    Observation (90 entries, float32): ``die 1..5`` (sorted), ``rolls left``, ``filled
    C.box`` ×39, ``score C.box`` ×39 (before the multiplier), ``upper total 1..3``,
    ``yahtzee bonus`` (chips, 100 each), ``turn``, ``total``.

    ``strategy``: ``fitted`` (the engine's, default), ``solitaire`` (three independent
    optimal columns) or ``greedy``, as ``yahtzee.triple.advise`` takes it. Info and
    seeding: the module's docstring.
    """

    feedback = "approximate: the fitted value function (Triple Yahtzee has no exact table)"

    def __init__(
        self,
        render_mode: Optional[str] = None,
        strategy: str = "fitted",
        illegal_regret: float = math.inf,
    ):
        if strategy not in ("fitted", "solitaire", "greedy"):
            raise ValueError(f"strategy {strategy!r}: fitted, solitaire or greedy")
        self.strategy = strategy
        self.variant = "1978"
        if strategy != "fitted":
            self.feedback = f"approximate: the {strategy} strategy"
        super().__init__(render_mode=render_mode, illegal_regret=illegal_regret)

    def _box_names(self) -> list[str]:
        return [f"{c}.{b}" for c in (1, 2, 3) for b in YAHTZEE_BOXES]

    def _observation_layout(self) -> tuple[list[str], list[float]]:
        names = [f"die {i}" for i in range(1, 6)] + ["rolls left"]
        high: list[float] = [6.0] * 5 + [2.0]
        names += [f"filled {b}" for b in self._boxes]
        high += [1.0] * 39
        names += [f"score {b}" for b in self._boxes]
        high += [float(_BOX_MOST[b.split(".")[1]]) for b in self._boxes]
        names += [f"upper total {c}" for c in (1, 2, 3)]
        high += [105.0] * 3
        chips = 100.0 * 38
        column = sum(_BOX_MOST[b] for b in YAHTZEE_BOXES) + UPPER_BONUS
        names += ["yahtzee bonus", "turn", "total"]
        high += [chips, 39.0, 6.0 * column + chips]
        return names, high

    def _draw_die(self, turn: int, roll: int, slot: int) -> int:
        return draw(self._seed, self._episode, turn, roll, slot) + 1

    def _sort_key(self, die: int) -> int:
        return die

    def _card_text(self) -> str:
        parts = [f"{self._boxes[b]}={s}" for b, s in sorted(self._card.items())]
        if self._bonus:
            parts.append(f"bonus={self._bonus}")
        return " ".join(parts)

    def _advise(self, rolls_left: int) -> Any:
        answer = _native.triple.advise(
            list(self._dice), rolls_left, card=self._card_text(), variant=self.variant,
            strategy=self.strategy,
        )
        if answer.total != self._total:
            raise RuntimeError(
                f"the engine reads the card as {answer.total} points, the env {self._total}"
            )
        return answer

    def _keeps(self) -> dict[tuple, float]:
        answer = self._advise(self._rolls_left)
        return {tuple(o["keep"]): self._total + o["ev_remaining"] for o in answer.options}

    def _scores(self) -> dict[int, tuple[float, dict]]:
        answer = self._advise(0)
        return {
            13 * (o["column"] - 1) + YAHTZEE_BOXES.index(o["category"]): (
                self._total + o["ev_remaining"], o,
            )
            for o in answer.options
        }

    def _upper(self, col: int) -> int:
        return sum(s for b, s in self._card.items() if b // 13 == col and b % 13 < 6)

    def _write(self, box: int, option: dict) -> int:
        col, b = divmod(box, 13)
        name, m, points = YAHTZEE_BOXES[b], col + 1, int(option["points"])
        dice = self._dice
        five = len(set(dice)) == 1
        if name in _UPPER_FACE:
            raws = [dice.count(_UPPER_FACE[name]) * _UPPER_FACE[name]]
        else:
            most = {"full_house": 25, "small_straight": 30, "large_straight": 40,
                    "yahtzee": 50}.get(name, sum(dice))  # fmt: skip
            raws = [0, most]
        found = []
        for raw in raws:
            up = self._upper(col)
            bonus = UPPER_BONUS if name in _UPPER_FACE and up < 63 <= up + raw else 0
            for chip in (0, 100):
                if chip and (not five or name == "yahtzee"):
                    continue
                if m * (raw + bonus) + chip == points and (raw, chip) not in found:
                    found.append((raw, chip))
        if len(found) != 1:
            raise RuntimeError(f"cannot read the box's score from {option!r}")
        raw, chip = found[0]
        self._card[box] = raw
        self._bonus += chip
        return points

    def _observe_card(self, out: np.ndarray) -> None:
        out[: len(self._dice)] = self._dice
        out[5] = self._rolls_left
        for box, s in self._card.items():
            out[6 + box] = 1.0
            out[45 + box] = s
        for c in range(3):
            out[84 + c] = self._upper(c)
        out[87] = self._bonus
        out[88] = self._turn
        out[89] = self._total


class PaintedYahtzeeEnv(_FiveDiceEnv):
    """Painted Yahtzee (coloured dice: each die a number 1–6 and a colour; Yahtzee's 13
    boxes and ten painted ones; docs/GAMES.md), or a reduced game of the same rules:
    ``game="painted:c2:ones,yahtzee,colours,flush"`` (``c<colours>``: the first of r y g
    b p; ``colours`` every colour box). Reduced games are solved exactly here (seconds;
    ``info["exact"]`` True, regret against the optimum); the full game plays against the
    engine's split value unless its exact table is in the data folder (``info["exact"]``
    says which).

    Actions (32 + boxes): ``0..31`` keep the dice of the mask's bits (bit i = die i+1 in
    the observation's order: by colour, then number), ``32 + b`` writes the dice in box
    ``b`` of ``env.boxes`` (card order: the Yahtzee boxes, then red, yellow, green, blue,
    purple, four_of_a_color, painted_house, rainbow, flush, palette, those the game has).

    Observation (float32): ``die 1..5 number``, ``die 1..5 colour`` (0 r, 1 y, 2 g, 3 b,
    4 p), ``rolls left``, ``filled <box>`` and ``score <box>`` per box, ``upper total``,
    ``yahtzee bonus``, ``turn``, ``total``. Info and seeding: the module's docstring.
    """

    def __init__(
        self,
        render_mode: Optional[str] = None,
        game: str = "painted",
        illegal_regret: float = math.inf,
    ):
        self.game = _native.painted_name(game)
        if self.game == "painted":
            self.colours = 5
            self.boxes = list(_PAINTED_BOXES)
        else:
            _, c, listed = self.game.split(":", 2)
            self.colours = int(c[1:])
            names = []
            for b in listed.split(","):
                names += _COLOUR_NAMES[: self.colours] if b == "colours" else [b]
            self.boxes = [b for b in _PAINTED_BOXES if b in names]
            if len(self.boxes) != len(names):
                raise ValueError(f"game {game!r}: boxes this environment does not know")
        super().__init__(render_mode=render_mode, illegal_regret=illegal_regret)

    def _box_names(self) -> list[str]:
        return self.boxes

    def _observation_layout(self) -> tuple[list[str], list[float]]:
        names = [f"die {i} number" for i in range(1, 6)]
        names += [f"die {i} colour" for i in range(1, 6)] + ["rolls left"]
        high: list[float] = [6.0] * 5 + [float(self.colours - 1)] * 5 + [2.0]
        names += [f"filled {b}" for b in self.boxes] + [f"score {b}" for b in self.boxes]
        high += [1.0] * len(self.boxes) + [float(_BOX_MOST[b]) for b in self.boxes]
        upper = sum(_BOX_MOST[b] for b in self.boxes if b in _UPPER_FACE)
        bonus = 100.0 * (len(self.boxes) - 1)
        most = sum(_BOX_MOST[b] for b in self.boxes) + UPPER_BONUS + bonus
        names += ["upper total", "yahtzee bonus", "turn", "total"]
        high += [float(upper), bonus, float(len(self.boxes)), float(most)]
        return names, high

    def _draw_die(self, turn: int, roll: int, slot: int) -> tuple[int, int]:
        i = draw(self._seed, self._episode, turn, roll, slot, faces=6 * self.colours)
        return (i % 6 + 1, i // 6)

    def _sort_key(self, die: tuple[int, int]) -> tuple[int, int]:
        return (die[1], die[0])

    def _die_text(self, die: tuple[int, int]) -> str:
        return f"{die[0]}{_COLOUR_LETTERS[die[1]]}"

    def _parse_dice(self, text: str) -> tuple:
        dice = [(int(t[0]), _COLOUR_LETTERS.index(t[1])) for t in text.split()]
        return tuple(sorted(dice, key=self._sort_key))

    def _card_text(self) -> str:
        parts = [f"{self.boxes[b]}={s}" for b, s in sorted(self._card.items())]
        if self._bonus:
            parts.append(f"yahtzee_bonus={self._bonus}")
        return " ".join(parts)

    def _advise(self, rolls_left: int) -> dict:
        dice = " ".join(self._die_text(d) for d in self._dice)
        answer = _native.painted_advise(dice, rolls_left, card=self._card_text(), game=self.game)
        if answer["card_points"] != self._total:
            raise RuntimeError(
                f"the engine reads the card as {answer['card_points']} points, "
                f"the env {self._total}"
            )
        self.exact = answer["strategy"] == "exact"
        self.feedback = (
            "exact: optimal play from the game's solved table"
            if self.exact
            else f"approximate: the {answer['strategy']} value (not the exact optimum)"
        )
        return answer

    def _keeps(self) -> dict[tuple, float]:
        answer = self._advise(self._rolls_left)
        return {self._parse_dice(o["keep"]): o["value"] for o in answer["options"]}

    def _scores(self) -> dict[int, tuple[float, dict]]:
        answer = self._advise(0)
        return {self.boxes.index(o["box"]): (o["value"], o) for o in answer["options"]}

    def _upper(self) -> int:
        return sum(s for b, s in self._card.items() if self.boxes[b] in _UPPER_FACE)

    def _write(self, box: int, option: dict) -> int:
        name, points = self.boxes[box], int(option["points"])
        if name in _UPPER_FACE:
            face = _UPPER_FACE[name]
            raw = face * sum(1 for n, _ in self._dice if n == face)
            extra = points - raw
            chip = 100 if extra >= 100 else 0
            if extra - chip not in (0, UPPER_BONUS):
                raise RuntimeError(f"cannot read the box's score from {option!r}")
        else:
            chip = 100 if points >= 100 else 0
            raw = points - chip
        self._card[box] = raw
        self._bonus += chip
        return points

    def _observe_card(self, out: np.ndarray) -> None:
        for i, (n, c) in enumerate(self._dice):
            out[i] = n
            out[5 + i] = c
        out[10] = self._rolls_left
        nb = len(self.boxes)
        for box, s in self._card.items():
            out[11 + box] = 1.0
            out[11 + nb + box] = s
        at = 11 + 2 * nb
        out[at] = self._upper()
        out[at + 1] = self._bonus
        out[at + 2] = self._turn
        out[at + 3] = self._total
