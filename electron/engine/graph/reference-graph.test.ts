// The reference graph over real files and a real index on each store: node kinds, edges by kind with their
// first line, missing targets as nodes, neighbourhoods by depth, and the page limit.
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphResponse } from '../../../shared/graph.ts';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

/** Edges as `source -kind-> target` with node keys, sorted, for readable expectations. */
function edgesOf(g: GraphResponse): string[] {
  const key = new Map(g.nodes.map((n) => [n.id, n.missing ? `missing:${n.key}` : n.key]));
  return g.edges.map((e) => `${key.get(e.source)} -${e.kind}:${e.line}${e.count > 1 ? `x${e.count}` : ''}-> ${key.get(e.target)}`).sort();
}

const WIKI = {
  'hub.md': [
    '---',
    'refs: [a]',
    'sources:',
    '  - code/main.ts',
    '  - gone.ts',
    'tags: [core]',
    'tier: wiki',
    '---',
    '# Hub',
    '[[a]] and [[a|again]] and ![[pic.png]]',
    '[[nowhere]] [x](nowhere.md) [[hub]]',
  ].join('\n'),
  'a.md': '# A\n[[b]]\n',
  'b.md': '---\narchived_since: 2026-01-01\n---\n# B\n[[c]]\n',
  'c.md': '# C\n[[d]]\n',
  'd.md': '# D\n',
  'lonely.md': '# Lonely\n',
  'pic.png': 'png',
};

describe.each(storeKinds())('the reference graph (%s)', (kind) => {
  it('has every page, attachment, source and missing target as a node, and one edge per page, kind and target', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    fx.write('../code/main.ts', 'export {}\n');
    const e = fx.engine();
    await e.reindex();
    const g = await e.graph({});
    expect(g.centre).toBeNull();
    expect(g.truncated).toBe(false);
    expect(g.nodes.map((n) => `${n.type} ${n.key}`).sort()).toEqual(
      [
        'page a',
        'page b',
        'page c',
        'page d',
        'page hub',
        'page lonely',
        'attachment pic.png',
        'source code/main.ts',
        'missing gone.ts',
        'missing nowhere',
      ].sort(),
    );
    // two links to a on one line count once, with the count; [[nowhere]] and nowhere.md meet at one missing node; no self edge
    expect(edgesOf(g)).toEqual(
      [
        'a -wikilink:2-> b',
        'b -wikilink:5-> c',
        'c -wikilink:2-> d',
        'hub -embed:10-> pic.png',
        'hub -markdown:11-> missing:nowhere',
        'hub -ref:2-> a',
        'hub -source:4-> code/main.ts',
        'hub -source:5-> missing:gone.ts',
        'hub -wikilink:10x2-> a',
        'hub -wikilink:11-> missing:nowhere',
      ].sort(),
    );
    const byKey = new Map(g.nodes.map((n) => [n.key, n]));
    expect(byKey.get('hub')).toMatchObject({
      path: 'hub.md',
      root: fx.root,
      title: 'Hub',
      tags: ['core'],
      tier: 'wiki',
      scope: { kind: 'global', agent: null },
      archived: false,
      depth: null,
    });
    expect(byKey.get('b')!.archived).toBe(true);
    expect(byKey.get('pic.png')).toMatchObject({ type: 'attachment', path: 'pic.png', root: fx.root, missing: false });
    expect(byKey.get('nowhere')).toMatchObject({ type: 'missing', missing: true, path: null });
    expect(byKey.get('code/main.ts')!.path).toMatch(/code\/main\.ts$/);
    // a stale page says so: a links to b, which is archived
    expect(byKey.get('a')!.stale).toBe(true);
    expect(byKey.get('c')!.stale).toBe(false);
  });

  it('around a page: the pages within depth links either way, with their depth, and the edges among them', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    const depth1 = await e.graph({ around: { key: 'b' }, depth: 1 });
    const keyed = (g: GraphResponse) => g.nodes.map((n) => `${n.key}@${n.depth}`).sort();
    expect(keyed(depth1)).toEqual(['a@1', 'b@0', 'c@1']);
    expect(depth1.centre).toBe(depth1.nodes.find((n) => n.key === 'b')!.id);
    expect(edgesOf(depth1)).toEqual(['a -wikilink:2-> b', 'b -wikilink:5-> c']);
    // depth 2 reaches hub (a backlink of a) and d; hub's own targets are a third link away
    const depth2 = await e.graph({ around: { key: 'b' }, depth: 2 });
    expect(keyed(depth2)).toEqual(['a@1', 'b@0', 'c@1', 'd@2', 'hub@2']);
    expect(edgesOf(depth2)).toContain('hub -ref:2-> a');
    const depth3 = await e.graph({ around: { key: 'b' }, depth: 3 });
    expect(keyed(depth3)).toEqual(['a@1', 'b@0', 'c@1', 'code/main.ts@3', 'd@2', 'gone.ts@3', 'hub@2', 'nowhere@3', 'pic.png@3']);
    expect(keyed(await e.graph({ around: { key: 'lonely' }, depth: 3 }))).toEqual(['lonely@0']);
  });

  it('keeps every link between two nodes of a neighbourhood, wherever they are (property over every centre and depth)', async () => {
    fx = await makeStoreFixture(kind, { ...WIKI, 'e.md': '# E\n[[a]] [[nowhere]] ![[pic.png]]\n', 'f.md': '[[p/readme]] [[q/readme]] [[e]]\n' });
    const e = fx.engine();
    await e.reindex();
    const whole = await e.graph({});
    const name = (g: GraphResponse, id: string) => g.nodes.find((n) => n.id === id)!.key;
    const wholeEdges = whole.edges.map((x) => `${name(whole, x.source)}>${x.kind}>${name(whole, x.target)}`);
    // two targets nothing answers that share a file name are two nodes
    expect(
      whole.nodes
        .filter((n) => n.missing)
        .map((n) => n.key)
        .sort(),
    ).toEqual(['code/main.ts', 'gone.ts', 'nowhere', 'p/readme', 'q/readme']);
    for (const key of ['hub', 'a', 'b', 'c', 'd', 'e', 'f', 'lonely']) {
      for (const depth of [1, 2, 3]) {
        const g = await e.graph({ around: { key }, depth });
        const keys = new Set(g.nodes.map((n) => n.key));
        const expected = wholeEdges.filter((x) => keys.has(x.split('>')[0]!) && keys.has(x.split('>')[2]!)).sort();
        expect(g.edges.map((x) => `${name(g, x.source)}>${x.kind}>${name(g, x.target)}`).sort(), `around ${key}, depth ${depth}`).toEqual(expected);
      }
    }
  });

  it('stops at the page limit and says so', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    const whole = await e.graph({ limit: 3 });
    expect(whole.truncated).toBe(true);
    expect(whole.nodes.filter((n) => n.type === 'page')).toHaveLength(3);
    // no edge names a node that is not in the answer
    const ids = new Set(whole.nodes.map((n) => n.id));
    expect(whole.edges.every((x) => ids.has(x.source) && ids.has(x.target))).toBe(true);
    const around = await e.graph({ around: { key: 'hub' }, depth: 3, limit: 2 });
    expect(around.truncated).toBe(true);
    expect(around.nodes.filter((n) => n.type === 'page').map((n) => n.key)).toContain('hub');
  });

  it("an agent's neighbourhood is its own view: its page at the centre, no other agent's pages, no global page it shadows", async () => {
    fx = await makeStoreFixture(kind, {
      'global/x.md': '# Global X\n[[y]]\n',
      'global/y.md': '# Y\n',
      'user/ada/x.md': '# Ada X\n[[y]]\n',
      'user/bob/secret.md': '# Bob secret\n[[y]]\n',
    });
    const e = fx.engine();
    await e.reindex();
    const mine = await e.graph({ around: { key: 'x', agent: 'ada' } });
    expect(mine.nodes.find((n) => n.id === mine.centre)).toMatchObject({ title: 'Ada X', scope: { kind: 'user', agent: 'ada' } });
    expect((await e.graph({ around: { key: 'y', agent: 'ada' } })).nodes.map((n) => n.title).sort()).toEqual(['Ada X', 'Y']);
    // a person (no agent) sees every space
    expect((await e.graph({ around: { key: 'y' } })).nodes.map((n) => n.title).sort()).toEqual(['Ada X', 'Bob secret', 'Global X', 'Y']);
  });

  it('a request for no such page, or a bad depth, is refused by name', async () => {
    fx = await makeStoreFixture(kind, { 'x.md': '# X\n' });
    const e = fx.engine();
    await e.reindex();
    await expect(e.graph({ around: { key: 'nope' } })).rejects.toThrow('no page with key "nope"');
    await expect(e.graph({ depth: 4 })).rejects.toThrow(/graph: bad "depth"/);
  });
});
