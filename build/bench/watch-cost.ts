// What the watcher costs its process: a folder of --files pages (5,000), then --new pages (300)
// written into it as Cairn writes one (a dot temp file renamed into place), one every 20 ms. Prints
// the time and CPU to watch the folder, and the CPU of the writes with the watcher telling each
// change (the writes' own share is in it: compare with --watch none).
// Usage: npm run bench:watch -- [--files 5000] [--new 300] [--watch folders|none]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { watchFolders } from '../../electron/engine/ingest/folder-watch.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const files = Number(option('files', '5000'));
const added = Number(option('new', '300'));
const watching = option('watch', 'folders') === 'folders';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-watch-'));
for (let i = 0; i < files; i++) fs.writeFileSync(path.join(dir, `page-${i}.md`), `# Page ${i}\n`);
const cpuMs = (u: NodeJS.CpuUsage) => ((u.user + u.system) / 1000).toFixed(0);

let told = 0;
const started = performance.now();
const cpuStart = process.cpuUsage();
const watcher = watching
  ? watchFolders([dir], { changed: () => told++, error: (e) => console.error(e.message), skip: (p) => path.basename(p).startsWith('.') })
  : null;
await watcher?.ready;
const readyMs = performance.now() - started;
const readyCpu = process.cpuUsage(cpuStart);

const cpuWrites = process.cpuUsage();
for (let i = 0; i < added; i++) {
  const abs = path.join(dir, `new-${i}.md`);
  const tmp = path.join(dir, `.new-${i}.md.tmp`);
  fs.writeFileSync(tmp, `# New ${i}\n`);
  fs.renameSync(tmp, abs);
  await new Promise((r) => setTimeout(r, 20));
}
// the last events come in after the last write
await new Promise((r) => setTimeout(r, 1000));
const writesCpu = process.cpuUsage(cpuWrites);
watcher?.close();
fs.rmSync(dir, { recursive: true });

console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}, Node ${process.version}`);
console.log(`folder of ${files} pages, watcher ${watching ? 'folders (ingest/folder-watch.ts)' : 'none'}`);
if (watching) console.log(`  watching:  ${readyMs.toFixed(0)} ms, CPU ${cpuMs(readyCpu)} ms`);
console.log(`  ${added} new pages, one every 20 ms: CPU ${cpuMs(writesCpu)} ms${watching ? `, ${told} changes told` : ''}`);
