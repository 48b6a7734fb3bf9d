// An editor appending a line to a page every few milliseconds while an agent rewrites the page,
// each time naming the hash it read. The file is checked under the lock, then renamed over: a line
// appended between the two reaches the file being replaced. No line may be lost: each is in the
// page or, appended in that gap, in the conflict copy kept beside it, which the write's answer and
// its audit entry name. The editor is a process of its own, appending as editors do (open, append,
// close).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { CairnError } from '../../../shared/errors.ts';
import { sha1 } from './atomic-file.ts';
import { isTempName } from '../ingest/temp-files.ts';
import { until } from '../testing/until.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

/** A process appending `editor line N` to `file` every 1-6 ms until told to stop; then says how many. */
function startEditor(file: string): { stop(): Promise<number>; appended(): number } {
  const script = `const fs = require('node:fs'); let n = 0; let go = true;
    process.stdin.once('data', () => (go = false));
    (function next() { if (!go) return process.stdout.write(n + '\\n', () => process.exit(0)); fs.appendFileSync(process.argv[1], 'editor line ' + n++ + '\\n'); if (n % 20 === 0) process.stderr.write(n + '\\n'); setTimeout(next, 1 + Math.random() * 5); })();`;
  const proc = spawn(process.execPath, ['-e', script, file], { stdio: ['pipe', 'pipe', 'pipe'] });
  process.once('exit', () => proc.kill('SIGKILL'));
  let out = '';
  let progress = 0;
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (progress = Number(c.toString().trim().split('\n').pop())));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return {
    appended: () => progress,
    async stop() {
      proc.stdin!.write('stop\n');
      await exited;
      return Number(out.trim());
    },
  };
}

it('an agent rewriting a page an editor appends to loses none of the appended lines', async () => {
  fx = makeFixture({ 'log.md': '# Log\n\n' });
  const e = fx.engine();
  await e.reindex();
  const file = path.join(fx.root, 'log.md');
  const editor = startEditor(file);
  const copies: string[] = [];
  let written = 0;
  // enough appends beside the rewrites that the gap between check and rename is met
  while (editor.appended() < 600) {
    const text = fs.readFileSync(file, 'utf8');
    try {
      const r = await e.writePage({ key: 'log', body: `${text}agent line ${written}\n`, baseHash: sha1(Buffer.from(text)), actor: 'agent' });
      written++;
      if (r.conflictCopy) copies.push(r.conflictCopy);
    } catch (err) {
      // the editor appended between the read and the check: read again
      if (!(err instanceof CairnError && err.code === 'conflict')) throw err;
    }
  }
  const count = await editor.stop();
  // what a write replaced lingers a moment, for an editor that opened it just before the rename
  await until('the replaced files compared again', () => !fs.readdirSync(fx.root).some(isTempName));
  const kept = fs.readdirSync(fx.root).filter((f) => f.includes('(conflict '));
  expect(kept).toEqual(expect.arrayContaining(copies));
  const everything = [file, ...kept.map((f) => path.join(fx.root, f))].map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  const lost = Array.from({ length: count }, (_, i) => `editor line ${i}\n`).filter((line) => !everything.includes(line));
  expect(lost, `${lost.length} of ${count} appended lines lost over ${written} rewrites`).toEqual([]);
  // each copy is named in its write's audit entry
  const details = async () => (await e.audit({ limit: 1000 })).entries.map((a) => a.detail ?? '').join('\n');
  // (one kept by the second look is named there once it is made)
  await until(`every copy of ${JSON.stringify(kept)} named in the audit log`, async () => {
    const d = await details();
    return kept.every((copy) => d.includes(copy));
  });
});
