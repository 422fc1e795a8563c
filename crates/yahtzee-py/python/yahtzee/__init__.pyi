"""Exact optimal play for Yahtzee and Yatzy.

Cards are written as on the command line, ``"ones=3 fours=12 yahtzee=50 yahtzee_bonus=100"``,
or as a dict of box: score, ``{"ones": 3, "fours": 12, "yahtzee": 50, "yahtzee_bonus": 100}``
(the box names and aliases the command line reads; ``None`` for an open box; under the
house rules ``"mulligan": True`` and ``"mega": True`` for ``mulligan=used`` / ``mega=used``);
``None``, ``""`` and ``{}`` are a new card. Dice are five faces (six on a Mega-Yahtzee
turn): ``"13346"``, ``"1 3 3 4 6"``, ``[1, 3, 3, 4, 6]`` or any sequence of ints. Rule sets
are names (``"forced"``, ``"forced+mulligan"``) or ``Rules``; house rules a name
(``"mulligan"``, ``"mulligan+fool-house"``) or a list of names. Anything else raises
``InputError`` with a one-line message. Tables live in the data folder (``data_dir()``,
or ``$YAHTZEE_DATA_DIR``) and are solved there on first use when missing.
"""

import pathlib
from os import PathLike
from typing import Any, Iterator, Mapping, Optional, Sequence, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

DiceLike = Union[str, Sequence[int]]
"""``"13346"``, ``"1 3 3 4 6"`` or a sequence of ints (list, tuple, numpy array)."""
CardLike = Union[str, Mapping[str, Union[int, bool, str, None]], None]
"""``"ones=3 yahtzee=50"``, ``{"ones": 3, "yahtzee": 50}`` or ``None`` (a new card)."""
OpponentsLike = Union[str, Mapping[str, Union[int, bool, str, None]], Sequence[CardLike], None]
"""Opponents' cards: one card, or a sequence of cards."""
HouseLike = Union[str, Sequence[str], None]
"""``"mulligan"``, ``"mulligan+fool-house"``, ``["mulligan", "fool-house"]`` or ``None``."""
RulesLike = Union[str, "Rules", None]
"""``"forced"``, ``"forced+mulligan"``, a ``Rules``, or ``None`` (``"forced"``)."""

class Error(Exception):
    """Every error the engine raises."""

class InputError(Error, ValueError):
    """A question the engine cannot answer as asked: unknown rules, a bad card or dice."""

class TableError(Error):
    """A table that is missing, damaged, or of other rules."""

class Rules:
    """A rule set (``forced``, ``free``, ``no-bonus``, ``original-1956``, ``yatzy``) with
    house rules (``mulligan``, ``chance-chance``)."""

    def __init__(self, name: RulesLike = "forced", house: HouseLike = None) -> None: ...
    @property
    def name(self) -> str:
        """The full name, e.g. ``forced+mulligan``."""
    @property
    def base(self) -> str: ...
    @property
    def house(self) -> list[str]: ...
    @property
    def description(self) -> str: ...
    @property
    def boxes(self) -> int: ...
    @property
    def states(self) -> int:
        """Entries in the value table."""
    @property
    def expected_value(self) -> float:
        """The optimal expected final score from an empty card."""
    @property
    def published_value(self) -> Optional[float]: ...

def rule_sets() -> list[Rules]:
    """Every rule set: the base ones, then each with each combination of house rules."""

class RankedOption:
    """One option, with the fields of ``yahtzee advise --json``: exactly one of ``keep``
    (the dice kept, rerolling the rest), ``category`` (the box filled) and ``sixth_die``
    (house rule mega-yahtzee, before a turn's first roll) is set."""

    keep: Optional[list[int]]
    category: Optional[str]
    score: Optional[int]
    mulligan: bool
    chance_chance: bool
    ev_remaining: float
    """Expected points still to come with this option, then optimal play."""
    loss: float
    """Expected points lost against the option with the highest expected value."""
    p_at_least: Optional[float]
    """Playing for a target: P(final total >= target)."""
    p_win: Optional[float]
    """Playing to win: P(finishing strictly first)."""
    sixth_die: Optional[bool]
    """House rule mega-yahtzee: take the sixth die this turn (True) or roll five (False)."""
    scored: Optional[list[int]]
    """On the Mega-Yahtzee turn (six dice): the five dice this box scores."""
    p_tie: Optional[float]
    """Playing to win: P(tying for first)."""
    yahtzee_bonus: int
    """The extra-Yahtzee bonus this box earns (100 under the official rules), 0 for none;
    ``to_dict()`` leaves it out when 0, as the CLI's JSON does."""
    joker: bool
    """This box takes the dice as a Joker (an extra Yahtzee in a lower box); ``to_dict()``
    leaves it out when False."""
    explain: Optional[Explanation]
    """Asked with ``explain=True``: where this option's expected final total comes from
    and, against the best option, why it differs; ``None`` otherwise."""

class Explanation:
    """Where an expected final total comes from, under expected-score play (the companion
    table, docs/EXPLAIN.md): an option's (``advise(..., explain=True)``, the ``explain``
    object of ``yahtzee advise --explain --json``) or a card's (``means``, ``yahtzee stats
    --means``). The parts add up to ``total``: the boxes, ``upper_bonus_points``,
    ``yahtzee_bonus`` and ``mega_bonus``."""

    boxes: dict[str, float]
    """Each box's expected final score, points on the card included, in card order."""
    chances: dict[str, float]
    """The boxes that score one value or nothing (Full House, the straights, Yahtzee):
    the chance each is scored (its expected score over that value)."""
    upper_bonus: float
    """The chance of the upper bonus (1 once it is on the card)."""
    upper_bonus_points: float
    """The upper bonus's expected points: its chance times the bonus."""
    yahtzee_bonus: float
    """The expected extra-Yahtzee bonus points at the end (those on the card included)."""
    mega_bonus: float
    """House rule mega-yahtzee: the expected Mega bonus points at the end."""
    total: float
    """The expected final total: ``points_so_far + ev_remaining`` of the option, within
    the companion table's float32 rounding."""
    why: list[str]
    """Against the best option: the (at most three) parts that move the most points, in
    the words ``yahtzee advise --explain`` prints, e.g. ``["upper bonus 65% instead of
    67%", "Yahtzee bonus -0.4", "Yahtzee 31.6% instead of 32.4%"]``; empty for the best
    option and for a card."""
    text: str
    """The parts as ``yahtzee stats --means`` prints them (a table, the total last)."""

class Advice:
    """Every option of a position, best first (``yahtzee advise --json``). Iterating,
    ``len`` and indexing go over ``options``: ``advice[0]`` is the best option."""

    rules: str
    dice: list[int]
    rolls_left: int
    mulligan: Optional[str]
    """``"this-turn"`` when the dice are the mulligan's roll, spent this turn."""
    points_so_far: int
    expected_final: float
    target: Optional[int]
    target_status: Optional[str]
    opponents: Optional[list[str]]
    options: list[RankedOption]
    @property
    def best(self) -> RankedOption: ...
    def to_dict(self) -> dict[str, Any]:
        """Exactly what ``yahtzee advise --json`` prints, as a dict."""
    def __iter__(self) -> Iterator[RankedOption]: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, i: int) -> RankedOption: ...
    @overload
    def __getitem__(self, i: slice) -> list[RankedOption]: ...

class Stats:
    """The distribution of the final total and per-box figures (``yahtzee stats --json``).
    Not iterable: it holds a distribution, moments and per-box figures, none of which is
    the one thing a loop over it would mean; iterate ``boxes`` or ``distribution``."""

    @property
    def distribution(self) -> npt.NDArray[np.float64]:
        """P(final total = x) for x = 0, 1, ..."""
    @property
    def mean(self) -> float: ...
    @property
    def sd(self) -> float: ...
    @property
    def boxes(self) -> list[dict[str, Any]]:
        """Per box in card order: ``name`` and ``mean``, ``variance``, ``sd``, ``p_zero``
        (each ``{"value": x}``, with ``"ci95"`` for a simulation). The bonuses and the
        total are in ``to_dict()``."""
    def to_dict(self) -> dict[str, Any]:
        """Exactly what ``yahtzee stats --json`` (or ``simulate --json``) prints."""

_Path = Union[str, PathLike[str]]

class Table:
    """A solved value table: memory-mapped, verified (checksum, rules, dimensions)."""

    @staticmethod
    def open(path: _Path, rules: RulesLike = "forced", house: HouseLike = None) -> Table:
        """Opens and verifies the table at ``path``; raises TableError when it is missing,
        damaged, or of other rules."""
    @staticmethod
    def load_or_solve(
        rules: RulesLike = "forced", house: HouseLike = None, path: Optional[_Path] = None
    ) -> Table:
        """The table of ``rules`` (default path: the data folder), solved first when
        missing (about a second). The GIL is released while solving."""
    @property
    def rules(self) -> Rules: ...
    @property
    def path(self) -> pathlib.Path: ...
    @property
    def header(self) -> dict[str, Any]: ...
    @property
    def values(self) -> npt.NDArray[np.float64]:
        """Expected points still to come from the start of a turn, per state: a read-only
        view of the memory map (no copy); NaN where no game goes."""
    def index(self, card: CardLike = None) -> int:
        """Where the state of ``card`` is in ``values``."""
    def value(self, card: CardLike = None) -> float:
        """Expected points still to come from the start of a turn with ``card``."""
    def to_frame(self, boxes_filled: Optional[int] = None) -> Any:
        """The table as a ``pandas.DataFrame`` (pandas is imported here; ImportError
        without it): one row per state a game reaches (the finite ``values``), indexed by
        the state's position in ``values``, so ``frame.loc[table.index(card)]`` is a card's
        row. Columns: one bool per box (filled or not, card order), ``boxes_filled``,
        ``upper_total`` (capped at 63), the flags ``yahtzee_50`` (the Yahtzee box holds 50;
        rules with a bonus), ``mulligan_used`` and ``mega_used`` (under those house rules),
        and ``value`` (float64, expected points still to come). A state has no scores, so
        there is no card text. The official table: 536,448 rows, about 0.3 s;
        ``boxes_filled=n`` keeps the states with ``n`` boxes filled."""
    def advise(
        self,
        card: CardLike,
        dice: DiceLike,
        rolls_left: int,
        target: Optional[int] = None,
        opponents: OpponentsLike = None,
        *,
        mulligan_spent: bool = False,
        explain: bool = False,
    ) -> Advice:
        """Every option, best first: by expected score; with ``target`` by P(final total >=
        target) (reads the target table next to this one, building it when missing:
        about a minute, 1 GB); with ``opponents`` (their cards) by the chance to win.
        ``dice`` are five, or six on a Mega-Yahtzee turn. ``mulligan_spent`` (house rule
        mulligan): the dice are the mulligan's roll, spent this turn (``rolls_left`` 0, a
        card without ``mulligan=used``, which means an earlier turn); the boxes are valued
        with the mulligan gone. ``explain``: each option's ``explain`` says where its
        expected total comes from, and why it is worse than the best (reads the companion
        table next to this one, building it when missing: seconds for the official
        rules); expected-score play only (else InputError), six dice included."""
    def means(self, card: CardLike = None) -> Explanation:
        """Where the expected final total of ``card`` comes from (``yahtzee stats
        --means``): each box's expected final score, the upper bonus chance, the bonuses,
        read at once from the companion table (built next to this table when missing)."""
    def sixth_die(
        self,
        card: CardLike = None,
        target: Optional[int] = None,
        opponents: OpponentsLike = None,
    ) -> Advice:
        """House rule mega-yahtzee, before a turn's first roll: "take the sixth die"
        against "roll five dice", best first."""
    def stats(
        self,
        card: CardLike = None,
        target: Optional[int] = None,
        opponents: OpponentsLike = None,
    ) -> Stats:
        """The exact distribution of the final total (GIL released)."""
    def simulate(self, games: int, seed: int = 1, card: CardLike = None) -> Stats:
        """Seeded games of optimal play (GIL released)."""

def solve(
    rules: RulesLike = "forced", house: HouseLike = None, path: Optional[_Path] = None
) -> Table:
    """Solves ``rules`` and writes the table atomically (default: the data folder)."""

def advise(
    card: CardLike,
    dice: DiceLike,
    rolls_left: int,
    target: Optional[int] = None,
    opponents: OpponentsLike = None,
    rules: RulesLike = "forced",
    house: HouseLike = None,
    *,
    mulligan_spent: bool = False,
    explain: bool = False,
) -> Advice:
    """``Table.advise`` on the default table of ``rules`` (opened once per session)."""

def means(card: CardLike = None, rules: RulesLike = "forced", house: HouseLike = None) -> Explanation:
    """``Table.means`` on the default tables of ``rules``."""

def stats(
    card: CardLike = None,
    target: Optional[int] = None,
    opponents: OpponentsLike = None,
    rules: RulesLike = "forced",
    house: HouseLike = None,
) -> Stats:
    """``Table.stats`` on the default table of ``rules``."""

def simulate(
    games: int,
    seed: int = 1,
    card: CardLike = None,
    rules: RulesLike = "forced",
    house: HouseLike = None,
) -> Stats:
    """``Table.simulate`` on the default table of ``rules``."""

def data_dir() -> pathlib.Path:
    """The folder the module-level functions read tables from and write them to:
    ``$YAHTZEE_DATA_DIR`` when set, else the user's cache folder (``~/.cache/yahtzee`` on
    Linux, ``~/Library/Caches/yahtzee`` on macOS), never the current folder."""

def puzzles(
    rules: RulesLike = "forced",
    house: HouseLike = None,
    *,
    seed: int = 0,
    count: int = 10,
    difficulty: Optional[str] = None,
) -> list[dict[str, Any]]:
    """The trainer's puzzles (docs/TRAIN.md): ``count`` positions from the seeded games of
    ``seed`` (``difficulty`` ``"easy"``, ``"medium"`` or ``"hard"``, or any), each a dict as
    ``yahtzee train list --json`` prints it: ``card``, ``theme``, ``difficulty``, ``kind``
    (``"trap"`` or ``"close"``), ``margin``, ``greedy``, ``myopic`` and ``against``
    (indexes into the options) and ``report``, the position's ``advise --explain --json`` (every option with
    its ``loss`` and ``explain``). The same arguments give the same puzzles on every front
    end. Reads the default table of ``rules`` and builds its companion table beside it when
    missing; ``InputError`` for a count outside 1 to 200 or an unknown difficulty."""

# Every game of the family through the engine's one door (docs/ENGINE.md).

# --- Painted Yahtzee's exact solver, layer by layer (docs/PAINTED.md) ---------------------
# A layer file holds a layer's values as raw little-endian f64: its filled sets in id order,
# ``painted_states_per_set(game)`` values each. ``game``: ``painted`` or a reduced game's
# name (``painted:c2:ones,twos,yahtzee,chance,colours,flush``). Files are written whole
# (temporary file, then rename), mode 0644; bad names and wrong-length files raise
# ``InputError`` (a ``ValueError``), missing files ``OSError``.

def painted_name(game: str) -> str:
    """The game's own name for ``game`` (box aliases and order as the game writes them):
    what a checkpoint folder records."""

def painted_layout(game: str) -> list[int]:
    """How many filled sets (canonical ids) each layer holds, for n = 0..=boxes filled."""

def painted_states_per_set(game: str) -> int:
    """How many values each filled set holds (its upper totals and flags)."""

def painted_solve_chunk(
    game: str,
    layer: int,
    start: int,
    end: int,
    next_layer_path: Optional[_Path],
    out_path: _Path,
) -> None:
    """The values of sets ``start..end`` of ``layer``, given layer ``layer + 1``'s file
    (``None`` for the full card), written to ``out_path`` as raw f64. The same bits
    whatever the chunking; releases the GIL."""

def painted_write_table(game: str, layers_dir: _Path, out_path: _Path) -> None:
    """The table file (our table format) from ``layers_dir/layer-NN.f64``, n = 0..=boxes."""

def painted_solve(game: str, out_path: _Path) -> None:
    """Solves ``game`` exactly on this machine (every core) and writes its table file."""

class GameAnswer:
    """The engine's answer to one question of any game: every field of the CLI's
    ``--json`` is an attribute (``answer.p_win``, ``answer.expected_final``); iterating,
    ``len`` and indexing go over the options, best first."""

    @property
    def game(self) -> str: ...
    @property
    def options(self) -> list[dict[str, Any]]: ...
    @property
    def best(self) -> dict[str, Any]: ...
    def to_dict(self) -> dict[str, Any]: ...
    def __getattr__(self, name: str) -> Any: ...
    def __iter__(self) -> Iterator[dict[str, Any]]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> dict[str, Any]: ...

def game_advise(game: str, **question: Any) -> GameAnswer:
    """Every option of a position of any game (``yahtzee``, ``triple``, ``yahtzix``,
    ``painted``); the keywords are the fields of ``POST /api/advise`` for that game."""

def game_stats(game: str, **question: Any) -> Any:
    """Statistics of play of any game (``POST /api/stats``'s fields), as the CLI's JSON."""

def game_review(game: str, record: str) -> dict[str, Any]:
    """Every decision of a game record judged against the game's strategy."""

# Painted Yahtzee (coloured dice, 23 boxes; docs/GAMES.md): the engine's JSON as dicts.

def painted_advise(
    dice: Union[str, Sequence[str]],
    rolls_left: int,
    card: Union[str, Mapping[str, Optional[int]], None] = None,
    game: str = "painted",
) -> dict[str, Any]:
    """Every option of a Painted Yahtzee position, best first (``yahtzee painted advise
    --json``): dice like ``"5r 5y 2g 3b 1p"`` (a number and a colour letter r y g b p each)
    or a list of such dice; ``game`` is ``painted`` or a reduced game
    (``painted:c2:ones,yahtzee,colours,flush``)."""

def painted_simulate(games: int = 1000, seed: int = 1, game: str = "painted") -> dict[str, Any]:
    """Seeded games played by the strategy (``yahtzee painted simulate --json``): mean,
    95% interval, each box's mean; the same for any thread count."""

def painted_review(record: str) -> dict[str, Any]:
    """A game record (``yahtzee painted play`` writes it) judged against the strategy:
    each turn's and each decision's expected points lost, and the total."""

class _Triple:
    """``yahtzee.triple``: Triple Yahtzee (three columns ×1 ×2 ×3), the fitted strategy."""

    @staticmethod
    def advise(
        dice: DiceLike,
        rolls_left: int,
        card: Union[str, Mapping[str, Optional[int]], None] = None,
        variant: str = "1978",
        strategy: str = "fitted",
    ) -> GameAnswer:
        """Every option, best first, with ``ev_remaining`` (expected points still to come);
        ``card`` as ``"1.ones=3 3.yahtzee=50"`` or ``{"1.ones": 3, "3.yahtzee": 50}``."""
    @staticmethod
    def simulate(
        games: int = 10_000,
        seed: int = 1,
        strategies: Optional[Sequence[str]] = None,
        variant: str = "1978",
    ) -> list[dict[str, Any]]:
        """One summary per strategy (``fitted``, ``solitaire``, ``greedy``)."""
    @staticmethod
    def review(record: str) -> dict[str, Any]:
        """A game record (``yahtzee triple play`` writes one) judged decision by decision."""

class _Yahtzix:
    """``yahtzee.yahtzix``: Yahtzix (six dice, a race to the target), exact two-player play;
    three to eight players by the heads-up strategy."""

    @overload
    @staticmethod
    def advise(
        me: int,
        opp: int,
        dice: Optional[DiceLike] = None,
        second: bool = False,
        offer: Optional[str] = None,
        roll: Optional[int] = None,
        total: int = 0,
        held: Optional[int] = None,
        target: int = 2000,
        four_of_a_kind: bool = True,
        exact: bool = False,
    ) -> GameAnswer:
        """Two players: every option, best first, with ``p_win`` (the mover's chance to win)."""
    @overload
    @staticmethod
    def advise(
        *,
        scores: Sequence[int],
        seat: int,
        dice: Optional[DiceLike] = None,
        offer: Optional[str] = None,
        roll: Optional[int] = None,
        total: int = 0,
        held: Optional[int] = None,
        target: int = 2000,
        four_of_a_kind: bool = True,
        exact: bool = False,
    ) -> GameAnswer:
        """Two to eight players: ``scores`` in seat order (seat 1 starts each round), ``seat``
        the mover's (from 1); with three or more, ``p_win`` is the heads-up strategy's (the
        two-player table against the leader, seat ``against``). Not with ``me``/``opp``."""
    @staticmethod
    def stats(
        games: int = 2000,
        seed: int = 1,
        target: int = 2000,
        four_of_a_kind: bool = True,
        exact: bool = False,
        players: int = 2,
    ) -> dict[str, Any]:
        """Simulated statistics with 95% intervals; ``self_play``: every seat's win rate at a
        table of ``players`` (2 to 8), with ``tie_rate``."""
    @staticmethod
    def review(record: str) -> dict[str, Any]:
        """A game record (``yahtzee yahtzix play`` writes one) judged by chance to win lost."""

triple: _Triple
yahtzix: _Yahtzix
