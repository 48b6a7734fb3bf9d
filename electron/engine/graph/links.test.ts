// Link forms and resolution rules, end to end: files on disk -> a real index on each store -> reports.
import { afterEach, describe, expect, it } from 'vitest';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

async function brokenOf(f: Fixture) {
  const e = f.engine();
  await e.reindex();
  const { findings } = await e.links({ kind: 'broken' });
  return findings.map((x) => `${x.source}:${x.line} ${x.kind} ${x.target}${x.anchor ? `#${x.anchor}` : ''} ${x.reason}`);
}

describe.each(storeKinds())('link forms (%s)', (kind) => {
  it('resolves every form and reports only the broken ones, with lines', async () => {
    fx = await makeStoreFixture(kind, {
      'Alpha.md': '# Alpha\n\n## Setup Steps\n\ntext ^blk1\n',
      'notes/beta.md': '# Beta\n\n## Fusion: RRF vs Convex\n',
      'img/diagram.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      'source.md': [
        '---',
        'refs: [alpha, nowhere-ref]',
        'sources:',
        '  - https://example.org/spec',
        '  - no/such/file.ts',
        '---',
        '[[alpha]] [[ALPHA|label]] [[alpha#setup steps]] [[alpha#No Such]]',
        '[[notes/beta]] [[beta#Fusion RRF vs convex]] [[alpha#^blk1]] [[alpha#^nope]]',
        '![[diagram.png]] ![[beta]] ![[missing.png]] [[Alpha.md]]',
        '[md](notes/beta.md#fusion-rrf-vs-convex) [md2](notes/beta.md#nope) [md3](gone.md) ![i](img/diagram.png)',
        '[self](#top) [[#Top]] [ext](https://example.org)',
        '',
        '# Top',
        '`[[in-code]]` and',
        '```',
        '[[in-fence]] [x](fence.md)',
        '```',
        '<!-- [[in-comment]] -->',
        '[[missing page]]',
      ].join('\n'),
    });
    expect(await brokenOf(fx)).toEqual([
      'source.md:2 ref nowhere-ref missing-page',
      'source.md:5 source no/such/file.ts missing-page',
      'source.md:7 wikilink alpha#No Such missing-anchor',
      'source.md:8 wikilink alpha#^nope missing-anchor',
      'source.md:9 embed missing.png missing-page',
      'source.md:10 markdown notes/beta.md#nope missing-anchor',
      'source.md:10 markdown gone.md missing-page',
      'source.md:19 wikilink missing page missing-page',
    ]);
  });

  it('links resolved to pages show up as backlinks, attachments as resolved paths', async () => {
    fx = await makeStoreFixture(kind, { 'a.md': '[[b]] ![[pic.png]]', 'b.md': '# B', 'pic.png': 'x' });
    const e = fx.engine();
    await e.reindex();
    const a = await e.getPage({ key: 'a' });
    expect(a.links.map((l) => [l.kind, l.resolvedKey, l.resolvedPath, l.reason])).toEqual([
      ['wikilink', 'b', 'b.md', null],
      ['embed', null, 'pic.png', null],
    ]);
    const b = await e.getPage({ key: 'B' });
    expect(b.backlinks.map((l) => `${l.source}:${l.line}`)).toEqual(['a.md:1']);
  });

  it('a duplicate key resolves to the shortest path and is reported', async () => {
    fx = await makeStoreFixture(kind, { 'x/deep/dup.md': 'deep', 'dup.md': 'top', 'a.md': '[[dup]] [[x/deep/dup]]' });
    const e = fx.engine();
    const report = await e.reindex();
    const a = await e.getPage({ key: 'a' });
    expect(a.links.map((l) => l.resolvedPath)).toEqual(['dup.md', 'x/deep/dup.md']);
    expect(report.problems.some((p) => p.path === 'x/deep/dup.md' && /duplicate key "dup"/.test(p.reason))).toBe(true);
  });

  it('orphans are pages nothing else links to', async () => {
    fx = await makeStoreFixture(kind, { 'a.md': '[[b]] [[a]]', 'b.md': '[[a]]', 'lonely.md': '[[lonely]] [[a]]' });
    const e = fx.engine();
    await e.reindex();
    const { orphans } = await e.links({ kind: 'orphans' });
    expect(orphans.map((o) => o.key)).toEqual(['lonely']);
  });
});

describe.each(storeKinds())('scopes and shadowing (%s)', (kind) => {
  const files = {
    'global/guide.md': '# Global guide\n[[tips]]',
    'global/tips.md': '# Global tips\n## Only Global',
    'user/scout/tips.md': '# Scout tips\n## Only Scout',
    'user/scout/mine.md': '[[tips#Only Scout]] [[guide]]',
    'user/builder/b.md': '[[tips#Only Global]] [[mine]]',
  };

  it("an agent's page shadows the global one for that agent only", async () => {
    fx = await makeStoreFixture(kind, files);
    const e = fx.engine();
    await e.reindex();
    const mine = await e.getPage({ key: 'mine', agent: 'scout' });
    expect(mine.scope).toEqual({ kind: 'user', agent: 'scout' });
    expect(mine.links.map((l) => [l.resolvedPath, l.reason])).toEqual([
      ['user/scout/tips.md', null],
      ['global/guide.md', null],
    ]);
    const b = await e.getPage({ key: 'b', agent: 'builder' });
    // builder cannot see scout's page
    expect(b.links.map((l) => [l.resolvedPath, l.reason])).toEqual([
      ['global/tips.md', null],
      [null, 'missing-page'],
    ]);
    expect((await e.getPage({ key: 'tips', agent: 'scout' })).shadows).toBe('global/tips.md');
    expect((await e.getPage({ key: 'tips' })).path).toBe('global/tips.md');
    expect((await e.getPage({ key: 'guide' })).links[0]!.resolvedPath).toBe('global/tips.md');
  });

  it('a root without a global/ folder is one shared space, even with a user/ folder', async () => {
    fx = await makeStoreFixture(kind, { 'user/recipes/r.md': '[[other]]', 'other.md': '[[r]]' });
    expect(await brokenOf(fx)).toEqual([]);
  });
});

describe.each(storeKinds())('resolution the way Obsidian does it, on cases real vaults have (%s)', (kind) => {
  it('a markdown link or embed whose relative path leads nowhere is found by its file name; a #fragment on a file is no heading', async () => {
    fx = await makeStoreFixture(kind, {
      'notes/a.md': '[b](b.md) [deep](wrong/place/b.md#Part) ![pic](pic.png#x) [pdf](docs/manual.pdf#page=3) [gone](nowhere.md) [up](../../b.md)',
      'topics/b.md': '## Part',
      'assets/pic.png': 'png',
      'files/manual.pdf': 'pdf',
    });
    const e = fx.engine();
    await e.reindex();
    const a = await e.getPage({ key: 'a' });
    expect(a.links.map((l) => [l.target, l.resolvedPath, l.reason])).toEqual([
      ['b.md', 'topics/b.md', null],
      ['wrong/place/b.md', 'topics/b.md', null],
      ['pic.png', 'assets/pic.png', null],
      ['docs/manual.pdf', 'files/manual.pdf', null],
      ['nowhere.md', null, 'missing-page'],
      ['../../b.md', 'topics/b.md', null],
    ]);
  });

  it('a block id straight after an embed or a link is a block id', async () => {
    fx = await makeStoreFixture(kind, {
      'p.md': 'See ![[diagram.png]]^fig-1\n\nAnd [the spec](spec.md)^ref-2\n',
      'diagram.png': 'png',
      'spec.md': '# Spec',
      'q.md': '[[p#^fig-1]] [[p#^ref-2]]',
    });
    const e = fx.engine();
    expect(await e.reindex()).toMatchObject({ brokenAnchors: 0 });
    expect((await e.getPage({ key: 'p' })).body).toContain('^fig-1');
  });

  it('two files with one name: the path written in the link, then the copy closest to the linking page', async () => {
    fx = await makeStoreFixture(kind, {
      'a/x.md': '# A x',
      'b/x.md': '# B x',
      'b/sub/from-b.md': '[[x]] ![[img.png]]',
      'a/from-a.md': '[[x]] [[b/x]] ![[img.png]]',
      'top.md': '[[x]]',
      'a/img.png': 'a',
      'b/img.png': 'b',
    });
    const e = fx.engine();
    const report = await e.reindex();
    const resolved = async (key: string) => (await e.getPage({ key })).links.map((l) => l.resolvedPath);
    expect(await resolved('from-b')).toEqual(['b/x.md', 'b/img.png']);
    expect(await resolved('from-a')).toEqual(['a/x.md', 'b/x.md', 'a/img.png']);
    expect(await resolved('top')).toEqual(['a/x.md']);
    expect(report.problems.find((p) => p.path === 'b/x.md')?.reason).toBe(
      'duplicate key "x" in global scope, also a/x.md: [[x]] goes to the copy closest to the linking page (then the shorter path: a/x.md from the top of the root); link by path to choose',
    );
  });
});
