// `cairn serve`: the UI and the API on 127.0.0.1, the roots watched and re-indexed on change.
import { watchRoots } from '../engine/ingest/watch.ts';
import { startServer } from '../server/serve.ts';
import { ensureRenderer } from '../../build/renderer/ensure-renderer.mjs';
import { COMMON_OPTIONS, numberOption, parse } from './args.ts';
import { openSession } from './session.ts';

export async function runServe(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...COMMON_OPTIONS,
    port: { type: 'string', default: '4317' },
    host: { type: 'string', default: '127.0.0.1' },
    'allow-host': { type: 'string', multiple: true },
    'no-watch': { type: 'boolean', default: false },
  });
  // a fresh install has no built UI: build it, as `npm start` does (CAIRN_BUILD_UI=0: serve the API only)
  if (process.env.CAIRN_BUILD_UI !== '0') {
    const ui = await ensureRenderer({ log: (line) => process.stderr.write(`cairn: ${line}\n`) });
    if (!ui.ok) process.stderr.write(`cairn: ${ui.reason}; serving the API only\n`);
  }
  const engine = await openSession({ roots: positionals, db: values.db, model: values.model, announce: true });
  const server = await startServer(engine.engine, { port: numberOption(values.port, 'port')!, host: values.host, allowHosts: values['allow-host'] });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : values.port;
  process.stdout.write(`Cairn is serving on http://${values.host.includes(":") ? `[${values.host}]` : values.host}:${port}/\n`);
  if (engine.db.readonly) process.stderr.write(`cairn: the index ${engine.settings.db} is read-only: serving search, links and pages; not indexing or watching\n`);
  const watcher = values['no-watch'] || engine.db.readonly ? null : watchRoots(engine.engine, (err) => process.stderr.write(`cairn: indexing after a change failed: ${err.message}\n`));
  void watcher?.ready.then(() => process.stderr.write(`cairn: watching ${engine.settings.roots.join(', ')} for changes\n`));
  if (!engine.db.readonly) {
    void engine.reindex().then(
      (r) => process.stderr.write(`cairn: indexed ${r.pages} pages (${r.indexed} read, ${r.unchanged} unchanged) in ${(r.ms / 1000).toFixed(2)} s\n`),
      (err: Error) => process.stderr.write(`cairn: indexing failed: ${err.message}\n`),
    );
  }
  engine.keepVectorsInMemory();
  void engine.loadModel();
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await watcher?.close();
  server.close();
  server.closeAllConnections();
  engine.close();
  return 0;
}
