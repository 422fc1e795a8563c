// Painted Yahtzee's state in the address: the game (its seed and the dice stream's state,
// the card, the dice, the roll, the dice kept, the cost so far) or the advise form's
// position (?mode=advise&card=…&dice=…&rolls=…).

import { input, select } from '../dom.js';
import { setAddress } from '../address.js';
import { advising } from '../modes.js';
import { cardText } from './card.js';
import { dieText } from './dice.js';
import { game, rolled } from './game.js';

export function updateUrl() {
  const q = new URLSearchParams();
  if (advising()) {
    q.set('mode', 'advise');
    const c = input('#card-text').value.trim();
    if (c) q.set('card', c);
    q.set('dice', input('#dice-text').value.replace(/[\s,]+/g, ''));
    q.set('rolls', select('#rolls-left').value);
  } else {
    q.set('seed', String(game.seed));
    q.set('rng', String(game.rng));
    const c = cardText(game.scores, game.bonus);
    if (c) q.set('card', c);
    if (game.rolls > 0 && !game.over) {
      q.set('dice', rolled().map(dieText).join(''));
      q.set('rolls', String(3 - game.rolls));
      if (game.kept.some(Boolean)) q.set('keep', game.kept.map((k) => (k ? '1' : '0')).join(''));
    }
    if (game.cost > 0) q.set('cost', String(game.cost));
  }
  setAddress(q);
}
