// Which relinks write their answers without the links table's indexes (graph/relink.ts
// firstAnswers): a first index's, whose links were never answered; never a big change to a wiki in
// use, whose readers the dropped indexes would lock out until the relink commits.
import { describe, expect, it } from 'vitest';
import type { StoredLink } from '../store/links.ts';
import { firstAnswers } from './relink.ts';

const link = (id: number, answered: Partial<StoredLink> = {}): StoredLink => ({
  id,
  page_id: 1,
  kind: 'wikilink',
  target: `t${id}`,
  anchor: null,
  target_key: `t${id}`,
  target_page_id: null,
  target_file_id: null,
  target_external: null,
  reason: null,
  ...answered,
});
const many = (n: number, answered: (i: number) => Partial<StoredLink>) => Array.from({ length: n }, (_, i) => link(i, answered(i)));

describe('first answers', () => {
  it('a first index: every link never answered', () => {
    expect(firstAnswers(many(12_000, () => ({})))).toBe(true);
  });

  it('a wiki in use: links answered before (to pages, files, sources, or as missing), even when all change', () => {
    const kinds: Partial<StoredLink>[] = [{ target_page_id: 7 }, { target_file_id: 3 }, { target_external: '/src/a.ts' }, { reason: 'missing-page' }];
    expect(firstAnswers(many(12_000, (i) => kinds[i % 4]!))).toBe(false);
    // half new and half answered: still a wiki in use
    expect(firstAnswers(many(24_000, (i) => (i % 2 ? {} : kinds[i % 4]!)))).toBe(false);
  });

  it('a small first index keeps the indexes: dropping and building them costs more than it saves', () => {
    expect(firstAnswers(many(500, () => ({})))).toBe(false);
  });
});
