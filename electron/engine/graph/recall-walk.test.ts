// recall over real files and a real index on each store: the hops limit, links either way, a concept between two
// pages, `follows` between dated notes of one folder, the path that reached each page, and seeds
// from a query.
import { afterEach, describe, expect, it } from 'vitest';
import type { RecallWalkResponse } from '../../../shared/graph.ts';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

/** Each page as `key @distance: seed -edge-> … ` for readable expectations. */
function paths(r: RecallWalkResponse): string[] {
  return r.pages.map((p) => `${p.key} @${p.distance}: ${p.via.map((s) => `${s.from} -${s.edge}${s.concept ? `(${s.concept})` : ''}->`).join(' ')}`.trimEnd());
}

const WIKI = {
  'start.md': '# Start\nSee [[a]].\n',
  'a.md': '# A\nOn to [[b]].\n',
  'b.md': '# B\nOn to [[c]].\n',
  'c.md': '# C\nThe end.\n',
  'fan.md': '# Fan\nI like [[start]].\n',
  'lonely.md': '# Lonely\nNothing here.\n',
};

describe.each(storeKinds())('recall (%s)', (kind) => {
  it('walks links out and in, no further than the hops, each page with its path', async () => {
    fx = await makeStoreFixture(kind, WIKI);
    const e = fx.engine();
    await e.reindex();
    const one = await e.recall({ seed: { key: 'start' }, hops: 1 });
    expect(one.seeds).toEqual(['start']);
    expect(paths(one)).toEqual(['start @0:', 'a @1: start -link->', 'fan @1: start -backlink->']);
    const two = await e.recall({ seed: { key: 'start' } });
    expect(paths(two)).toEqual(['start @0:', 'a @1: start -link->', 'fan @1: start -backlink->', 'b @2: start -link-> a -link->']);
    const three = await e.recall({ seed: { key: 'start' }, hops: 3 });
    expect(paths(three)).toContain('c @3: start -link-> a -link-> b -link->');
    expect(three.pages.map((p) => p.key)).not.toContain('lonely');
    // one edge per reached page, the last step of its path
    expect(three.edges).toContainEqual({ source: 'b', target: 'c', edge: 'link' });
    expect(three.edges).toContainEqual({ source: 'start', target: 'fan', edge: 'backlink' });
    // the limit keeps the nearest
    const few = await e.recall({ seed: { key: 'start' }, hops: 3, limit: 2 });
    expect(few.pages.map((p) => p.distance)).toEqual([0, 1]);
    expect(few.truncated).toBe(true);
    await expect(e.recall({ seed: { key: 'nowhere' } })).rejects.toThrow(/no page with key "nowhere"/);
  });

  it('goes from a page through a concept it mentions to the pages that name or mention it', async () => {
    fx = await makeStoreFixture(kind, {
      'tide.md': '# Tide notes\nThe moon pulls on the sea.\n',
      'moon.md': '---\ntags: [astronomy]\n---\n# Moon\nA rock.\n',
      'poem.md': '# Poem\nA moon over water.\n',
      'other.md': '# Other\nNothing in common.\n',
    });
    const e = fx.engine();
    await e.reindex();
    const r = await e.recall({ seed: { key: 'tide' }, hops: 1 });
    expect(paths(r)).toEqual(['tide @0:', 'moon @1: tide -concept(Moon)->', 'poem @1: tide -concept(Moon)->']);
    // at one distance, a page a link reached comes before one a concept reached
    fx.write('tide.md', '# Tide notes\nThe moon pulls on the sea. [[other]]\n');
    await e.reindex();
    const linked = await e.recall({ seed: { key: 'tide' }, hops: 1 });
    expect(paths(linked)).toEqual(['tide @0:', 'other @1: tide -link->', 'moon @1: tide -concept(Moon)->', 'poem @1: tide -concept(Moon)->']);
  });

  it('follows dated notes of one folder in date order, and not across folders', async () => {
    fx = await makeStoreFixture(kind, {
      'daily/2026-01-01.md': '# Monday\nCold.\n',
      'daily/2026-01-02.md': '# Tuesday\nRain.\n',
      'daily/2026-01-05.md': '# Friday\nSun.\n',
      'daily/2026-01-09.md': '# Tuesday after\nWind.\n',
      'other/2026-01-03.md': '# Elsewhere\nFog.\n',
    });
    const e = fx.engine();
    await e.reindex();
    const r = await e.recall({ seed: { key: '2026-01-02' }, hops: 2 });
    expect(paths(r)).toEqual([
      '2026-01-02 @0:',
      '2026-01-01 @1: 2026-01-02 -follows->',
      '2026-01-05 @1: 2026-01-02 -follows->',
      '2026-01-09 @2: 2026-01-02 -follows-> 2026-01-05 -follows->',
    ]);
  });

  it('seeds from the top hits of a search for a query, and ranks pages more seeds reach first', async () => {
    fx = await makeStoreFixture(kind, {
      'alpha.md': '# Alpha\nZebra crossing rules. [[shared]]\n',
      'beta.md': '# Beta\nZebra stripes. [[shared]] [[solo]]\n',
      'shared.md': '# Shared\nCommon ground.\n',
      'solo.md': '# Solo\nOne way in.\n',
    });
    const e = fx.engine();
    await e.reindex();
    const r = await e.recall({ seed: { query: 'zebra' }, hops: 1 });
    expect([...r.seeds].sort()).toEqual(['alpha', 'beta']);
    expect(r.pages.filter((p) => p.distance === 1).map((p) => `${p.key} ${p.seeds}`)).toEqual(['shared 2', 'solo 1']);
  });

  it('never reaches archived or usage_mode: never pages; a query seed asked as an agent sees what that agent sees', async () => {
    fx = await makeStoreFixture(kind, {
      'global/start.md': '# Start\nSee [[old]], [[secret]], [[shared]] and [[../user/bob/plans]].\n',
      'global/old.md': '---\narchived_since: 2026-01-01\n---\n# Old\nRetired.\n',
      'global/secret.md': '---\nusage_mode: never\n---\n# Secret\nNot for recall.\n',
      'global/shared.md': '# Shared\nThe shared page.\n',
      'user/alice/shared.md': "# Alice shared\nAlice's own copy.\n",
      'user/bob/plans.md': "# Plans\nBob's plans.\n",
    });
    const e = fx.engine();
    await e.reindex();
    const asPerson = (await e.recall({ seed: { key: 'start' }, hops: 1 })).pages.map((p) => p.path);
    expect(asPerson).toEqual(expect.arrayContaining(['global/start.md', 'global/shared.md', 'user/bob/plans.md']));
    expect(asPerson).not.toContain('global/old.md');
    expect(asPerson).not.toContain('global/secret.md');
    const asAlice = (await e.recall({ seed: { query: 'start', agent: 'alice' }, hops: 1 })).pages.map((p) => p.path);
    expect(asAlice).toContain('global/start.md');
    expect(asAlice).not.toContain('user/bob/plans.md');
    expect(asAlice).not.toContain('global/shared.md');
    expect(asAlice).not.toContain('global/old.md');
  });
});
