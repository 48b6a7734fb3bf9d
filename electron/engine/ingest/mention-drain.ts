// The drain of the mention matching writes left pending (pending-mentions.ts), in the background of
// a process that writes: a chunk at a time, each its own short write transaction, yielding to the
// event loop between chunks, so that requests go on beside it. Before each chunk it lets the
// writes under way finish (`turn`, index-runs.ts), yet never waits for ever under a steady stream
// of them. Many writes' work coalesces: a kick while it drains only makes it look again when done.
// Servers sharing a PostgreSQL index may each drain: every chunk takes the index's write lock and
// reads the pending work inside it, so chunks go one at a time across servers and never match a
// page twice for one piece of work; a server that stops (killed, closed) leaves the rest pending,
// for the next run or the next write anywhere.
import type { Store } from '../store/store.ts';
import { drainPending } from './mention-chunks.ts';

export class MentionDrain {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  /**
   * `turn`: resolves when a chunk may go (the writes under way done), having yielded to the event
   * loop; `drained`: called when a drain that matched pages has emptied the pending work.
   */
  constructor(
    private readonly store: Store,
    private readonly turn: () => Promise<void>,
    private readonly drained: () => void,
  ) {}

  /** Drains in the background; failures leave the work pending for the next kick. */
  kick(): void {
    this.run().catch(() => {});
  }

  /** Drains until nothing is pending (what another process left too); rejects when a chunk fails. */
  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      // and once more after it: the drain under way may have read the store for the last time already
      return this.running.then(() => this.run());
    }
    const running = (this.running = this.loop().finally(() => {
      if (this.running === running) this.running = null;
    }));
    return running;
  }

  /** Stops after the chunk under way (what is left stays pending in the store). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => {});
  }

  private async loop(): Promise<void> {
    let pages = 0;
    const turn = async () => {
      await this.turn();
      return !this.stopped;
    };
    do {
      this.again = false;
      pages += await drainPending(this.store, turn);
    } while (this.again && !this.stopped);
    if (pages && !this.stopped) this.drained();
  }
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
