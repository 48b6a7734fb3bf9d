// `cairn store copy --from FILE.db --to postgres://…`: a wiki's embedded index and its history
// (audit log, skill decisions, queries and outcomes) moved into an empty PostgreSQL database, so a
// team's servers start from the wiki as it is (store/copy/store-copy.ts does the copying, in one
// transaction). The adaptive model built for the wiki goes along where there is one, so the
// vectors copied with the index are still the model's and nothing is embedded again.
import fs from 'node:fs';
import { isPostgresUrl, redactUrl } from '../engine/config/pg-url.ts';
import { modelsFolder } from '../engine/config/settings.ts';
import type { CopyProgress } from '../engine/store/copy/store-copy.ts';
import { copyFileToPostgres } from '../engine/store/open-store.ts';
import { COMMON_OPTIONS, parse, UsageError } from './args.ts';
import { printJson } from './output.ts';

export async function runStore(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { json: COMMON_OPTIONS.json, help: COMMON_OPTIONS.help, from: { type: 'string' }, to: { type: 'string' } });
  const [action, ...extra] = positionals;
  if (action !== 'copy' || extra.length)
    throw new UsageError(
      action === undefined ? 'say what to do: cairn store copy --from FILE.db --to postgres://…' : `unknown: cairn store ${positionals.join(' ')}`,
    );
  const { from, to } = values;
  if (!from || !to) throw new UsageError('name both: --from the index file (SQLite) and --to the PostgreSQL database URL');
  if (isPostgresUrl(from)) throw new UsageError(`--from is the index file to copy (a path, e.g. ~/.local/share/cairn/index.db), not a URL: ${redactUrl(from)}`);
  if (!isPostgresUrl(to)) throw new UsageError(`--to is the PostgreSQL database to copy into, a postgres:// or postgresql:// URL; got ${to}`);
  // opening a file that is not there would make an empty index of it
  if (!fs.existsSync(from)) throw new UsageError(`there is no index at ${from}`);

  const report = await copyFileToPostgres(from, to, values.json ? undefined : progressLine());
  const models = copyModels(from, to);
  if (values.json) printJson({ ...report, models });
  else process.stdout.write(summary(report.rows, to, models));
  return 0;
}

/** One line on stderr as each table is done (a 10k wiki takes a while). */
function progressLine(): (p: CopyProgress) => void {
  return (p) => {
    if (p.done === p.total) process.stderr.write(`cairn: copied ${p.table}: ${p.total} rows\n`);
  };
}

/** The adaptive models built beside the index file, into the folder the PostgreSQL index's server reads them from; the folder, or null when there were none. */
function copyModels(from: string, to: string): string | null {
  const source = modelsFolder(from);
  if (!fs.existsSync(source)) return null;
  const target = modelsFolder(to);
  try {
    fs.cpSync(source, target, { recursive: true, force: false });
    return target;
  } catch (err) {
    // the index is copied: without the models a server builds them again and embeds anew, slower but right
    process.stderr.write(`cairn: the adaptive models in ${source} were not copied (${(err as Error).message}); a server builds them again\n`);
    return null;
  }
}

function summary(rows: Record<string, number>, to: string, models: string | null): string {
  const counted = (t: string) => `${rows[t] ?? 0} ${t}`;
  return [
    `copied into ${redactUrl(to)}: ${['pages', 'chunks', 'links', 'chunk_vectors'].map(counted).join(', ')}; history: ${['audit', 'query_events', 'query_outcomes', 'registrations'].map(counted).join(', ')}`,
    ...(models ? [`the adaptive models, into ${models}`] : []),
    `serve it: cairn serve --db ${redactUrl(to)} ROOT (the same roots the index was built from)`,
    '',
  ].join('\n');
}
