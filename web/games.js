// What the Triple Yahtzee, Yahtzix and Painted Yahtzee pages share: dice on screen, the
// dice roller, the error line, the games menu, and the one door to the API (client.js's
// YahtzeeClient: `yahtzee serve`, whose 503 "building" loop shows the status line while
// the server prepares a game, or on the static site the games' WebAssembly module in the
// page's worker, whose progress shows the same line while it builds a table).
'use strict';

window.YahtzeeGames = (() => {
  const $ = (sel, root = document) => root.querySelector(sel);
  const PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

  function makeDie(tag, cls) {
    const el = document.createElement(tag);
    el.className = cls;
    for (let i = 0; i < 9; i++) {
      const p = document.createElement('span');
      p.className = 'pip';
      el.appendChild(p);
    }
    return el;
  }

  function setFace(el, face) {
    el.dataset.face = String(face);
    const on = PIPS[face] || [];
    [...el.children].forEach((p, i) => p.classList.toggle('on', on.includes(i)));
  }

  // A fair die: crypto.getRandomValues, or first the faces a browser test put in
  // window.yahtzeeTestDice (dealt in order), as on play.html.
  function randomDie() {
    const rigged = window.yahtzeeTestDice;
    if (Array.isArray(rigged) && rigged.length) {
      const f = Number(rigged.shift());
      if (Number.isInteger(f) && f >= 1 && f <= 6) return f;
    }
    const a = new Uint8Array(1);
    do { crypto.getRandomValues(a); } while (a[0] >= 252);   // 252 = 6 * 42: no bias
    return a[0] % 6 + 1;
  }

  function setError(msg) {
    const e = $('#error');
    e.textContent = msg || '';
    e.hidden = !msg;
  }

  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  const sameMultiset = (a, b) => a.length === b.length && sorted(a).join() === sorted(b).join();

  // For each of `dice`, whether it is one of `keep` (matched as a multiset).
  function keptMask(dice, keep) {
    const mask = dice.map(() => false);
    for (const v of keep) {
      const i = dice.findIndex((d, j) => d === v && !mask[j]);
      if (i >= 0) mask[i] = true;
    }
    return mask;
  }

  // Resolves to where the answers come from ('server' or 'static') once it is known.
  const ready = () => YahtzeeClient.ready;

  const api = (url, body, isCurrent) => YahtzeeClient.api(url, body, isCurrent);

  return { $, makeDie, setFace, randomDie, setError, sorted, sameMultiset, keptMask, ready, api };
})();
