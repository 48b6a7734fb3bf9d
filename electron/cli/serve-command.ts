// `cairn serve`: the UI and the API on 127.0.0.1, the roots watched and re-indexed on change.
import { startHost } from '../host/start-host.ts';
import { reportLoopDelay } from '../server/loop-delay.ts';
import { startServer } from '../server/serve.ts';
import { ensureRenderer } from '../../build/renderer/ensure-renderer.mjs';
import { COMMON_OPTIONS, numberOption, parse } from './args.ts';
import { describeSettings } from './session.ts';
import { runTime } from '../../shared/run-time.ts';

export async function runServe(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    ...COMMON_OPTIONS,
    reranker: { type: 'string' },
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
  const say = (line: string) => process.stderr.write(`cairn: ${line}\n`);
  const loopDelay = reportLoopDelay(process.env, say);
  // listened for before anything starts: a signal while starting (the serving line is out) closes in order, never kills
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  const host = await startHost({
    roots: positionals,
    db: values.db,
    model: values.model,
    reranker: values.reranker,
    watch: !values['no-watch'],
    loadModel: 'background',
    attach: async (engine) => {
      const server = await startServer(engine, {
        port: numberOption(values.port, 'port')!,
        host: values.host,
        allowHosts: values['allow-host'],
        tokens: engine.settings.tokens,
        heartbeatMs: heartbeatOf(process.env),
      });
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : values.port;
      process.stdout.write(`Cairn is serving on http://${values.host.includes(':') ? `[${values.host}]` : values.host}:${port}/\n`);
      return () => {
        server.close();
        server.closeAllConnections();
      };
    },
    onProgress: (p) => {
      if (p.kind === 'settings') process.stderr.write(describeSettings(p.settings));
      else if (p.kind === 'read-only') say(`the index ${p.db} is read-only: serving search, links and pages; not indexing or watching`);
      else if (p.kind === 'watching') say(`watching ${p.roots.join(', ')} for changes`);
      else if (p.kind === 'indexed') say(`indexed ${p.report.pages} pages (${p.report.indexed} read, ${p.report.unchanged} unchanged) ${runTime(p.report)}`);
      else if (p.kind === 'index-failed') say(`indexing failed: ${p.error.message}`);
      else if (p.kind === 'change-failed') say(`indexing after a change failed: ${p.error.message}`);
      else if (p.kind === 'leader')
        say(
          p.leading
            ? 'this server leads: it watches the roots and runs full re-indexes'
            : 'another server on this database leads (watching the roots, running full re-indexes); this one takes over if it stops',
        );
    },
  });
  await stopped;
  await host.close();
  loopDelay?.stop();
  // a server that does not exit once closed (a benchmark waiting on it hangs) says what holds it open
  if (process.env.CAIRN_DEBUG) setTimeout(() => say(`still running 3 s after closing, held by: ${process.getActiveResourcesInfo().join(', ')}`), 3000).unref();
  return 0;
}

/** CAIRN_HEARTBEAT_MS, where it is a positive number of milliseconds (tests shorten it). */
function heartbeatOf(env: NodeJS.ProcessEnv): number | undefined {
  const ms = Number(env.CAIRN_HEARTBEAT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
