// Code that starts a worker thread on one of our modules, however Cairn runs. The bundlers say
// where the compiled worker file is by defining a constant per worker (CAIRN_PARSE_WORKER,
// CAIRN_READ_WORKER, CAIRN_RERANK_WORKER): the compiled CLI's file under the package root; '' where no worker file
// ships (the Electron bundle: files inside app.asar cannot start a worker), so the work stays on
// the calling thread; undefined when running from the TypeScript sources, loaded through tsx.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from './config/settings.ts';

/** Code for an eval'd worker: `compiled` is the bundler's constant, `source` the module's TypeScript file. Null where no worker can run. */
export function workerCode(compiled: string | undefined, source: URL): string | null {
  if (typeof compiled === 'string') {
    if (!compiled) return null;
    return `import(${JSON.stringify(pathToFileURL(path.join(PACKAGE_ROOT, compiled)).href)});`;
  }
  // tsx's ES module API (its "./esm/api" export for import): the worker registers it, then imports the TypeScript
  const tsx = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs')).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`;
}
