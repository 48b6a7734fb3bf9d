// Consolidation on a real index on each store: old raw and daily notes grouped by shared concepts, one reflection per
// group through the write path, the notes archived and never deleted, dry runs that write nothing,
// re-runs that change nothing, and every sentence of an archived note reachable from provenance.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storeKinds, type StoreKind } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';
import { readSentences } from './consolidate.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const files = () =>
  fs
    .readdirSync(fx.root, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .sort();
const snapshot = () => Object.fromEntries(files().map((f) => [f, fs.readFileSync(path.join(fx.root, f), 'utf8')]));

function wiki(kind: StoreKind): Promise<Fixture> {
  return makeStoreFixture(kind, {
    'oauth.md': '---\ntitle: OAuth\ntags: [auth]\n---\n# OAuth\nHow we sign in.\n',
    'kafka.md': '---\ntitle: Kafka\n---\n# Kafka\nThe event bus.\n',
    'daily/2020-01-02.md':
      '---\ntags: [daily, auth]\n---\n# Thursday\n\nThe OAuth token expired after ten minutes in staging. We raised the refresh window to thirty minutes.\n\n- Lunch was fine.\n',
    'daily/2020-01-05.md':
      '---\ntags: [daily]\n---\n# Sunday\n\nOAuth refresh failed again because the clock skew on node seven exceeded the leeway.\n```\nOAuth code is not prose.\n```\n',
    'daily/2020-01-03.md': '# Friday\n\nKafka consumer lag grew to forty thousand messages overnight. Rebalancing the Kafka partitions fixed the lag.\n',
    'notes/scratch.md': '---\ntier: raw\nupdated: 2020-01-04\n---\nThe Kafka retention was cut to three days to save disk space.\n',
    'daily/2020-01-04.md': '# Saturday\n\nWatched a film about sailing boats across oceans.\n',
    [`daily/${new Date().toISOString().slice(0, 10)}.md`]: '# Today\n\nOAuth again today, too new to consolidate.\n',
  });
}

describe.each(storeKinds())('consolidate (%s)', (kind) => {
  it('groups old notes by shared concepts; a dry run returns the plan and writes nothing', async () => {
    fx = await wiki(kind);
    const e = fx.engine();
    await e.reindex();
    const before = snapshot();
    const plan = await e.consolidate({ olderThanDays: 14, dryRun: true, actor: 'tester' });
    expect(plan.dryRun).toBe(true);
    const groups = plan.groups.map((g) => ({ concepts: g.concepts.slice(0, 1), notes: g.notes.map((n) => n.key).sort(), links: g.links }));
    expect(groups.sort((a, b) => a.concepts[0]!.localeCompare(b.concepts[0]!))).toEqual([
      { concepts: ['Kafka'], notes: ['2020-01-03', 'scratch'], links: ['kafka'] },
      { concepts: ['OAuth'], notes: ['2020-01-02', '2020-01-05'], links: ['oauth'] },
    ]);
    expect(plan.skipped).toContainEqual({ key: '2020-01-04', reason: 'shares no concept with another old note' });
    expect(plan.groups.every((g) => g.written === null && g.archived.length === 0)).toBe(true);
    const oauth = plan.groups.find((g) => g.concepts[0] === 'OAuth')!;
    expect(oauth.tags).toEqual(['auth', 'daily']);
    expect(oauth.concepts).toEqual(['OAuth', 'daily']);
    expect(oauth.body).toContain('[[oauth]]');
    expect(oauth.body).not.toContain('OAuth code is not prose');
    // the line the sentence will have once the note is archived (its frontmatter gains a line)
    expect(oauth.body).toMatch(/OAuth token expired .*<!-- from: daily\/2020-01-02\.md#L7 -->/);
    expect(snapshot()).toEqual(before);
    expect((await e.audit({})).entries).toEqual([]);
  });

  it('writes one reflection per group, archives the notes, and a second run changes nothing', async () => {
    fx = await wiki(kind);
    const e = fx.engine();
    await e.reindex();
    const r = await e.consolidate({ olderThanDays: 14, actor: 'tester' });
    expect(r.groups).toHaveLength(2);
    for (const g of r.groups) {
      expect(g.written?.created).toBe(true);
      const page = await e.getPage({ key: g.key });
      expect(page.frontmatter.tier).toBe('reflection');
      // refs resolve: every link of the new page reaches a page
      expect(page.links.filter((l) => l.reason !== null)).toEqual([]);
      expect(page.links.map((l) => l.target)).toEqual(g.links);
      for (const n of g.notes) {
        expect(fs.existsSync(path.join(fx.root, n.path))).toBe(true);
        expect((await e.getPage({ key: n.key })).frontmatter.archived_since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
    const after = snapshot();
    const audit = (await e.audit({ limit: 1000 })).entries.length;
    const again = await e.consolidate({ olderThanDays: 14, actor: 'tester' });
    expect(again.groups).toEqual([]);
    expect(snapshot()).toEqual(after);
    expect((await e.audit({ limit: 1000 })).entries.length).toBe(audit);
    // a fresh index of the same files plans nothing either
    await e.reindex();
    expect((await e.consolidate({ olderThanDays: 14, dryRun: true, actor: 'tester' })).groups).toEqual([]);
  });

  it("loses nothing: every sentence of every archived note is reachable from its reflection's provenance", async () => {
    fx = await wiki(kind);
    const e = fx.engine();
    await e.reindex();
    const r = await e.consolidate({ olderThanDays: 14, actor: 'tester' });
    for (const g of r.groups) {
      const page = await e.getPage({ key: g.key });
      const cited = new Map<string, number[]>();
      for (const p of page.provenance) {
        const [, file, line] = /^(.*)#L(\d+)$/.exec(p.from)!;
        cited.set(file!, [...(cited.get(file!) ?? []), Number(line)]);
      }
      for (const n of g.notes) {
        // the note is cited, still on disk, archived, and each of its sentences is in that file
        expect(cited.has(n.path)).toBe(true);
        const sentences = readSentences(path.join(fx.root, n.path), n.path);
        expect(sentences.length).toBeGreaterThan(0);
        for (const line of cited.get(n.path)!) expect(sentences.some((s) => s.line === line)).toBe(true);
      }
      // each quoted sentence is the text of its source line
      for (const s of g.sentences) expect(fs.readFileSync(path.join(fx.root, s.from), 'utf8').split('\n')[s.line - 1]).toContain(s.text.slice(0, 20));
    }
  });

  it('a note cited by a reflection already is skipped', async () => {
    fx = await wiki(kind);
    fx.write('old-reflection.md', '---\ntier: reflection\n---\n# Earlier\n\n- Kafka lag. <!-- from: daily/2020-01-03.md#L3 -->\n');
    const e = fx.engine();
    await e.reindex();
    const plan = await e.consolidate({ olderThanDays: 14, dryRun: true, actor: 'tester' });
    expect(plan.skipped).toContainEqual({ key: '2020-01-03', reason: 'already cited by a reflection' });
    expect(plan.groups.flatMap((g) => g.notes.map((n) => n.key))).not.toContain('2020-01-03');
  });
});
