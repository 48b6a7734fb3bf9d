// A conflict answer carries the page's current text so the writer can merge, but only a page within
// the page size limit: a stale write to a page far larger (skipped by the index as too large, or
// grown past it by an editor since it was indexed) is answered with its hash and a sentence, not
// with the file twice over (its text and its body) in one JSON answer.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { cairnEnv, startServe, waitForIdle, type Served } from '../engine/testing/cairn-process.ts';
import { sha1 } from '../engine/curation/atomic-file.ts';

const LIMIT = 1024 * 1024;

let fx: Fixture;
let server: Served;

beforeAll(async () => {
  fx = makeFixture({ 'small.md': '# Small\n\nwithin the limit\n', 'grown.md': '# Grown\n\nsmall when indexed\n' });
  fx.write('huge.md', `# Huge\n\n${'a line of a very large page\n'.repeat((3 * LIMIT) / 28)}`);
  const config = path.join(fx.dir, 'config.json');
  fs.writeFileSync(config, JSON.stringify({ maxFileBytes: LIMIT }));
  server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir, { CAIRN_CONFIG: config }));
  await waitForIdle(server.url);
  fs.appendFileSync(path.join(fx.root, 'grown.md'), 'an editor pasted a log\n'.repeat((3 * LIMIT) / 23));
});

afterAll(async () => {
  await server?.stop();
  fx?.cleanup();
});

async function staleWrite(key: string): Promise<{ status: number; size: number; body: Record<string, unknown> }> {
  const res = await fetch(new URL(`api/wiki/pages/${key}`, server.url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ body: '# Mine\n', baseHash: '0'.repeat(40), actor: 'editor' }),
  });
  const text = await res.text();
  return { status: res.status, size: Buffer.byteLength(text), body: JSON.parse(text) as Record<string, unknown> };
}

it.each(['huge', 'grown'])('a stale write to a page past the size limit (%s) answers 409 with its hash and no text', async (key) => {
  const file = path.join(fx.root, `${key}.md`);
  const r = await staleWrite(key);
  expect(r.status).toBe(409);
  expect(r.size).toBeLessThan(4096);
  expect(r.body).toMatchObject({ code: 'conflict', currentHash: sha1(fs.readFileSync(file)) });
  expect(r.body).not.toHaveProperty('currentText');
  expect(r.body.error).toMatch(/larger than the page size limit/);
});

it('a stale write to a page within the limit still answers with its text to merge', async () => {
  const r = await staleWrite('small');
  expect(r.status).toBe(409);
  expect(r.body).toMatchObject({ currentText: '# Small\n\nwithin the limit\n', currentBody: '# Small\n\nwithin the limit\n' });
});
