// What `npx cairn` runs: the compiled CLI in dist/cli (no TypeScript transpiled at run time), and
// every subcommand's --help, which prints that command's usage and does nothing else.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from './commands.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'electron', 'cairn.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-help-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const env: NodeJS.ProcessEnv = { ...process.env, CAIRN_CONFIG: path.join(dir, 'none.json'), CAIRN_DEBUG: '1', CAIRN_ROOTS: path.join(dir, 'no-such-wiki') };
delete env.CAIRN_FROM_SOURCE;

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', env });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('the compiled CLI', () => {
  it('is what npx cairn runs, and it loads no TypeScript', () => {
    // npm exec links this package the first time and would run its `prepare` (compiling dist/cli
    // again while other test files' CLI processes load it): the launcher is what is tested here
    const r = run('npx', ['--no-install', '--ignore-scripts', 'cairn', '--help']);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`running the compiled CLI ${path.join(ROOT, 'dist', 'cli', 'cli.mjs')}`);
    expect(r.out).toMatch(/^usage: cairn <command>/);
    const compiled = fs.readdirSync(path.join(ROOT, 'dist', 'cli')).filter((f) => f.endsWith('.mjs'));
    expect(compiled.length).toBeGreaterThan(1);
    for (const f of compiled) expect(fs.readFileSync(path.join(ROOT, 'dist', 'cli', f), 'utf8')).not.toMatch(/from ["'][^"']+\.tsx?["']|tsx\/esm/);
  });

  it('CAIRN_FROM_SOURCE=1 runs the sources instead', () => {
    const r = spawnSync(process.execPath, [CLI, '--help'], { cwd: ROOT, encoding: 'utf8', env: { ...env, CAIRN_FROM_SOURCE: '1' } });
    expect(r.stderr).toContain('running the sources through tsx');
    expect(r.stdout).toMatch(/^usage: cairn <command>/);
  });

  for (const [name, command] of Object.entries(COMMANDS)) {
    it(`cairn ${name} --help prints its usage and does nothing else`, () => {
      const db = path.join(dir, `${name}.db`);
      for (const flag of ['--help', '-h']) {
        const r = run(process.execPath, [CLI, name, flag, '--db', db]);
        expect(r.code, r.err).toBe(0);
        expect(r.out.startsWith(`usage: ${command.usage}\n`)).toBe(true);
        // no index was opened or built, no root looked at (the launcher's own line names the
        // checkout's folder, which may hold any word: it is left out)
        expect(fs.existsSync(db)).toBe(false);
        expect(r.err.replaceAll(ROOT, '<checkout>')).not.toMatch(/roots|index|no-such-wiki/);
      }
    });
  }

  it('a usage mistake shows the usage of that command, not the whole list', () => {
    const r = run(process.execPath, [CLI, 'links', '--frobnicate']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cairn: Unknown option '--frobnicate'[^]*usage: cairn links/);
    expect(r.err).not.toContain('usage: cairn search');
  });
});
