// What the browser tests and the benchmarks read from or put into a page, in one place:
// window.YahtzeeClient (the engine's door), window.yahtzeeEngineStats (what the engine
// did), window.yahtzeeTestDice (faces dealt before any random one), window.yahtzeeStepMs
// (Yahtzix's pause between a bot's steps), window.yahtzeeFirstAdviceMs (the advisor's
// first answer), and the games' window.yahtzixState, window.yahtzixChoices and
// window.paintedGame.

/** The page's window, where the hooks live (any: the tests put what they like there). */
export const hooks = /** @type {any} */ (window);

/**
 * The next face a test asked for (window.yahtzeeTestDice, dealt in order), as given.
 * @returns {unknown}
 */
export function riggedFace() {
  const rigged = hooks.yahtzeeTestDice;
  return Array.isArray(rigged) && rigged.length ? rigged.shift() : undefined;
}
