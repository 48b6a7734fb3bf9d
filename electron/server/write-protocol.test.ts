// The write protocol as an agent meets it over HTTP: a real `cairn serve` with tokens, an agent
// that reads a page, an editor that changes the file before the agent writes it back. The agent's
// body write must name the hash it read; a stale one is refused with what the file holds now, so
// the agent merges and retries, and nothing the editor wrote is lost.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { cairnEnv, startServe, type Served } from '../engine/testing/cairn-process.ts';

const SCOUT = 'scout-token-0123456789abcdef';
let fx: Fixture;
let server: Served;
const sha1 = (bytes: Buffer) => crypto.createHash('sha1').update(bytes).digest('hex');

beforeAll(async () => {
  fx = makeFixture({ 'notes.md': '---\ntitle: Notes\ntags: [models]\n---\n# Notes\n\nWe pin the model version.\n', 'other.md': '# Other\n\nnothing here\n' });
  server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir, { CAIRN_TOKENS: `${SCOUT}=scout` }));
  // with tokens, even `status` needs one: wait for the first run as the agent
  for (;;) {
    const { body } = await call('POST', 'api/status', {});
    if (!body.indexing && body.lastRun) break;
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(async () => {
  await server?.stop();
  fx?.cleanup();
});

type Answer = { status: number; body: Record<string, unknown> };

async function call(method: string, target: string, body?: unknown): Promise<Answer> {
  const res = await fetch(new URL(target, server.url), {
    method,
    headers: { authorization: `Bearer ${SCOUT}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

it("an editor's change between an agent's read and its write is never lost: 428 without a hash, 409 with the stale one (carrying the current text), 200 once merged", async () => {
  const file = path.join(fx.root, 'notes.md');
  const read = await call('GET', 'api/wiki/pages/notes');
  expect(read.status).toBe(200);
  expect(read.body.hash).toBe(sha1(fs.readFileSync(file)));

  fs.appendFileSync(file, 'An editor adds this line.\n');
  const now = sha1(fs.readFileSync(file));
  const mine = `${read.body.body as string}The agent adds this one.\n`;

  const bare = await call('PUT', 'api/wiki/pages/notes', { body: mine });
  expect(bare.status).toBe(428);
  expect(bare.body).toMatchObject({ code: 'precondition-required', currentHash: now });
  expect(bare.body.error).toMatch(/baseHash/);

  const stale = await call('PUT', 'api/wiki/pages/notes', { body: mine, baseHash: read.body.hash });
  expect(stale.status).toBe(409);
  const onDisk = fs.readFileSync(file, 'utf8');
  expect(stale.body).toMatchObject({ code: 'conflict', currentHash: now, currentText: onDisk, currentBody: onDisk.slice(onDisk.indexOf('# Notes')) });
  expect(stale.body.error).not.toMatch(/read it again/);
  expect(fs.readFileSync(file, 'utf8')).not.toContain('The agent adds this one.');

  const merged = await call('PUT', 'api/wiki/pages/notes', {
    body: `${stale.body.currentBody as string}The agent adds this one.\n`,
    baseHash: stale.body.currentHash,
  });
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  expect(fs.readFileSync(file, 'utf8')).toBe(
    '---\ntitle: Notes\ntags: [models]\n---\n# Notes\n\nWe pin the model version.\nAn editor adds this line.\nThe agent adds this one.\n',
  );
  expect(merged.body.hashAfter).toBe(sha1(fs.readFileSync(file)));

  // every read hands out the hash of what it shows: the page, and each search result
  const again = await call('GET', 'api/wiki/pages/notes');
  expect(again.body.hash).toBe(merged.body.hashAfter);
  const found = await call('POST', 'api/wiki/search', { q: 'editor adds', mode: 'lexical', k: 1 });
  expect((found.body.results as { key: string; hash: string }[])[0]).toMatchObject({ key: 'notes', hash: merged.body.hashAfter });
});

it('the contract route asks the same of an agent; a frontmatter-only edit is a merge and needs no hash; a new page needs none', async () => {
  const other = path.join(fx.root, 'other.md');
  const before = fs.readFileSync(other, 'utf8');
  const bare = await call('POST', 'api/writePage', { key: 'other', body: 'replaced\n' });
  expect(bare.status).toBe(428);
  expect(bare.body.currentHash).toBe(sha1(Buffer.from(before)));
  expect(fs.readFileSync(other, 'utf8')).toBe(before);

  const tagged = await call('PUT', 'api/wiki/pages/other', { frontmatter: { tags: ['kept'] } });
  expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
  expect(fs.readFileSync(other, 'utf8')).toContain('nothing here');

  const created = await call('PUT', 'api/wiki/pages/brand-new', { body: '# Brand new\n' });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
});
