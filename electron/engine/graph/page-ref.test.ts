// A page named by its root and path is exactly that page, on each store, through dispatch as every
// door calls it: of two pages with one name, the one asked for; a key still names the page it
// always did; the one visibility rule still bounds what an agent reads.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bindApi } from '../../../shared/dispatch.ts';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

describe.each(storeKinds())('getPage by root and path (%s)', (kind) => {
  it('opens the one asked for of two pages with one name, with the other named, and roots on every link', async () => {
    fx = await makeStoreFixture(kind, {
      'Plugins/Templates.md': '# Templates\n\nThe core plugin inserts a template.\n',
      'Obsidian Web Clipper/Templates.md': '# Templates\n\nClipper templates shape a clipped page.\n',
      'Obsidian Web Clipper/Overview.md': '# Overview\n\nSee [[Templates]] and [[Plugins/Templates]].\n',
    });
    const e = fx.engine();
    await e.reindex();
    const root = fx.root;

    const clipper = await e.getPage({ root, path: 'Obsidian Web Clipper/Templates.md' });
    expect(clipper.body).toContain('Clipper templates');
    expect(clipper.path).toBe('Obsidian Web Clipper/Templates.md');
    expect(clipper.sameName).toEqual([{ root, path: 'Plugins/Templates.md', scope: { kind: 'global', agent: null } }]);
    expect(clipper.backlinks.map((l) => [l.sourceRoot, l.source])).toEqual([[root, 'Obsidian Web Clipper/Overview.md']]);

    // a key names what it always named: the shorter path
    expect((await e.getPage({ key: 'Templates' })).path).toBe('Plugins/Templates.md');
    // links carry the root and path they resolved to: [[Templates]] is the copy beside the linking page
    const overview = await e.getPage({ root, path: 'Obsidian Web Clipper/Overview.md' });
    expect(overview.links.map((l) => [l.resolvedRoot, l.resolvedPath])).toEqual([
      [root, 'Obsidian Web Clipper/Templates.md'],
      [root, 'Plugins/Templates.md'],
    ]);

    // the graph and a recall walk centre on the page asked for
    const graph = await e.graph({ around: { root, path: 'Obsidian Web Clipper/Templates.md' } });
    expect(graph.nodes.find((n) => n.id === graph.centre)?.path).toBe('Obsidian Web Clipper/Templates.md');
    const walk = await e.recall({ seed: { root, path: 'Obsidian Web Clipper/Templates.md' }, hops: 1 });
    expect(walk.pages.find((p) => p.distance === 0)?.path).toBe('Obsidian Web Clipper/Templates.md');

    await expect(e.getPage({ root, path: 'Nowhere/Templates.md' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(e.getPage({ root: path.join(root, 'elsewhere'), path: 'Plugins/Templates.md' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(e.getPage({ root })).rejects.toMatchObject({ code: 'bad-request' });
  });

  it("an agent reads by path the shared space and its own, never another agent's; by key its own page first", async () => {
    fx = await makeStoreFixture(kind, {
      'global/Templates.md': '# Templates\n\nShared templates.\n',
      'global/docs/Templates.md': '# Templates\n\nShared docs templates.\n',
      'user/alice/Templates.md': '# Templates\n\nAlice keeps her own.\n',
    });
    const e = fx.engine();
    await e.reindex();
    const root = fx.root;
    const alice = bindApi(e.service, { kind: 'agent', agent: 'alice' });
    const bob = bindApi(e.service, { kind: 'agent', agent: 'bob' });

    expect((await alice.getPage({ key: 'Templates' })).path).toBe('user/alice/Templates.md');
    expect((await alice.getPage({ root, path: 'global/docs/Templates.md' })).body).toContain('Shared docs');
    // the shared page her own shadows is still hers to open by its place
    expect((await alice.getPage({ root, path: 'global/Templates.md' })).body).toContain('Shared templates');
    const own = await alice.getPage({ root, path: 'user/alice/Templates.md' });
    expect(own.sameName.map((o) => o.path).sort()).toEqual(['global/Templates.md', 'global/docs/Templates.md']);

    await expect(bob.getPage({ root, path: 'user/alice/Templates.md' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(bob.getPage({ root, path: 'user/alice/Templates.md', agent: 'alice' })).rejects.toMatchObject({ code: 'forbidden' });
    expect((await bob.getPage({ root, path: 'global/Templates.md' })).sameName.map((o) => o.path)).toEqual(['global/docs/Templates.md']);
    // a person sees every space, and may view as an agent
    expect((await e.getPage({ root, path: 'user/alice/Templates.md' })).body).toContain('Alice');
    await expect(e.getPage({ root, path: 'user/alice/Templates.md', agent: 'bob' })).rejects.toMatchObject({ code: 'not-found' });
  });
});
