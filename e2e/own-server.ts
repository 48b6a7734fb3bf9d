// A `cairn serve` of a spec's own, over a wiki in a temporary folder: for specs that change files,
// or whose checks another spec's re-index on the shared server would blur.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cairnEnv, startServe, waitForIdle, type Served } from '../electron/engine/testing/cairn-process.ts';
import { ROOT } from './app.ts';

export interface OwnServer {
  wiki: string;
  /** The running server; a new one after `restart()`. */
  cairn: Served;
  /** Stops the server (SIGTERM), as a person closing its terminal would. */
  stop(): Promise<void>;
  /** Starts it again on the same port, over the same wiki and database, once it was stopped. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const copyDemoWiki = (wiki: string) => fs.cpSync(path.join(ROOT, 'build', 'demo-wiki'), wiki, { recursive: true });

/** `fill` writes the wiki into its folder (default: a copy of the demo wiki); `env`, variables the server gets
 * besides the test ones; resolves once the first run is indexed. */
export async function ownServer(name: string, fill: (wiki: string) => void = copyDemoWiki, env: NodeJS.ProcessEnv = {}): Promise<OwnServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cairn-e2e-${name}-`));
  const wiki = path.join(dir, 'wiki');
  fs.mkdirSync(wiki);
  fill(wiki);
  const serve = (port = 0) => startServe(['--port', String(port), '--no-watch', '--db', path.join(dir, 'cairn.db'), wiki], cairnEnv(dir, env));
  const own: OwnServer = {
    wiki,
    cairn: await serve(),
    async stop() {
      await own.cairn.stop();
    },
    async restart() {
      own.cairn = await serve(own.cairn.port);
      await waitForIdle(own.cairn.url);
    },
    async close() {
      await own.cairn.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await waitForIdle(own.cairn.url);
  return own;
}
