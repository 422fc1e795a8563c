// Types of yahtzee.js: the Yahtzee engine as WebAssembly. Answers have the shapes of
// `yahtzee serve`'s JSON API and `yahtzee advise --json`.

/** A question the engine cannot answer; the message is one line, as the CLI prints it. */
export declare class YahtzeeError extends Error {
  name: 'YahtzeeError';
}

/** Where the .wasm comes from: a URL or path, its bytes, a fetch Response, or a compiled module. */
export type WasmSource = string | URL | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module;

/** Loads the engine (by default the yahtzee.wasm shipped beside yahtzee.js). */
export declare function load(source?: WasmSource): Promise<Engine>;

/** One rule set, as `yahtzee rules --json` lists it. */
export interface RuleInfo {
  /** Full name, house rules included: "forced", "yatzy+mulligan". */
  name: string;
  /** The base rule set: forced, free, no-bonus, original-1956 or yatzy. */
  base: string;
  house: string[];
  description: string;
  boxes: number;
  /** Entries in the table (2^boxes x 64 x 2^flags). */
  states: number;
  /** States a game can reach (the rest hold NaN). */
  reachable_states: number;
  /** Optimal expected final score of an empty card. */
  expected_value: number;
  /** A published value, where there is one. */
  published_value?: number;
}

/** One box of a card. */
export interface CardBox {
  /** Canonical name, as cards and answers spell it: "three_of_a_kind". */
  name: string;
  /** As a player writes it: "Three of a kind". */
  label: string;
  upper: boolean;
  /** Every score the box can hold. */
  scores: number[];
}

/** The boxes and bonuses of a rule set's card. */
export interface CardLayout {
  rules: string;
  boxes: CardBox[];
  upper_threshold: number;
  upper_bonus: number;
  yahtzee_bonus: boolean;
  mulligan: boolean;
  chance_chance: boolean;
  fool_house: boolean;
  mega_yahtzee: boolean;
  mega_bonus: number;
}

/** A position to advise: the body of `POST /api/advise`. */
export interface AdviseQuestion {
  /** "forced" (default), "free", "no-bonus", "original-1956", "yatzy", or a full name with house rules. */
  rules?: string;
  /** House rules to add: "mulligan", "chance-chance", "fool-house", "mega-yahtzee". */
  house?: string[];
  /** The card in the CLI's syntax, e.g. "ones=3 fours=12 yahtzee=50 yahtzee_bonus=100"; "" for a new card. */
  scorecard?: string;
  /** Five dice ("13346" or [1, 3, 3, 4, 6]); six on a Mega-Yahtzee turn. Leave out, with rolls_left, for the sixth-die question. */
  dice?: string | number[];
  /** 2 after the first roll, 1 after the second, 0 after the last. */
  rolls_left?: number;
  /** House rule mulligan: "this-turn" when the dice are the mulligan's roll, spent this turn (rolls_left 0; the card still holds it: its mulligan=used means an earlier turn). */
  mulligan?: 'this-turn';
  /** Not answered here (needs tables too big for a browser): ask `yahtzee serve`. */
  target?: number;
  /** Not answered here (needs exact statistics of the opponents): ask `yahtzee serve`. */
  opponents?: string[];
  /**
   * Every option's `explain` too: where its expected final total comes from. Only in the
   * engine `loadExplain()` gives (the others throw), for play for the expected score with
   * five dice; the rule set's companion table is built first when missing (about 6 s for
   * "forced" in Node.js).
   */
  explain?: boolean;
}

/** One box's part of an `Explain`. */
export interface ExplainBox {
  /** The box's name ("full_house"). */
  box: string;
  /** Its expected final score (its score, once filled). */
  points: number;
  /** A box that scores one value or nothing (Full House, the straights, Yahtzee): the chance it is scored. */
  chance?: number;
}

/**
 * Where an option's expected final total comes from (`yahtzee advise --explain --json`'s
 * `explain` object), the card's points included: the boxes, the upper bonus's chance and
 * the bonuses add up to `points_so_far + ev_remaining` (within the companion table's
 * `f32` rounding).
 */
export interface Explain {
  /** Each box, in card order. */
  boxes: ExplainBox[];
  /** The chance of the upper bonus (1 once it is on the card). */
  upper_bonus: number;
  /** The expected extra-Yahtzee bonus points at the end (those on the card included). */
  yahtzee_bonus: number;
  /** House rule mega-yahtzee: the expected Mega bonus points (left out when 0). */
  mega_bonus?: number;
  /** Every option but the best: the (at most three) parts that differ most from the best's, in words ("upper bonus 65% instead of 67%"). */
  why?: string[];
  /** The best option only: its parts in words, as `advise --explain` prints them ("Threes 8.9", "Full house 91%", "upper bonus 67%"). */
  words?: string[];
}

/** One option, best first in `Report.options`. Exactly one of keep / category / chance_chance / sixth_die is set. */
export interface ReportOption {
  /** Dice to keep (then reroll the rest); with `mulligan`, the once-per-game fourth roll. */
  keep?: number[];
  mulligan?: boolean;
  /** The box to fill, and what it scores there (bonuses in `points_now`). */
  category?: string;
  score?: number;
  /** On a six-dice turn: the five dice the box scores. */
  scored?: number[];
  /** House rule chance-chance: reroll all five into Chance. */
  chance_chance?: boolean;
  /** House rule mega-yahtzee, before the first roll: take the sixth die (true) or roll five. */
  sixth_die?: boolean;
  /** Expected points still to come under optimal play (points on the card not included). */
  ev_remaining: number;
  /** Expected points lost against the best option (0 for the best). */
  loss: number;
  /** Asked with `explain: true`: where this option's expected final total comes from. */
  explain?: Explain;
  [field: string]: unknown;
}

/** Every option of a position, as `yahtzee advise --json` prints it. */
export interface Report {
  rules: string;
  /** The dice asked about ([] for the sixth-die question). */
  dice: number[];
  rolls_left: number;
  /** "this-turn" when the question said the dice are the mulligan's roll. */
  mulligan?: 'this-turn';
  points_so_far: number;
  /** points_so_far + the best option's ev_remaining. */
  expected_final: number;
  options: ReportOption[];
  [field: string]: unknown;
}

/** One instance of the engine; the tables it solved or loaded live in its memory. */
export declare class Engine {
  /** The engine's version and table format, e.g. "0.1.0+table2": key stored tables by it. */
  readonly version: string;
  /** Every rule set (80). */
  rules(): RuleInfo[];
  /** The card of a rule set. */
  card(rules: string): CardLayout;
  /** Whether the whole table of `rules` is solved or loaded (not only a part: `solveFor`). */
  hasTable(rules: string): boolean;
  /** Solves the table of `rules` (about a second for "forced"); returns the empty card's optimal expected score. */
  solve(rules: string, onProgress?: (done: number, total: number) => void): number;
  /**
   * Solves the part of the table the question's card can still reach (a sixteenth of the
   * work with four boxes filled): `advise` answers that card and the cards after it until
   * the whole table comes. Returns the card's expected points still to come.
   */
  solveFor(question: AdviseQuestion | string, onProgress?: (done: number, total: number) => void): number;
  /** Whether `advise(question)` answers from a table in memory (whole or part), without solving. */
  covers(question: AdviseQuestion | string): boolean;
  /** The table of `rules` as the bytes of its file, to store (IndexedDB, a file); refused while only a part is solved. */
  tableBytes(rules: string): Uint8Array;
  /** Loads a stored table, checked like a file; throws YahtzeeError on a damaged or foreign one. Returns the empty card's value. */
  loadTable(rules: string, bytes: Uint8Array | ArrayBuffer): number;
  /** Forgets the table of `rules`. */
  dropTable(rules: string): void;
  /** Every option of a position, best first; solves the table first when it is not loaded. */
  advise(question: AdviseQuestion | string): Report;
}

/**
 * Loads the engine that also explains (by default the yahtzee-explain.wasm shipped beside
 * yahtzee.js): Yahtzee as `load()` gives it, and `advise({..., explain: true})`.
 */
export declare function loadExplain(source?: WasmSource): Promise<ExplainEngine>;

/** A set of the trainer's puzzles (docs/TRAIN.md): a seed, or a date for the daily puzzle. */
export interface PuzzleRequest {
  /** A rule set's name (default "forced"). */
  rules?: string;
  house?: string[];
  /** The set's seed: the same puzzles on every front end. */
  seed?: number;
  /** The daily puzzle's date, "YYYY-MM-DD" (instead of a seed; one puzzle). */
  date?: string;
  /** 1 to 200 (default 10). */
  count?: number;
  difficulty?: 'easy' | 'medium' | 'hard';
}

/** One puzzle: a position of a seeded game with every option ranked and explained. */
export interface Puzzle {
  /** Its place in the set, from 1. */
  number: number;
  /** The seeded game (from 0) and the turn (from 1) it comes from. */
  game: number;
  turn: number;
  /** The card, as `--card` takes it. */
  card: string;
  theme: 'upper-bonus' | 'straights-vs-pairs' | 'chasing-yahtzee' | 'joker' | 'where-to-zero' | 'endgame';
  difficulty: 'easy' | 'medium' | 'hard';
  /** "trap": a plausible player's (greedy or myopic) option loses a point or more; "close": the best wins by under a quarter point. */
  kind: 'trap' | 'close';
  /** By how many points the best option beats the next. */
  margin: number;
  /** The greedy and the myopic players' options, and the one the best is set against (indexes into `report.options`). */
  greedy: number;
  myopic: number;
  against: number;
  /** The position's options ranked, each with its loss and explanation. */
  report: Report;
}

/** The Yahtzee engine with each option's explanation, from the rule set's companion table. */
export declare class ExplainEngine extends Engine {
  /** The trainer's puzzles, the same as `yahtzee train list --json` (value and companion tables built first when missing). */
  puzzles(request: PuzzleRequest): Puzzle[];
  /** Whether the companion table of `rules` is built or loaded. */
  hasCompanion(rules: string): boolean;
  /** Builds the companion table of `rules` (its value table solved first when missing), `onProgress(done, total)` hearing the card's levels done. */
  solveCompanion(rules: string, onProgress?: (done: number, total: number) => void): void;
  /** The companion table of `rules` as the bytes of its file (docs/TABLE_FORMAT.md §13: 34 MB for "forced"), to store. */
  companionBytes(rules: string): Uint8Array;
  /** Loads a stored companion table, checked like its file; throws YahtzeeError on a damaged or foreign one. */
  loadCompanion(rules: string, bytes: Uint8Array | ArrayBuffer): void;
}

/** Loads the engine with every game (by default the yahtzee-games.wasm shipped beside yahtzee.js). */
export declare function loadGames(source?: WasmSource): Promise<GamesEngine>;

/** A Triple Yahtzee position: the body of `POST /api/advise` with `"game": "triple"`. */
export interface TripleQuestion {
  /** "1978" (default) or "forum". */
  variant?: string;
  /** "fitted" (default), "solitaire" or "greedy". */
  strategy?: string;
  /** The card in the CLI's syntax: "1.ones=3 3.yahtzee=50 bonus=100" ("" for a new card). */
  card?: string;
  dice: string | number[];
  rolls_left: number;
}

/** One Triple Yahtzee option: a keep, or a box of a column to score. */
export interface TripleOption {
  /** As the CLI prints it: "keep 6 6 6", "x3 sixes (+54)". */
  option: string;
  keep?: number[];
  column?: number;
  category?: string;
  points?: number;
  ev_remaining: number;
  loss: number;
  [field: string]: unknown;
}

/** Triple Yahtzee advice, as `yahtzee triple advise --json` prints it. */
export interface TripleAdvice {
  game: 'triple';
  variant: string;
  strategy: string;
  card: string;
  total: number;
  dice: number[];
  rolls_left: number;
  expected_final: number;
  options: TripleOption[];
  [field: string]: unknown;
}

/** A Yahtzix position: the body of `POST /api/advise` with `"game": "yahtzix"`. */
export interface YahtzixQuestion {
  /** Points to win, a multiple of 50 (default 2000; here up to 1000). */
  target?: number;
  four_of_a_kind?: boolean;
  /** Two players: your score, the opponent's, and whether you move second. */
  me?: number;
  opp?: number;
  second?: boolean;
  /** Three or more players: every seat's score, seat 1 first, and the seat to move (from 1). */
  scores?: number[];
  to_move?: number;
  /** Before a roll with an offer: its total and dice ("150:2"), or the dice of a roll with the roll's number and the total set aside. */
  offer?: string;
  dice?: string;
  roll?: number;
  total?: number;
  /** Three or more players: false to skip the chance to win the table (no games played out). */
  table?: boolean;
  [field: string]: unknown;
}

/** One Yahtzix option with its chance to win. */
export interface YahtzixOption {
  /** As the CLI prints it: "bank 30", "keep 1 1 (+20), 4 dice left", "go for it". */
  option: string;
  p_win: number;
  loss: number;
  go_for_it?: boolean;
  roll_fresh?: boolean;
  roll?: number;
  bank?: boolean;
  keep?: number[];
  /** Three or more players: the chance to win the whole table after it (see `table_chance`), and, for an estimate, its 95% half-width. */
  p_table?: number;
  p_table_ci95?: number;
}

/** How the chances to win the table were reckoned: exact from the three-player game (three players, a target up to 200, where it fits), or estimated from games played out by the bots. */
export type TableChance =
  | { kind: 'exact'; bots: 'three-player table' }
  | {
      kind: 'estimate';
      /** Games played out for each option, and their seed. */
      games: number;
      seed: number;
      bots: string;
    };

/** Yahtzix advice, as `yahtzee yahtzix advise --json` prints it. */
export interface YahtzixAdvice {
  game: 'yahtzix';
  rules: string;
  target: number;
  players: number;
  scores: number[];
  to_move: number;
  /** "exact" for two players; "heads-up" for more (the two-player table against the leader). */
  strategy: string;
  against: number;
  seat: 'first' | 'second';
  me: number;
  opp: number;
  p_win: number;
  bust: boolean;
  options: YahtzixOption[];
  /** Three or more players (unless the question said `table: false`). */
  table_chance?: TableChance;
  [field: string]: unknown;
}

/** A Painted Yahtzee position: the body of `POST /api/painted/advise`. */
export interface PaintedQuestion {
  /** "painted" (default) or a reduced game "painted:c2:ones,yahtzee,colours,flush". */
  game?: string;
  /** The card in the CLI's syntax: "ones=3 red=12 flush=50". */
  card?: string;
  /** Five dice, a number and a colour letter each: "5r 5y 2g 3b 1p". */
  dice: string | string[];
  rolls_left: number;
}

/** One Painted Yahtzee option. */
export interface PaintedOption {
  /** "keep" or "score". */
  action: string;
  keep?: string;
  box?: string;
  points?: number;
  value: number;
  loss: number;
  [field: string]: unknown;
}

/** Painted Yahtzee advice, as `yahtzee painted advise --json` prints it. */
export interface PaintedAdvice {
  game: string;
  /** "exact" (a reduced game's table) or "split+corrected" (the full game in a browser). */
  strategy: string;
  dice: string;
  rolls_left: number;
  card_points: number;
  expected_total: number;
  options: PaintedOption[];
  [field: string]: unknown;
}

/** Progress of a table being built: work done of the total. */
export type Progress = (done: number, total: number) => void;

/** One game's door. */
export interface GameDoor<Q, A> {
  advise(question: Q, onProgress?: Progress): A;
}

/** A file built by the engine, to store. */
export interface BuiltFile {
  name: string;
  bytes: Uint8Array;
}

/** The engine with every game. */
export declare class GamesEngine extends Engine {
  readonly triple: GameDoor<TripleQuestion, TripleAdvice>;
  readonly yahtzix: GameDoor<YahtzixQuestion, YahtzixAdvice>;
  readonly painted: GameDoor<PaintedQuestion, PaintedAdvice>;
  /** Any game by its `game` field ("yahtzee" when absent). */
  advise(question: AdviseQuestion | string, onProgress?: Progress): Report;
  advise(question: TripleQuestion & { game: 'triple' }, onProgress?: Progress): TripleAdvice;
  advise(question: YahtzixQuestion & { game: 'yahtzix' }, onProgress?: Progress): YahtzixAdvice;
  advise(question: PaintedQuestion & { game: string }, onProgress?: Progress): PaintedAdvice;
  /** The names of the stored files a question needs. */
  files(question: object | string): string[];
  /** Hands in a stored file (checked when first needed). */
  give(name: string, bytes: Uint8Array | ArrayBuffer): void;
  /** `give` from a Blob, read in chunks straight into the engine's memory. */
  giveBlob(name: string, blob: Blob): Promise<void>;
  /** Files built since the last call (to store) and handed-in files refused (to delete). */
  takeBuilt(): { built: BuiltFile[]; rejected: string[] };
  /** The names of the files built since the last call (to `take` one by one) and refused. */
  built(): { built: string[]; rejected: string[] };
  /** The bytes of one built file, once. */
  take(name: string): Uint8Array;
  /** `take` as a Blob, copied once from the engine's memory (to store in IndexedDB). */
  takeBlob(name: string): Blob;
  /** The most memory a build may take, in bytes (default 400 MB). */
  setMemoryLimit(bytes: number): void;
}
