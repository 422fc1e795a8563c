// The panels the game pages share, written once here: a page puts an empty
// <section class="panel" id="…" data-panel="NAME"> where one goes, and frame() fills it
// before the page starts. What a page adds to a panel stays in its markup, inside the
// placeholder: a child with data-slot="row" joins the panel's button row, one with
// data-slot="end" goes just before its options table, and any other child goes where the
// panel keeps the page's own lines (after the advice's heading, say).
//
//   solo-play  a solitaire game's turn (Triple and Painted Yahtzee): the dice to keep, Roll,
//              the hint, the feedback on the last move, the result, the options table.
//              data-dice: the dice row's classes (Painted's coloured dice: "dice pdice").
//   position   the form of a position to advise on: its heading, the page's fields, then
//              with data-moments the moment in the turn (#rolls-left, which frame() fills),
//              the page's data-slot="end" fields, and the Advise button (#advise).
//   advice     the advice on a position: its heading, the page's lines, the options table.
//   card       a card's heading (data-title) with its total (a span, id data-total) over
//              the page's own card table.
//   log        a game's log (the game page, Yahtzix): one line a move.

/** Each panel's markup; `<i data-slot="…">` marks where a page's own children go. */
const PANELS = {
  /** @param {DOMStringMap} data */
  'solo-play': (data) => `
    <p id="turn-info"></p>
    <div id="dice" class="${data.dice ?? 'dice'}" aria-label="dice: press a die to keep it"></div>
    <div class="row">
      <button type="button" class="btn" id="roll">Roll</button>
      <label class="small"><input type="checkbox" id="show-hint" checked>show hints</label>
      <i data-slot="row"></i>
    </div>
    <p class="muted small">Press dice to keep them, roll up to 3 times, then press a dashed box on the card to score there.</p>
    <div id="hint" class="hint" aria-live="polite"></div>
    <p id="feedback" aria-live="polite"></p>
    <p id="cost-total" class="muted small"></p>
    <p id="result" hidden></p>
    <i data-slot="end"></i>
    <table class="options" id="play-options" aria-label="options, best first"><thead></thead><tbody></tbody></table>`,
  /** @param {DOMStringMap} data */
  position: (data) => `
    <h2>Position</h2>
    <i data-slot="own"></i>
    ${data.moments === undefined ? '' : `<label class="field"><span>Position in the turn</span>
      <select id="rolls-left"></select>
    </label>`}
    <i data-slot="end"></i>
    <button type="button" class="btn" id="advise">Advise</button>`,
  advice: () => `
    <h2>Advice</h2>
    <i data-slot="own"></i>
    <table class="options" id="options" aria-label="options, best first"><thead></thead><tbody></tbody></table>`,
  /** @param {DOMStringMap} data */
  card: (data) => `
    <h2>${data.title ?? ''} <span class="muted small" id="${data.total ?? ''}"></span></h2>
    <i data-slot="own"></i>`,
  log: () => `
    <h2>Game log</h2>
    <ul id="log"></ul>`,
};

/** @param {string} name @returns {name is keyof PANELS} */
const isPanel = (name) => Object.hasOwn(PANELS, name);

/**
 * Fills every `[data-panel]` placeholder of the page with its panel, the page's own
 * children in their slots.
 */
export function fillPanels() {
  for (const section of document.querySelectorAll('[data-panel]')) {
    if (!(section instanceof HTMLElement)) continue;
    const name = section.dataset.panel ?? '';
    if (!isPanel(name)) throw new Error(`no panel is called ${name}`);
    const own = [...section.children];
    section.innerHTML = PANELS[name](section.dataset);
    for (const marker of section.querySelectorAll('i[data-slot]')) {
      if (!(marker instanceof HTMLElement)) continue;
      const slot = marker.dataset.slot;
      marker.replaceWith(...own.filter((child) => (child.getAttribute('data-slot') ?? 'own') === slot));
    }
  }
}
