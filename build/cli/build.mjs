#!/usr/bin/env node
// Compiles the `cairn` command once, so no run transpiles TypeScript: `npm install` runs this
// through `prepare`, `npm run build:cli` by hand, the test setups when the sources are newer.
// esbuild bundles electron/cli.ts and what it imports into dist/cli/ as ES modules, each command
// in chunks of its own (the command table imports them on use), so `cairn --help` loads a few KB
// and `cairn links` never loads the server or the model builder. Native and heavy packages stay
// in node_modules. Built into a folder of its own and moved into place chunks first, so a CLI
// starting meanwhile never sees half a build, and one already running still finds its chunks.
// Usage: node build/cli/build.mjs
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_DIR, CLI_ENTRY, compiledIsCurrent, ROOT } from './sources.mjs';

/** Loaded from node_modules at run time: native addons, the ONNX runtime, optional platform packages. */
const EXTERNAL = ['better-sqlite3', 'sqlite-vec', '@huggingface/transformers', 'onnxruntime-node', 'sharp', 'fsevents', 'electron'];

/**
 * Our modules find files through `import.meta.url` (the package root, the demo wiki, the shipped
 * model). In a chunk it would be the chunk's URL, so each use becomes the URL the source file has:
 * every chunk sits in dist/cli/, two folders below the package root.
 */
function sourceUrlPlugin() {
  return {
    name: 'cairn-source-url',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        const rel = path.relative(ROOT, args.path).split(path.sep).join('/');
        if (rel.startsWith('node_modules/')) return undefined;
        const text = await fs.promises.readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const loader = args.path.endsWith('ts') ? 'ts' : 'js';
        return {
          contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(`../../${rel}`)}, import.meta.url).href`),
          loader,
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

export async function buildCli() {
  const tmp = `${CLI_DIR}.building-${process.pid}-${Date.now()}`;
  try {
    await esbuild.build({
      absWorkingDir: ROOT,
      // the workers (ingest/parse-pool.ts, read-pool.ts, rerank/worker-reranker.ts) are entries of their own, sharing chunks with the CLI
      entryPoints: {
        cli: path.join(ROOT, 'electron', 'cli.ts'),
        'parse-worker': path.join(ROOT, 'electron', 'engine', 'ingest', 'parse-worker.ts'),
        'read-worker': path.join(ROOT, 'electron', 'engine', 'read-worker.ts'),
        'rerank-worker': path.join(ROOT, 'electron', 'engine', 'rerank', 'rerank-worker.ts'),
      },
      define: {
        CAIRN_PARSE_WORKER: JSON.stringify('dist/cli/parse-worker.mjs'),
        CAIRN_READ_WORKER: JSON.stringify('dist/cli/read-worker.mjs'),
        CAIRN_RERANK_WORKER: JSON.stringify('dist/cli/rerank-worker.mjs'),
      },
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      external: EXTERNAL,
      // packages' ES module builds where they have one: esbuild can then leave out what is not used
      // (stopword's 60 languages but English: 300 KB less to load on every start)
      mainFields: ['module', 'main'],
      // bundled CommonJS packages call require(): give the ES module one
      banner: { js: `import { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);` },
      plugins: [sourceUrlPlugin()],
      sourcemap: 'linked',
      logLevel: 'warning',
    });
    putInPlace(tmp);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return CLI_ENTRY;
}

/** The entries: what a process starts from, moved in last, once every chunk they import is there. */
const ENTRIES = new Set(['cli.mjs', 'parse-worker.mjs', 'read-worker.mjs', 'rerank-worker.mjs']);
/** How long an earlier build's chunks stay beside the new ones. */
const OLD_CHUNKS_KEPT_MS = 60 * 60 * 1000;

/**
 * Moves the build in `tmp` into dist/cli file by file, chunks first, entries last. The folder is
 * not swapped whole: a CLI process started from the earlier build (a server, a test's process)
 * imports its commands' chunks on use, later, and must still find them. Chunk names are content
 * hashes, so a name both builds have is the same file; an earlier build's other chunks go once
 * they are an hour old, when no process still starting from them is likely.
 */
function putInPlace(tmp) {
  fs.mkdirSync(CLI_DIR, { recursive: true });
  const built = fs.readdirSync(tmp);
  // cli.mjs last of all: a build counts as current by it (sources.mjs), so the workers are in place before
  const entries = built.filter((n) => ENTRIES.has(n)).sort((a, b) => Number(a === 'cli.mjs') - Number(b === 'cli.mjs'));
  for (const name of [...built.filter((n) => !ENTRIES.has(n)), ...entries]) fs.renameSync(path.join(tmp, name), path.join(CLI_DIR, name));
  const now = Date.now();
  for (const name of fs.readdirSync(CLI_DIR)) {
    const file = path.join(CLI_DIR, name);
    if (!built.includes(name) && now - fs.statSync(file).mtimeMs > OLD_CHUNKS_KEPT_MS) fs.rmSync(file, { recursive: true, force: true });
  }
}

/** Builds unless the build is newer than every source. */
export async function ensureCli() {
  if (!compiledIsCurrent()) await buildCli();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const started = performance.now();
    const entry = await buildCli();
    const kb =
      fs
        .readdirSync(CLI_DIR)
        .filter((f) => f.endsWith('.mjs'))
        .reduce((n, f) => n + fs.statSync(path.join(CLI_DIR, f)).size, 0) / 1024;
    process.stdout.write(
      `cairn: compiled the CLI into ${path.relative(ROOT, path.dirname(entry))} (${kb.toFixed(0)} KB) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } catch (err) {
    process.stderr.write(`cairn: compiling the CLI failed: ${err.message}\n`);
    process.exit(1);
  }
}
