// The games menu every page shows in its header (<nav class="games">): one link per page,
// the page on screen marked (aria-current="page"). A new page is added here once.

const PAGES = [
  ['./', 'Yahtzee advisor'],
  ['play.html', 'Play Yahtzee'],
  ['triple.html', 'Triple Yahtzee'],
  ['yahtzix.html', 'Yahtzix'],
  ['painted.html', 'Painted Yahtzee'],
  ['train.html', 'Trainer'],
];

/**
 * Fills the menu; `current` is this page's link ('./' for the advisor).
 * @param {string} current
 */
export function gamesMenu(current) {
  const nav = document.querySelector('nav.games');
  if (!nav) return;
  nav.textContent = '';
  for (const [href, text] of PAGES) {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    if (href === current) a.setAttribute('aria-current', 'page');
    nav.append('\n      ', a);
  }
  nav.append('\n    ');
}
