// A real wiki no one here wrote: the parser must take all of it without throwing and find
// its links. Skipped (with the reason) on a machine without the evaluation wikis.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parsePage } from './page.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const WIKI = resolve(here, '../../../../../shared/eval/wikis/foam-docs');
const present = existsSync(WIKI);

describe.skipIf(!present)(`foam-docs wiki (${present ? WIKI : `absent: ${WIKI} not found, test skipped`})`, () => {
  const files = present ? readdirSync(WIKI, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')) : [];

  it('parses every page without throwing and finds its links', () => {
    expect(files.length).toBeGreaterThan(50);
    let links = 0;
    let pagesWithLinks = 0;
    for (const relPath of files) {
      const text = readFileSync(join(WIKI, relPath), 'utf8');
      const page = parsePage(basename(relPath, '.md'), relPath, text);
      links += page.links.length;
      if (page.links.length > 0) pagesWithLinks++;
      for (const link of page.links) {
        expect(link.line).toBeGreaterThanOrEqual(1);
        expect(link.line).toBeLessThanOrEqual(text.split('\n').length);
      }
    }
    expect(links).toBeGreaterThan(100);
    expect(pagesWithLinks).toBeGreaterThan(20);
  });

  it('reads the wikilinks page exactly: examples in code spans are not links', () => {
    const relPath = 'user/features/wikilinks.md';
    const page = parsePage('wikilinks', relPath, readFileSync(join(WIKI, relPath), 'utf8'));
    expect(page.links.map((l) => `${l.line}:${l.target}`)).toEqual([
      '12:graph-view',
      '33:block-anchors',
      '70:link-reference-definitions',
      '87:footnotes',
      '88:block-anchors',
      '89:templates',
    ]);
    expect(page.headings[0]).toEqual({ level: 1, text: 'Wikilinks', line: 1 });
  });
});

if (!present) console.warn(`foam-docs test skipped: ${WIKI} is absent`);
