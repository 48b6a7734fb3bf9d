// The real `cairn` command in child processes, for tests that need several processes on one
// database, a server to attack, or a process to kill: `cairn serve` started and stopped, any
// other command run to its end.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const CLI = path.resolve(import.meta.dirname, '../../cairn.mjs');

/** `setpriv` arguments that run a command as the unprivileged user `nobody` (root reads any file
 * whatever its mode, so permission tests run as root need another user). */
export const AS_NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups'];

/** Whether this process is root and `nobody` can run this checkout's CLI: not when the checkout
 * sits under a folder only its owner may enter (what `mktemp -d` makes). */
export function nobodyCanRunCli(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('setpriv', [...AS_NOBODY, process.execPath, '-e', `require('node:fs').accessSync(${JSON.stringify(CLI)}, 4)`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A hub endpoint nothing answers on (port 9 is discard, closed on loopback): a test process never asks the real hub. */
export const NO_HUB = 'http://127.0.0.1:9';

/** The environment every test process gets: no user config, no model nor reranker unless asked, no hub. */
export function cairnEnv(dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  // CAIRN_BUILD_UI=0: a server test asks the API, so it never starts a UI build (the e2e setup builds the UI once)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CAIRN_CONFIG: path.join(dir, 'no-config.json'),
    CAIRN_MODEL: 'none',
    CAIRN_RERANKER: 'none',
    HF_ENDPOINT: NO_HUB,
    CAIRN_BUILD_UI: '0',
    ...extra,
  };
  delete env.CAIRN_ROOTS;
  delete env.CAIRN_DB;
  return env;
}

export interface Served {
  url: string;
  port: number;
  proc: ChildProcess;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** `wrapper`: a command the server runs under (`unshare …`, as a container would start it). */
export async function startServe(args: string[], env: NodeJS.ProcessEnv, wrapper: string[] = []): Promise<Served> {
  const [command, ...before] = [...wrapper, process.execPath];
  const proc = spawn(command!, [...before, CLI, 'serve', '--port', '0', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // a test that fails before it stops its server must not leave it running
  process.once('exit', () => proc.kill('SIGKILL'));
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Cairn is serving on (http:\/\/\S+?)\/?\n/.exec(out);
      if (m) resolve(`${m[1]}/`);
    });
    void exited.then((code) => reject(new Error(`cairn serve exited with ${code} before serving:\n${stderr}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    proc,
    stderr: () => stderr,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      return exited;
    },
  };
}

export interface Finished {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `cairn ARGS` to its end without blocking this process (so a server in it keeps answering). */
export function runCairn(args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  const proc = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve) => proc.once('exit', (code) => resolve({ code, out, err })));
}

/** POST /api/<method> as the app's own page does; the answer's status and JSON body. */
export async function api<T = unknown>(
  url: string,
  method: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(new URL(`api/${method}`, url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** Waits until `cairn serve` says its watcher has seen the roots (changes before that go unnoticed). */
export async function waitForWatcher(served: Served): Promise<void> {
  while (!/watching .* for changes/.test(served.stderr())) await new Promise((r) => setTimeout(r, 50));
}

/** Polls `status` until no run is under way and one has finished after `since` (ISO time); `headers`
 * carry a token for a server that has tokens. */
export async function waitForIdle(url: string, since = '', headers: Record<string, string> = {}): Promise<void> {
  for (;;) {
    // a poll may meet a keep-alive connection the busy server is just closing (ECONNRESET): status is only read, so ask again
    const status = await api<{ indexing: unknown; lastRun: { finishedAt: string } | null }>(url, 'status', {}, headers).catch(() => null);
    if (status && !status.body.indexing && status.body.lastRun && status.body.lastRun.finishedAt > since) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Two agents' tokens, for the tests that try one agent's reach into another's space. */
export const BUILDER_TOKEN = 'builder-token-0123456789abcdef';
export const SCOUT_TOKEN = 'scout-token-0123456789abcdefgh';
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface PersonAndAgents {
  /** On loopback without tokens: a person. */
  person: Served;
  /** With builder's and scout's tokens. */
  agents: Served;
  stop(): Promise<void>;
}

/** A person's server and the agents' on one wiki and database, once the person's first index is done. */
export async function startPersonAndAgents(root: string, db: string, dir: string): Promise<PersonAndAgents> {
  const person = await startServe(['--no-watch', '--db', db, root], cairnEnv(dir));
  await waitForIdle(person.url);
  const agents = await startServe(['--no-watch', '--db', db, root], cairnEnv(dir, { CAIRN_TOKENS: `${BUILDER_TOKEN}=builder,${SCOUT_TOKEN}=scout` }));
  return { person, agents, stop: async () => void (await Promise.all([person.stop(), agents.stop()])) };
}
