// Finding one's way around a page, on each store through dispatch: each backlink carries the
// sentence around its link, and `mentions` lists the pages that name the page without linking it.
import { afterEach, describe, expect, it } from 'vitest';
import { storeKinds } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';
import { CONTEXT_LINKS } from './link-context.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const LONG = `${'Many words come before it here. '.repeat(2)}${'word '.repeat(60)}then [[Compass]] and ${'more '.repeat(60)}end.`;

describe.each(storeKinds())('backlink contexts and unlinked mentions (%s)', (kind) => {
  it('gives each backlink its sentence, and lists pages that name the page without linking', async () => {
    fx = await makeStoreFixture(kind, {
      'Compass.md': '---\naliases: [lodestone]\n---\n# Compass\n\nPoints north.\n',
      'Hiking.md':
        '---\ntags: [outdoors]\n---\n# Hiking\n\nPack water. Always carry a [[Compass|compass]] in the hills! Check the weather.\n\n- see [[Compass]]\n',
      'Long.md': `# Long\n\n${LONG}\n`,
      'Sailing.md': '# Sailing\n\nOld sailors trusted the Compasses more than the stars. A compass again.\n',
      'Stones.md': '# Stones\n\n> A lodestone is a natural magnet.\n',
      'Camping.md': '# Camping\n\nA tent and a stove.\n',
      'Rose.md': '# Rose\n\nSee [[Compass Rose]]; a compass helps.\n',
      'Guide.md': '# Guide\n\nRead https://x.org/compass-guide, [the compass guide](x.md), or run `compass`.\n',
      'Wrapped.md': '# Wrapped\n\nThe first sentence. The map and the\n[[Compass]] work together. The last one.\n',
    });
    const e = fx.engine();
    await e.reindex();

    const page = await e.getPage({ key: 'Compass' });
    expect(page.backlinks.map((l) => [l.source, l.line, l.context])).toEqual([
      ['Hiking.md', 6, 'Always carry a [[Compass|compass]] in the hills!'],
      ['Hiking.md', 8, 'see [[Compass]]'],
      ['Long.md', 3, expect.stringMatching(/^….*then \[\[Compass\]\] and .*…$/)],
      ['Wrapped.md', 4, 'The map and the [[Compass]] work together.'],
    ]);
    expect(page.backlinks[2]!.context!.length).toBeLessThanOrEqual(202);

    const { mentions } = await e.mentions({ key: 'Compass' });
    // a name inside a link, a URL or a code span is not prose to link: the first in prose is offered, if any
    expect(mentions.map((m) => [m.path, m.line, m.count, m.phrase, m.context])).toEqual([
      ['Guide.md', 3, 2, null, expect.any(String)],
      ['Rose.md', 3, 2, 'compass', 'See [[Compass Rose]]; a compass helps.'],
      ['Sailing.md', 3, 2, 'Compasses', 'Old sailors trusted the Compasses more than the stars.'],
      ['Stones.md', 3, 1, 'lodestone', 'A lodestone is a natural magnet.'],
    ]);
  });

  it(`reads the sentences of a hub's first ${CONTEXT_LINKS} backlinks only`, async () => {
    const files: Record<string, string> = { 'Hub.md': '# Hub\n' };
    for (let i = 0; i < CONTEXT_LINKS + 5; i++) files[`n/${String(i).padStart(3, '0')}.md`] = `# Note ${i}\n\nNote ${i} goes to the [[Hub]].\n`;
    fx = await makeStoreFixture(kind, files);
    const e = fx.engine();
    await e.reindex();
    const { backlinks } = await e.getPage({ key: 'Hub' });
    expect(backlinks).toHaveLength(CONTEXT_LINKS + 5);
    expect(backlinks.filter((l) => l.context !== undefined)).toHaveLength(CONTEXT_LINKS);
    expect(backlinks[0]!.context).toBe('Note 0 goes to the [[Hub]].');
  });
});
