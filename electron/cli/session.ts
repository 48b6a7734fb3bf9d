// Opens the engine for a command (its contract methods through dispatch, as every door calls them): resolves settings (naming which source won), and builds the
// index on first use so that `npx cairn links --dangling` works on a fresh checkout.
import type { IndexProgress } from '../../shared/indexing.ts';
import { modelSettingText } from '../engine/config/model-setting.ts';
import { redactUrl } from '../engine/config/pg-url.ts';
import { resolveSettings, DEMO_WIKI, type Settings } from '../engine/config/settings.ts';
import { Engine } from '../engine/engine.ts';
import { engineApi, type EngineApi } from '../engine/engine-api.ts';

const SOURCE_TEXT = { cli: 'command line', env: 'environment', config: 'config file', default: 'default' } as const;

export function describeSettings(s: Settings): string {
  const roots =
    s.rootsSource === 'default' && s.roots[0] === DEMO_WIKI
      ? `${DEMO_WIKI} (the demo wiki: pass folders, set CAIRN_ROOTS, or "roots" in ${s.configPath})`
      : `${s.roots.join(', ')} (${SOURCE_TEXT[s.rootsSource]})`;
  return `cairn: roots ${roots}\ncairn: index ${redactUrl(s.db)} (${SOURCE_TEXT[s.dbSource]})\ncairn: embedding model ${modelSettingText(s.model)} (${SOURCE_TEXT[s.modelSource]})\n`;
}

/** `announce`: say which roots and database were chosen, and why (commands that index do). */
export async function openSession(opts: {
  roots?: string[];
  db?: string | undefined;
  model?: string | undefined;
  reranker?: string | undefined;
  announce?: boolean;
}): Promise<EngineApi> {
  const settings = resolveSettings({ roots: opts.roots, db: opts.db, model: opts.model, reranker: opts.reranker });
  if (opts.announce) process.stderr.write(describeSettings(settings));
  return engineApi(Engine.open(settings));
}

export async function ensureIndexed(engine: EngineApi): Promise<void> {
  if (!(await engine.isEmpty())) return;
  process.stderr.write(`${describeSettings(engine.settings)}cairn: no index yet, building it first\n`);
  await withProgressBar(engine, () => engine.reindex());
}

/** Draws a one-line progress bar on stderr while `work` runs when stderr is a terminal; elsewhere (a
 * log, a pipe) prints one line as each phase begins. */
export async function withProgressBar<T>(engine: Pick<EngineApi, 'events'>, work: () => Promise<T>): Promise<T> {
  const tty = process.stderr.isTTY;
  let phase: IndexProgress['phase'] | null = null;
  const draw = (p: IndexProgress) => {
    if (!tty) {
      if (p.phase !== phase) process.stderr.write(`cairn: ${p.phase}: ${p.seen}/${p.total} files${p.note ? ` (${p.note})` : ''}\n`);
      phase = p.phase;
      return;
    }
    const width = 28;
    const done = p.total ? Math.min(1, p.seen / p.total) : 0;
    const bar = '#'.repeat(Math.round(done * width)).padEnd(width, '.');
    process.stderr.write(
      `\r${p.phase.padEnd(5)} [${bar}] ${p.seen}/${p.total} files  ${p.indexed} indexed  ${p.unchanged} unchanged  ${p.skipped} skipped  ${p.failed} failed `,
    );
  };
  engine.events.on('indexProgress', draw);
  try {
    return await work();
  } finally {
    engine.events.off('indexProgress', draw);
    if (tty) process.stderr.write('\r\x1b[K');
  }
}
