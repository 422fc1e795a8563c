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
  /** Whether the table of `rules` is solved or loaded. */
  hasTable(rules: string): boolean;
  /** Solves the table of `rules` (about a second for "forced"); returns the empty card's optimal expected score. */
  solve(rules: string, onProgress?: (done: number, total: number) => void): number;
  /** The table of `rules` as the bytes of its file, to store (IndexedDB, a file). */
  tableBytes(rules: string): Uint8Array;
  /** Loads a stored table, checked like a file; throws YahtzeeError on a damaged or foreign one. Returns the empty card's value. */
  loadTable(rules: string, bytes: Uint8Array | ArrayBuffer): number;
  /** Forgets the table of `rules`. */
  dropTable(rules: string): void;
  /** Every option of a position, best first; solves the table first when it is not loaded. */
  advise(question: AdviseQuestion | string): Report;
}
