// The answer a page no longer wants: thrown instead of it when the question's isCurrent()
// turned false while it was out (a newer question, a new game), so the page drops it.

export class Stale extends Error {}
