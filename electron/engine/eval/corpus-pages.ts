// A BEIR corpus written out as wiki pages, one markdown file per document, so evaluation runs
// through exactly the ingest and search a real wiki gets.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import type { BeirDoc } from './beir.ts';

const MARKER = '.cairn-corpus';

/** Page key for a document id: file-name safe, and reversible through the returned map. */
export function pageKey(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** Writes the pages once per corpus content; later runs find the marker and reuse them. */
export function writeCorpusPages(docs: BeirDoc[], dir: string, corpusHash: string): Map<string, string> {
  const keyToId = new Map(docs.map((d) => [pageKey(d.id), d.id]));
  const marker = path.join(dir, MARKER);
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === corpusHash) return keyToId;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const d of docs) {
    const fm = d.title ? `---\n${YAML.stringify({ title: d.title }, { lineWidth: 0 })}---\n` : '';
    fs.writeFileSync(path.join(dir, `${pageKey(d.id)}.md`), `${fm}${d.text}\n`);
  }
  fs.writeFileSync(marker, corpusHash);
  return keyToId;
}
