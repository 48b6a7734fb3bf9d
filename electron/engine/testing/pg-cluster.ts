// A throwaway PostgreSQL cluster for tests and benchmarks: Debian's `postgresql` package, `initdb`
// into a temporary folder (as the `postgres` user when we are root: PostgreSQL refuses to run as
// root), started by `pg_ctl` on a free port, reachable over TCP on 127.0.0.1 and a socket in that
// folder. Each test makes its own database in it. Where no server is installed, `pgBinDir` is null
// and the PostgreSQL tests skip with one line saying how to install it.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const PG_MISSING = "PostgreSQL is not installed (apt-get install postgresql): the PostgreSQL store's tests are skipped";

/** The newest installed PostgreSQL's programs (Debian keeps them out of PATH), or null. */
export function pgBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions[0]) return path.join(base, versions[0], 'bin');
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

export interface Cluster {
  /** The admin URL of a database in it (`postgres` by default). */
  url(database?: string): string;
  port: number;
  dir: string;
  /** The server's major version, as its programs' folder names it. */
  version: string;
  /** Makes an empty database with a fresh name; returns its URL. */
  freshDatabase(prefix?: string): Promise<string>;
  /** Stops the server (`pg_ctl stop -m mode`), keeping its data: what a database restart or crash does to its clients. */
  halt(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts the halted server again, on the same port with the same data (nothing when it runs). */
  resume(): Promise<void>;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** A PostgreSQL program's command line, run as the user that owns the cluster. */
function ownersCommand(bin: string, program: string, args: string[]): [string, string[]] {
  const root = process.getuid?.() === 0;
  return root ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
}

function asOwner(bin: string, program: string, args: string[]): void {
  const [cmd, argv] = ownersCommand(bin, program, args);
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** As asOwner, without blocking this process: its own clients go on meanwhile. */
function asOwnerAsync(bin: string, program: string, args: string[]): Promise<void> {
  const [cmd, argv] = ownersCommand(bin, program, args);
  return new Promise((resolve, reject) => execFile(cmd, argv, (err) => (err ? reject(err) : resolve())));
}

/**
 * `durable`: fsync on, as a real server runs (benchmarks); commits still return before the WAL is
 * flushed (synchronous_commit off), as SQLite's WAL with synchronous=NORMAL does: a process crash
 * loses nothing, a power cut may lose the last commits. Tests leave fsync off.
 */
export async function startCluster(options: { durable?: boolean } = {}): Promise<Cluster> {
  const bin = pgBinDir();
  if (!bin) throw new Error(PG_MISSING);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  asOwner(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const port = await freePort();
  // fsync off for tests: a throwaway cluster need not survive a power cut, and tests write a lot
  const durability = options.durable ? '' : '-c fsync=off -c full_page_writes=off';
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c synchronous_commit=off ${durability} -c max_connections=300`;
  const start = ['-D', data, '-o', settings, '-l', path.join(dir, 'log'), '-w', 'start'];
  asOwner(bin, 'pg_ctl', start);
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let n = 0;
  let halted = false;
  return {
    url,
    port,
    dir,
    version: path.basename(path.dirname(bin)),
    async freshDatabase(prefix = 'cairn') {
      const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${n++}`;
      const admin = new pg.Client({ connectionString: url() });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    async halt(mode) {
      await asOwnerAsync(bin, 'pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      halted = true;
    },
    async resume() {
      if (!halted) return;
      await asOwnerAsync(bin, 'pg_ctl', start);
      halted = false;
    },
    stop() {
      try {
        if (!halted) asOwner(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
