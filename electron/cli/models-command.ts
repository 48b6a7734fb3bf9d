// `cairn models`: the recommended hub models, which are downloaded, and `pull` to download one
// (from the hub, or the mirror HF_ENDPOINT or --endpoint names) with progress, checked file by file.
import fs from 'node:fs';
import path from 'node:path';
import { HUB_CACHE } from '../engine/config/settings.ts';
import { HUB_ENDPOINT } from '../engine/embed/hub-download.ts';
import { MODEL_CATALOG } from '../engine/embed/model-catalog.ts';
import { parse, UsageError } from './args.ts';
import { printJson } from './output.ts';

const downloaded = (id: string) => fs.existsSync(path.join(HUB_CACHE, id, 'config.json'));

export async function runModels(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { json: { type: 'boolean', default: false }, endpoint: { type: 'string' } });
  const [action, id, ...rest] = positionals;
  if (action === undefined) return list(values.json);
  if (action !== 'pull' || !id || rest.length) throw new UsageError('usage: cairn models [--json] | cairn models pull OWNER/NAME [--endpoint URL]');
  return pull(id, values.endpoint);
}

function list(json: boolean): number {
  const rows = MODEL_CATALOG.map((m) => ({ ...m, downloaded: downloaded(m.id) }));
  if (json) {
    printJson({ cache: HUB_CACHE, models: rows });
    return 0;
  }
  for (const m of rows) {
    process.stdout.write(`${m.downloaded ? '*' : ' '} ${m.id}  ${m.dim}-d, ${m.megabytes} MB, ${m.languages}, ${m.licence}; ${m.published}\n`);
  }
  process.stdout.write(`\n* downloaded, in ${HUB_CACHE}\nget one: cairn models pull ID; use it: --model hub:ID (or "model" in the config file)\n`);
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
  process.stdout.write(`${id} is in ${dir}; use it with --model hub:${id}\n`);
  return 0;
}
