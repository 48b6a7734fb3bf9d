// What an indexing run's time went to, phase by phase, from its start until its pages are
// searchable with their vectors. A run told only its pages' part ("indexed 173 pages in 1.07 s")
// while its model took the other 8 s; here every moment of the run belongs to one phase, so the
// phases add up to the whole.
import type { IndexProgress, PhaseTime, RunPhase } from '../../../shared/indexing.ts';

/** The phase of the report a progress event's phase counts in (downloading the model is getting it). */
const REPORTED: Record<IndexProgress['phase'], RunPhase | null> = {
  scan: 'scan',
  index: 'index',
  link: 'link',
  model: 'model',
  download: 'model',
  embed: 'embed',
  done: null,
};

export class RunClock {
  private readonly started = performance.now();
  /** The phase under way and since when; a run is finding its files from its first moment. */
  private current: { phase: RunPhase; since: number } = { phase: 'scan', since: this.started };
  /** Time spent in each phase so far, in the order the phases were first entered. */
  private readonly spent = new Map<RunPhase, number>();

  /** The run moves on to `phase` (a phase entered again adds to its time). */
  enter(phase: RunPhase): void {
    if (phase === this.current.phase) return;
    const now = performance.now();
    this.close(now);
    this.current = { phase, since: now };
  }

  /** Follows the run's progress events. */
  heard(progress: IndexProgress): void {
    const phase = REPORTED[progress.phase];
    if (phase) this.enter(phase);
  }

  /** The whole run until now, and each phase's part of it. */
  stop(): { totalMs: number; phases: PhaseTime[] } {
    const now = performance.now();
    this.close(now);
    this.current.since = now;
    return {
      totalMs: Math.round(now - this.started),
      phases: [...this.spent].map(([phase, ms]) => ({ phase, ms: Math.round(ms) })),
    };
  }

  private close(now: number): void {
    const { phase, since } = this.current;
    this.spent.set(phase, (this.spent.get(phase) ?? 0) + (now - since));
  }
}
