// The one write path, on real files and a real index on each store: validation, conflicts, atomic writes,
// formatting kept, the audit log, and the places it must never write.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const read = (rel: string) => fs.readFileSync(path.join(fx.root, rel), 'utf8');
const tempFiles = () =>
  fs
    .readdirSync(fx.root, { recursive: true })
    .map(String)
    .filter((f) => f.includes('.cairn-'));

describe.each(storeKinds())('writePage (%s)', (kind) => {
  it('creates a page, indexes it at once and logs it', async () => {
    fx = await makeStoreFixture(kind, { 'oauth.md': '# OAuth' });
    const e = fx.engine();
    await e.reindex();
    const r = await e.writePage({
      key: 'token-refresh',
      frontmatter: { summary: 'How tokens refresh', refs: ['oauth'] },
      body: '# Token refresh\nSee [[oauth]].\n',
      actor: 'scout',
      baseHash: null,
    });
    expect(r).toMatchObject({ key: 'token-refresh', path: 'token-refresh.md', created: true, hashBefore: null });
    expect(read('token-refresh.md')).toBe('---\nsummary: How tokens refresh\nrefs:\n  - oauth\n---\n# Token refresh\nSee [[oauth]].\n');
    const page = await e.getPage({ key: 'token-refresh' });
    expect(page.links.map((l) => [l.target, l.reason])).toEqual([
      ['oauth', null],
      ['oauth', null],
    ]);
    expect((await e.search({ query: 'tokens refresh', mode: 'lexical' })).results[0]?.key).toBe('token-refresh');
    expect((await e.audit({})).entries).toMatchObject([
      { actor: 'scout', action: 'create', path: 'token-refresh.md', key: 'token-refresh', hashBefore: null, hashAfter: r.hashAfter },
    ]);
    expect(tempFiles()).toEqual([]);
  });

  it('refuses links and refs to pages that do not exist, naming them, and writes nothing', async () => {
    fx = await makeStoreFixture(kind, { 'a.md': '---\ntitle: A\n---\n# A\n' });
    const e = fx.engine();
    await e.reindex();
    const before = read('a.md');
    await expect(
      e.writePage({ key: 'a', frontmatter: { refs: ['ghost'] }, body: '# A\n[[phantom]] [[a]] ![[missing.png]]\n', actor: 'scout' }),
    ).rejects.toThrow('refused: the page links to pages that do not exist: ghost, phantom, missing.png. Nothing was written');
    await expect(e.writePage({ key: 'new-page', body: '[[nowhere]]', actor: 'scout' })).rejects.toThrow(/nowhere/);
    expect(read('a.md')).toBe(before);
    expect(fs.existsSync(path.join(fx.root, 'new-page.md'))).toBe(false);
    expect((await e.audit({})).entries).toEqual([]);
  });

  it('a review is not blocked by links that were already broken', async () => {
    fx = await makeStoreFixture(kind, { 'a.md': '# A\n[[long-gone]]\n' });
    const e = fx.engine();
    await e.reindex();
    await e.reviewPage({ key: 'a', actor: 'alice' });
    expect(read('a.md')).toMatch(/^---\nreviewed: \d{4}-\d{2}-\d{2}\n---\n# A\n\[\[long-gone\]\]\n$/);
  });

  it('refuses to overwrite a version the writer never saw; both versions survive', async () => {
    fx = await makeStoreFixture(kind, { 'a.md': '# A\nfirst\n' });
    const e = fx.engine();
    await e.reindex();
    const first = await e.writePage({ key: 'a', body: '# A\nsecond\n', actor: 'scout' });
    fx.write('a.md', '# A\nedited in an editor\n');
    await expect(e.writePage({ key: 'a', body: '# A\nthird\n', actor: 'scout', baseHash: first.hashAfter })).rejects.toThrow(
      /changed since you read it .* nothing was written/,
    );
    expect(read('a.md')).toBe('# A\nedited in an editor\n');
    await expect(e.writePage({ key: 'brand-new', body: '# x', actor: 'scout', baseHash: first.hashAfter })).rejects.toThrow(/changed since you read it/);
  });

  it('keeps every byte it was not asked to change: comments, key order, quoting, CRLF, a BOM', async () => {
    const original =
      '\ufeff---\r\n# owner notes\r\ntitle: "Token refresh"   # shown in results\r\ntags: [oauth, auth]\r\nupdated: 2026-01-02\r\n---\r\n# Body\r\n\r\nText with trailing spaces.  \r\n';
    fx = await makeStoreFixture(kind, { 'a.md': Buffer.from(original, 'utf8') });
    const e = fx.engine();
    await e.reindex();
    await e.reviewPage({ key: 'a', actor: 'alice' });
    const after = fs.readFileSync(path.join(fx.root, 'a.md'), 'utf8');
    expect(after.replace(/reviewed: \d{4}-\d{2}-\d{2}\r\n/, '')).toBe(original);
    expect(after).toMatch(/updated: 2026-01-02\r\nreviewed: \d{4}-\d{2}-\d{2}\r\n---\r\n/);
    await e.writePage({ key: 'a', frontmatter: { tags: null, updated: '2026-11-23' }, actor: 'alice' });
    expect(fs.readFileSync(path.join(fx.root, 'a.md'), 'utf8')).toMatch(
      /^\ufeff---\r\n# owner notes\r\ntitle: "Token refresh"   # shown in results\r\nupdated: 2026-11-23\r\nreviewed: /,
    );
  });

  it('archiving retires a page without deleting it: it leaves search, and the log says who', async () => {
    fx = await makeStoreFixture(kind, { 'old-way.md': '# Old way\nlegacy token flow\n' });
    const e = fx.engine();
    await e.reindex();
    expect((await e.search({ query: 'legacy token flow', mode: 'lexical' })).results).toHaveLength(1);
    await e.archivePage({ key: 'old-way', actor: 'alice' });
    expect(read('old-way.md')).toMatch(/^---\narchived_since: \d{4}-\d{2}-\d{2}\n---\n# Old way/);
    expect((await e.search({ query: 'legacy token flow', mode: 'lexical' })).results).toHaveLength(0);
    expect((await e.audit({ actor: 'alice' })).entries.map((a) => a.action)).toEqual(['archive']);
    await expect(e.reviewPage({ key: 'no-such', actor: 'alice' })).rejects.toThrow('no page with key "no-such" to review');
  });

  it('never writes outside a root, through a symlink, under an ignored path, or under another name', async () => {
    fx = await makeStoreFixture(kind, { 'a.md': '# A' });
    const outside = path.join(fx.dir, 'outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'linked.md'), '# Linked');
    fs.symlinkSync(outside, path.join(fx.root, 'shared'));
    fs.symlinkSync(path.join(outside, 'linked.md'), path.join(fx.root, 'alias.md'));
    const e = fx.engine();
    await e.reindex();
    const attempts: [Record<string, unknown>, RegExp][] = [
      [{ key: 'x', path: '../x.md' }, /must be a \.md path inside the root/],
      [{ key: 'x', path: '/etc/x.md' }, /must be a \.md path inside the root/],
      [{ key: 'x', path: 'x.txt' }, /must be a \.md path/],
      [{ key: 'x', path: 'y.md' }, /does not name "x"/],
      [{ key: 'x', path: 'shared/x.md' }, /behind a symlink out of the root/],
      [{ key: 'alias' }, /is a symlink: Cairn never writes through one/],
      [{ key: 'x', path: '_drafts/x.md' }, /ignored by the root's ignore rules/],
      [{ key: 'x', root: outside }, /is not a configured root/],
    ];
    for (const [request, message] of attempts) await expect(e.writePage({ body: '# x', actor: 'scout', ...request } as never)).rejects.toThrow(message);
    expect(fs.readdirSync(outside)).toEqual(['linked.md']);
    expect(fs.readFileSync(path.join(outside, 'linked.md'), 'utf8')).toBe('# Linked');
    expect(tempFiles()).toEqual([]);
  });
});
