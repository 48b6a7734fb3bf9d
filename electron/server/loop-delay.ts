// How long the server's event loop was held up, for benchmarks (npm run bench:agents): a search
// or a write that blocks the loop delays every other request, which request latencies alone do
// not tell apart from queueing. Off unless CAIRN_LOOP_DELAY=1; Node's histogram samples the loop
// on a timer of its own, so nothing runs on the request path. The figures go to stderr: on
// SIGUSR2 (then the histogram starts again, so a benchmark can measure one phase at a time) and
// when the server stops.
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The sampling timer's period: each sample is the time between two ticks, so the delay is what
 * exceeds it (a loop blocked for B ms shows as between B - 5 and B). */
const RESOLUTION_MS = 5;

export interface LoopDelayReport {
  /** Writes the last line and stops sampling. */
  stop(): void;
}

/** Null unless `env.CAIRN_LOOP_DELAY` is 1. `write` gets one line per report. */
export function reportLoopDelay(env: NodeJS.ProcessEnv, write: (line: string) => void): LoopDelayReport | null {
  if (env.CAIRN_LOOP_DELAY !== '1') return null;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let since = performance.now();
  const report = (why: string) => {
    write(describeDelay(why, histogram, (performance.now() - since) / 1000));
    histogram.reset();
    since = performance.now();
  };
  const onSignal = () => report('since the last report');
  // Windows has no SIGUSR2: there the line comes at exit only
  if (process.platform !== 'win32') process.on('SIGUSR2', onSignal);
  return {
    stop() {
      process.off('SIGUSR2', onSignal);
      report('at exit');
      histogram.disable();
    },
  };
}

/** One line a benchmark can parse: `event loop delay (WHY): max X ms, p99 Y ms, mean Z ms over S s`. */
function describeDelay(why: string, h: ReturnType<typeof monitorEventLoopDelay>, seconds: number): string {
  const ms = (ns: number) => (Number.isFinite(ns) && h.count > 0 ? Math.max(0, ns / 1e6 - RESOLUTION_MS) : 0).toFixed(1);
  return `event loop delay (${why}): max ${ms(h.max)} ms, p99 ${ms(h.percentile(99))} ms, mean ${ms(h.mean)} ms over ${seconds.toFixed(1)} s`;
}
