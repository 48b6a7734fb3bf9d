// Throughput of parsePage over a folder of pages (a benchmark command, not a test):
//   npx tsx electron/engine/ingest/parse/bench.ts [DIR] [ROUNDS]
// Files are read first so that only parsing is timed.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parsePage } from './page.ts';

const dir = process.argv[2] ?? '../shared/eval/wikis/interconnected-10k';
const rounds = Number(process.argv[3] ?? 3);

function markdownFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(root, f));
}

const pages = markdownFiles(dir).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const bytes = pages.reduce((sum, p) => sum + Buffer.byteLength(p.text), 0);
for (let round = 1; round <= rounds; round++) {
  const started = performance.now();
  let links = 0;
  let chunks = 0;
  for (const { path, text } of pages) {
    const page = parsePage(basename(path, '.md'), path, text);
    links += page.links.length;
    chunks += page.chunks.length;
  }
  const seconds = (performance.now() - started) / 1000;
  const mb = bytes / 1e6;
  console.log(
    `round ${round}: ${pages.length} pages, ${mb.toFixed(1)} MB, ${links} links, ${chunks} chunks in ` +
      `${seconds.toFixed(2)} s = ${(mb / seconds).toFixed(1)} MB/s, ${Math.round(pages.length / seconds)} pages/s`,
  );
}
