// fts5Terms against SQLite's own tokenizer (`porter unicode61 remove_diacritics 2`, read back
// through fts5vocab): the terms, in order, that the PostgreSQL lexical index counts.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fts5Terms } from '../postgres/fts5-tokens.ts';

/** The terms FTS5 stores for a text, in order. */
function fts5Own(texts: string[]): string[][] {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'porter unicode61 remove_diacritics 2'); CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')`);
  texts.forEach((x, i) => db.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)').run(i + 1, x));
  const out: string[][] = texts.map(() => []);
  for (const r of db.prepare('SELECT term, doc, "offset" FROM v').all() as { term: string; doc: number; offset: number }[]) out[r.doc - 1]![r.offset] = r.term;
  db.close();
  return out;
}

describe('the FTS5 tokenizer in Node', () => {
  it('gives the terms FTS5 stores: case and accents folded, split on punctuation, Porter-stemmed from 3 to 64 bytes', () => {
    const texts = [
      'Connected connections CONNECTING; the runner runs (running) — generalisations, studies & studying.',
      'Café naïve façade Ångström ØRESUND Łódź İstanbul e\u0301te\u0301 \u0301abc résumé',
      'µg μg ΑΛΦΑ άλφα Ελληνικά Русский ДОМ 中文字 x² ３ snake_case kebab-case v1.2.3 ab yelling sky',
      `${'x'.repeat(70)}ing ${'ab'.repeat(31)}ing`,
      // stemmed as bytes: each byte of a non-ASCII letter is a consonant to FTS5's Porter
      'straße grüße føre ærlige sœurs smørrebrød Москве naïvely façades',
    ];
    expect(texts.map(fts5Terms)).toEqual(fts5Own(texts));
  });
});
