// `cairn models`: the recommended hub models, which are downloaded, and `pull` to download one
// (from the hub, or the mirror HF_ENDPOINT or --endpoint names) with progress, checked file by file.
import { HUB_CACHE, resolveSettings } from '../engine/config/settings.ts';
import { HUB_ENDPOINT } from '../engine/embed/hub-download.ts';
import { downloadedHubModel, modelChoices } from '../engine/embed/model-catalog.ts';
import { isCrossEncoder, RERANKER_CATALOG } from '../engine/rerank/reranker-catalog.ts';
import { RERANK_DEPTH } from '../../shared/search.ts';
import { parse, UsageError } from './args.ts';
import { ensureIndexed, openSession } from './session.ts';
import { previousModel } from '../engine/config/remember-model.ts';
import { printJson } from './output.ts';

export async function runModels(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { json: { type: 'boolean', default: false }, endpoint: { type: 'string' }, db: { type: 'string' } });
  const [action, id, ...rest] = positionals;
  if (action === undefined) return list(values.json);
  if (action === 'pull' && id && !rest.length) return pull(id, values.endpoint);
  if (action === 'use' && id && !rest.length) return use(id, values.db);
  if (action === 'rollback' && !id) return rollback(values.db);
  throw new UsageError(USAGE);
}

const USAGE =
  'usage: cairn models [--json] | cairn models pull OWNER/NAME [--endpoint URL] | cairn models use hub:OWNER/NAME|adaptive|DIR [--db FILE] | cairn models rollback [--db FILE]';

/** Moves the index to `model` with a progress line, and keeps it in the config file. */
async function use(model: string, db: string | undefined): Promise<number> {
  const engine = await openSession({ db });
  try {
    await ensureIndexed(engine);
    const line = progressLine();
    const done = await engine.switchModel(model, (p) => line(`${p.phase} ${p.done}/${p.total}${p.note ? ` (${p.note})` : ''}`));
    line(null);
    process.stdout.write(`${done.model} serves ${done.stored} vectors (${done.computed} embedded, the rest from the cache); before it: ${done.previous}\n`);
    if (engine.settings.modelSource === 'cli' || engine.settings.modelSource === 'env')
      process.stdout.write(`kept in ${engine.settings.configPath}, but CAIRN_MODEL or --model names another model at the next start\n`);
    return 0;
  } finally {
    await engine.close();
  }
}

/** Goes back to the model before the last switch, as the config file remembers it. */
async function rollback(db: string | undefined): Promise<number> {
  const settings = resolveSettings({ db });
  const previous = previousModel(settings.configPath);
  if (!previous) throw new UsageError(`no model to go back to: ${settings.configPath} names no previousModel (cairn models use keeps it)`);
  return use(previous, db);
}

/** A line redrawn on a terminal, printed when it changes elsewhere; null clears it. */
function progressLine(): (text: string | null) => void {
  let last = '';
  return (text) => {
    if (text === null) return void (process.stderr.isTTY && process.stderr.write('\r\x1b[K'));
    if (text === last) return;
    last = text;
    process.stderr.write(process.stderr.isTTY ? `\r${text}\x1b[K` : `${text}\n`);
  };
}

function list(json: boolean): number {
  const rows = modelChoices(HUB_CACHE);
  const rerankers = RERANKER_CATALOG.map((m) => ({ ...m, downloaded: downloadedHubModel(HUB_CACHE, m.id) !== null }));
  if (json) {
    printJson({ cache: HUB_CACHE, models: rows, rerankers });
    return 0;
  }
  const mark = (downloaded: boolean) => (downloaded ? '*' : ' ');
  process.stdout.write('Embedding models:\n');
  for (const m of rows) process.stdout.write(`${mark(m.downloaded)} ${m.id}  ${m.dim}-d, ${m.megabytes} MB, ${m.languages}, ${m.licence}; ${m.published}\n`);
  process.stdout.write(`Rerankers (cross-encoders that order the top ${RERANK_DEPTH} results):\n`);
  for (const m of rerankers) process.stdout.write(`${mark(m.downloaded)} ${m.id}  ${m.megabytes} MB, ${m.languages}, ${m.licence}; ${m.published}\n`);
  process.stdout.write(
    `\n* downloaded, in ${HUB_CACHE}\nget one: cairn models pull ID; use it: --model hub:ID or --reranker hub:ID (or "model", "reranker" in the config file)\n`,
  );
  return 0;
}

async function pull(id: string, endpoint: string | undefined): Promise<number> {
  const from = endpoint ?? process.env.HF_ENDPOINT ?? HUB_ENDPOINT;
  process.stderr.write(`cairn models: downloading ${id} from ${from}\n`);
  const { downloadHubModel } = await import('../engine/embed/local-model.ts');
  const tty = process.stderr.isTTY;
  let shown = -1;
  const dir = await downloadHubModel(
    id,
    HUB_CACHE,
    (p) => {
      const percent = Math.floor(p.progress);
      if (percent === shown) return;
      shown = percent;
      const line = `${percent}% of ${(p.total / 1e6).toFixed(1)} MB (${p.file})`;
      // a log, not a terminal, gets a line per tenth
      if (tty) process.stderr.write(`\r${line}\x1b[K`);
      else if (percent % 10 === 0) process.stderr.write(`${line}\n`);
    },
    { endpoint: from },
  );
  if (tty) process.stderr.write('\r\x1b[K');
  process.stdout.write(`${id} is in ${dir}; use it with --${isCrossEncoder(dir) ? 'reranker' : 'model'} hub:${id}\n`);
  return 0;
}
