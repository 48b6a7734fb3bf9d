#!/usr/bin/env node
// Bundles the Electron shell with esbuild:
//   dist/electron/main.cjs     the main process with the engine inside; native and heavy packages
//                              stay outside the bundle and load from node_modules
//   dist/electron/preload.cjs  the sandboxed preload: only `electron` may be required at runtime
// Usage: node build/electron/build.mjs
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OUT_DIR = path.join(ROOT, 'dist', 'electron');

/** Packages loaded from node_modules at runtime: native addons (rebuilt for Electron by
 * electron-builder), the ONNX runtime, and what only exists on some platforms. `pg-native` is
 * pg's optional libpq binding, required only through `pg.native`, which Cairn never touches. */
export const MAIN_EXTERNALS = ['electron', 'better-sqlite3', 'sqlite-vec', 'onnxruntime-node', '@huggingface/transformers', 'sharp', 'fsevents', 'pg-native'];

/** The contract's method names, read from the contract itself: the preload is generated from them. */
export async function contractMethodNames() {
  const { contract } = await tsImport(pathToFileURL(path.join(ROOT, 'shared', 'contract.ts')).href, import.meta.url);
  return Object.keys(contract);
}

/**
 * ES modules in the engine find their files through `import.meta.url`, which a CommonJS bundle
 * does not have. Each use is replaced by the URL the source file would have in the package
 * layout: the repository in development; in a packaged app, the resources folder, where
 * electron-builder puts build/model and build/demo-wiki (extraResources). So PACKAGE_ROOT,
 * DEMO_WIKI and the shipped model resolve the same way in both. Dependencies that use it get
 * the bundle's own URL.
 */
function importMetaUrlPlugin() {
  return {
    name: 'cairn-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        const text = await fs.promises.readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const rel = path.relative(ROOT, args.path).split(path.sep).join('/');
        const inDeps = rel.startsWith('node_modules/');
        const url = inDeps ? `require("node:url").pathToFileURL(__filename).href` : `__cairnSourceUrl(${JSON.stringify(rel)})`;
        const ext = path.extname(args.path).slice(1);
        const loader = ext.startsWith('ts') || ext === 'mts' || ext === 'cts' ? 'ts' : 'js';
        return { contents: text.replaceAll('import.meta.url', url), loader, resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/** Defines __cairnSourceUrl for the main bundle; `outDir` is where the bundle will live. */
function mainBanner(outDir) {
  const up = JSON.stringify(path.relative(outDir, ROOT).split(path.sep).join('/') || '.');
  return [
    '"use strict";',
    'const __cairnPackageRoot = (() => {',
    '  if (process.versions.electron && require("electron").app.isPackaged) return process.resourcesPath;',
    `  return require("node:path").resolve(__dirname, ${up});`,
    '})();',
    'const __cairnSourceUrl = (rel) => require("node:url").pathToFileURL(require("node:path").join(__cairnPackageRoot, rel)).href;',
  ].join('\n');
}

const COMMON = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'silent',
  absWorkingDir: ROOT,
  // a CommonJS bundle has no import.meta: any use left unhandled would be silently empty
  logOverride: { 'empty-import-meta': 'error' },
};

/**
 * Builds both bundles into `outDir`; returns their paths, the method names written into the
 * preload, and esbuild's metafiles (which inputs went in, which imports stayed outside).
 */
export async function buildShell({ outDir = OUT_DIR } = {}) {
  const methodNames = await contractMethodNames();
  const main = path.join(outDir, 'main.cjs');
  const preload = path.join(outDir, 'preload.cjs');
  const [mainResult, preloadResult] = await Promise.all([
    esbuild.build({
      ...COMMON,
      entryPoints: [path.join(ROOT, 'electron', 'main', 'main.ts')],
      outfile: main,
      external: MAIN_EXTERNALS,
      banner: { js: mainBanner(outDir) },
      plugins: [importMetaUrlPlugin()],
      // no parse worker in the app: a worker cannot start from a file inside app.asar (ingest/parse-pool.ts)
      define: { CAIRN_PARSE_WORKER: '""', CAIRN_READ_WORKER: '""', CAIRN_RERANK_WORKER: '""' },
    }),
    esbuild.build({
      ...COMMON,
      entryPoints: [path.join(ROOT, 'electron', 'preload', 'preload.ts')],
      outfile: preload,
      external: ['electron'],
      define: { CAIRN_METHOD_NAMES: JSON.stringify(methodNames) },
    }),
  ]);
  return { main, preload, methodNames, metafiles: { main: mainResult.metafile, preload: preloadResult.metafile } };
}

/** Bundles one engine module the way main.cjs is bundled (same plugin and banner): for tests. */
export async function buildLikeMain(entry, outfile) {
  await esbuild.build({
    ...COMMON,
    sourcemap: false,
    entryPoints: [entry],
    outfile,
    external: MAIN_EXTERNALS,
    banner: { js: mainBanner(path.dirname(outfile)) },
    plugins: [importMetaUrlPlugin()],
    define: { CAIRN_PARSE_WORKER: '""', CAIRN_READ_WORKER: '""', CAIRN_RERANK_WORKER: '""' },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const out = await buildShell();
    const size = (f) => `${(fs.statSync(f).size / 1024).toFixed(0)} KB`;
    process.stdout.write(
      `cairn: built ${path.relative(ROOT, out.main)} (${size(out.main)}) and ${path.relative(ROOT, out.preload)} (${size(out.preload)}; ${out.methodNames.length} methods)\n`,
    );
  } catch (err) {
    process.stderr.write(`cairn: building the Electron shell failed: ${err.message}\n`);
    process.exit(1);
  }
}
