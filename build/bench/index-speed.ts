// Indexing speed: a full index into a new database, then an unchanged re-index.
// Usage: npm run bench:index [-- ROOT] [--model none] [--store sqlite|postgres]
// (default: ../shared/eval/wikis/interconnected-10k on SQLite; --store postgres: a throwaway cluster, bench-store.ts)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveSettings } from '../../electron/engine/config/settings.ts';
import { Engine } from '../../electron/engine/engine.ts';
import { benchStore, storeKindOf } from './bench-store.ts';

const root = path.resolve(
  process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : path.join(import.meta.dirname, '../../../shared/eval/wikis/interconnected-10k'),
);
if (!fs.existsSync(root)) {
  console.error(`bench: ${root} does not exist; pass a folder of markdown`);
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-'));
// --model none times the index alone; the default also builds the adaptive model and embeds
const model = process.argv.includes('--model') ? process.argv[process.argv.indexOf('--model') + 1] : undefined;
const store = await benchStore(storeKindOf(process.argv), dir);
const engine = Engine.open(resolveSettings({ roots: [root], db: await store.location('bench'), model, env: { CAIRN_CONFIG: path.join(dir, 'none.json') } }));
// when each phase of the first run began
const phases: [string, number][] = [];
const onProgress = (p: { phase: string }) => {
  if (phases.at(-1)?.[0] !== p.phase) phases.push([p.phase, performance.now()]);
};
engine.events.on('indexProgress', onProgress);
try {
  const full = await engine.reindex();
  engine.events.off('indexProgress', onProgress);
  const again = await engine.reindex();
  const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
  console.log(`machine: ${os.cpus().length} x ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  console.log(store.describe());
  console.log(`root: ${root}`);
  console.log(`pages ${full.pages}, chunks ${full.chunks}, links ${full.links} (${full.dangling} dangling, ${full.brokenAnchors} broken anchors)`);
  console.log(`full index:      ${(full.ms / 1000).toFixed(2)} s  (${Math.round(full.pages / (full.ms / 1000))} pages/s): scan, parse, write, link`);
  console.log(`  phases: ${phases.map(([name, at], i) => `${name} ${(((phases[i + 1]?.[1] ?? at) - at) / 1000).toFixed(2)} s`).join(', ')}`);
  console.log(
    `  + semantic:    ${(full.semanticMs / 1000).toFixed(2)} s  model ${full.model ?? 'none'}, ${full.embedded} chunks embedded${full.modelNote ? ` (${full.modelNote})` : ''}`,
  );
  console.log(`unchanged again: ${((again.ms + again.semanticMs) / 1000).toFixed(2)} s  (${again.indexed} files re-read, ${again.embedded} chunks embedded)`);
  const card = engine.semantic.embedder?.info;
  const params = card?.provenance.params as { timings?: Record<string, number>; buildMs?: number } | undefined;
  if (params?.timings)
    console.log(
      `adaptive build:  ${((params.buildMs ?? 0) / 1000).toFixed(2)} s: ${Object.entries(params.timings)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(2)} s`)
        .join(', ')}`,
    );
} finally {
  await engine.close();
  store.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
