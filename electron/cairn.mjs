#!/usr/bin/env node
// The `cairn` command: the compiled CLI in dist/cli (built by `npm install` through `prepare`, or
// `npm run build:cli`), so no run transpiles TypeScript. Where the build is missing or older than
// the sources (a change not yet built), or CAIRN_FROM_SOURCE=1, it runs the sources through tsx.
import { CLI_ENTRY, compiledIsCurrent } from '../build/cli/sources.mjs';
import { pathToFileURL } from 'node:url';

const debug = (line) => process.env.CAIRN_DEBUG && process.stderr.write(`cairn: ${line}\n`);
if (process.env.CAIRN_FROM_SOURCE !== '1' && compiledIsCurrent()) {
  debug(`running the compiled CLI ${CLI_ENTRY}`);
  await import(pathToFileURL(CLI_ENTRY).href);
} else {
  debug('running the sources through tsx');
  if (process.stderr.isTTY && process.env.CAIRN_FROM_SOURCE !== '1')
    process.stderr.write('cairn: running from the sources (slower to start): `npm run build:cli` compiles them\n');
  const { register } = await import('tsx/esm/api');
  register();
  await import('./cli.ts');
}
