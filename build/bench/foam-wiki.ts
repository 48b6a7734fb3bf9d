// The foam-docs wiki (../shared/eval/wikis/foam-docs) indexed into a throwaway SQLite file, for
// the benches that ask it hand-labelled questions through the contract as any door does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CairnApi } from '../../shared/contract.ts';
import type { IndexReport } from '../../shared/indexing.ts';
import { resolveSettings } from '../../electron/engine/config/settings.ts';
import { Engine } from '../../electron/engine/engine.ts';
import { engineApi } from '../../electron/engine/engine-api.ts';

export const FOAM_WIKI = path.resolve(import.meta.dirname, '../../../shared/eval/wikis/foam-docs');

/** Exits the bench, saying why, when the shared eval data is not here. */
function requireFoamWiki(bench: string): void {
  if (fs.existsSync(FOAM_WIKI)) return;
  console.log(`${bench} skipped: ${FOAM_WIKI} is missing (the foam-docs wiki from the shared eval data); nothing measured`);
  process.exit(0);
}

/** A bench's question set (a JSON file beside the benches) and its flags: `--model M`, `--per-question`.
 * Exits when the wiki is missing; refuses a set naming a page the wiki lacks (it would score as a miss for ever). */
export function questionSet<Q>(bench: string, file: string, pagesOf: (q: Q) => string[]): { questions: Q[]; model: string | undefined; perQuestion: boolean } {
  requireFoamWiki(bench);
  const set = path.join(import.meta.dirname, file);
  const questions = JSON.parse(fs.readFileSync(set, 'utf8')) as Q[];
  const unknown = questions.flatMap(pagesOf).filter((p) => !fs.existsSync(path.join(FOAM_WIKI, p)));
  if (unknown.length) throw new Error(`${set} names pages foam-docs does not have: ${[...new Set(unknown)].join(', ')}`);
  const args = process.argv.slice(2);
  return { questions, model: args.includes('--model') ? args[args.indexOf('--model') + 1] : undefined, perQuestion: args.includes('--per-question') };
}

/** Indexes foam-docs with `model` (the settings' default when undefined) and runs `use` on it. */
export async function withFoamWiki<T>(bench: string, model: string | undefined, use: (api: CairnApi, report: IndexReport) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cairn-${bench}-`));
  const engine = Engine.open(
    resolveSettings({ roots: [FOAM_WIKI], db: path.join(dir, 'bench.db'), model, env: { CAIRN_CONFIG: path.join(dir, 'none.json') } }),
  );
  try {
    const report = await engine.reindex();
    return await use(engineApi(engine), report);
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
