// A model build runs in the process that answers searches (the server, the app): its long loops
// give the event loop a turn every few tens of milliseconds, so searches on the other lanes are
// answered while it builds instead of waiting for the whole step.
import { setImmediate as nextTurn } from 'node:timers/promises';

export class Breather {
  private last = performance.now();

  constructor(private readonly budgetMs = 25) {}

  /** Yields when the budget is spent; cheap to call in a loop. */
  async breathe(): Promise<void> {
    if (performance.now() - this.last < this.budgetMs) return;
    await nextTurn();
    this.last = performance.now();
  }
}
