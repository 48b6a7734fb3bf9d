// A first index's links written in bulk (PostgreSQL: by COPY, and most links' answers by a rewrite
// of the rows, common/links.ts): indexed straight into each store, every link reads back the same,
// as written (labels with tabs and backslashes, anchors, frontmatter links without a column, sources) and
// as answered (found, missing page, missing anchor), and the index counts them alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '../../../../shared/page.ts';
import type { LinkAnswer } from '../links.ts';
import { pgAdminUrl } from '../../testing/pg-test.ts';
import { indexedTwice, type TwinEngines } from '../../testing/twin-engines.ts';
import type { FixtureEngine } from '../../testing/wiki-fixture.ts';

const PAGES = 600;

/** 600 pages of 22 links each: a first batch of 500 pages holds 11,000 links (COPY's from 5,000). */
function linkedWiki(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < PAGES; i++) {
    const to = (k: number) => `page-${(i * 7 + k * 13) % PAGES}`;
    const lines = Array.from({ length: 4 }, (_, k) =>
      [
        `See [[${to(k)}]] and [[${to(k + 1)}#Section ${k % 3}]] (a missing anchor when ${k % 3} > 1).`,
        `Also [[missing ${i} ${k}]], [[${to(k + 2)}|a label with \\ a backslash and\ta tab]].`,
        `A markdown link: [text ${k}](${to(k + 3)}.md) and [[${to(k + 4)}#^block${k}]].`,
      ].join(' '),
    );
    files[`notes/page-${i}.md`] = [
      '---',
      `refs: ["[[${to(9)}]]"]`,
      `sources: ["/nowhere/cairn-test/source-${i}.txt"]`,
      '---',
      `# Page ${i}`,
      '',
      ...lines,
      '',
      '## Section 0',
      '',
      'Text.',
      '',
      '## Section 1',
      '',
      'More text.',
      '',
    ].join('\n');
  }
  return files;
}

describe.skipIf(!pgAdminUrl())('a first index whose links are written in bulk', () => {
  let twins: TwinEngines;
  let sqlite: FixtureEngine;
  let postgres: FixtureEngine;

  beforeAll(async () => {
    twins = await indexedTwice(linkedWiki());
    ({ sqlite, postgres } = twins);
  });
  afterAll(() => twins?.close());

  it('stores and answers every link as SQLite does', async () => {
    const [want, got] = await Promise.all([sqlite.store.links.all(), postgres.store.links.all()]);
    expect(want.length).toBeGreaterThan(12_000);
    expect([...new Set(want.map((l) => l.reason))]).toEqual(expect.arrayContaining([null, 'missing-page', 'missing-anchor']));
    expect(new Set(want.map((l) => l.kind))).toEqual(new Set(['wikilink', 'markdown', 'ref', 'source']));
    expect(got).toEqual(want);
  });

  it('reads each page’s links as written, labels and columns included', async () => {
    // the two wikis are in two folders
    const inWiki = (links: Link[]) => links.map(({ sourceRoot, resolvedRoot, ...l }) => ({ ...l, sourceRoot: !!sourceRoot, resolvedRoot: !!resolvedRoot }));
    for (const pageId of [1, 2, 250, 501, PAGES]) {
      const [want, got] = await Promise.all([sqlite.store.links.outOf(pageId), postgres.store.links.outOf(pageId)]);
      expect(want.some((l) => l.label?.includes('\t') && l.label.includes('\\'))).toBe(true);
      expect(inWiki(got)).toEqual(inWiki(want));
      const inFrontmatter = want.find((l) => l.kind === 'ref')!;
      const written = await Promise.all([sqlite, postgres].map((e) => e.store.links.writtenOn(pageId, 2, inFrontmatter.target, null)));
      expect(written[0]).toEqual([{ kind: 'ref', target: inFrontmatter.target, column: null }]);
      expect(written[1]).toEqual(written[0]);
    }
  });

  it('rewrites most links’ answers at once as SQLite updates them', async () => {
    // as a relink of a first index of more than 2,000 pages answers them (graph/relink.ts firstAnswers)
    const links = await sqlite.store.links.all();
    const answers: LinkAnswer[] = links
      .filter((l) => l.id % 3 !== 0)
      .map((l) => ({
        id: l.id,
        targetPageId: l.reason ? l.page_id : null,
        targetFileId: null,
        external: l.id % 3 === 1 ? null : `/elsewhere/\t${l.id}`,
        reason: l.reason ? null : 'missing-page',
      }));
    await Promise.all([sqlite, postgres].map((e) => e.store.write((tx) => tx.links.answer(answers, true))));
    const [want, got] = await Promise.all([sqlite.store.links.all(), postgres.store.links.all()]);
    expect(want.filter((l) => l.reason === 'missing-page').length).toBeGreaterThan(links.length / 3);
    expect(got).toEqual(want);
    const [counted, counts] = await Promise.all([sqlite.store.runs.counts(), postgres.store.runs.counts()]);
    expect(counts).toEqual(counted);
  });

  it('counts the links and the broken ones alike', async () => {
    const [want, got] = await Promise.all([sqlite.store.runs.counts(), postgres.store.runs.counts()]);
    expect(got).toEqual(want);
  });
});
