#!/usr/bin/env node
// Runs unit tests on every supported Node line (lines.mjs), besides the machine's own Node, which
// `npm test` runs the whole suite on. Each line's Node and its better-sqlite3 build are cached
// (node_modules/.cache/cairn-node): the first run installs and compiles, later ones start at once.
// Usage: node build/node-lines/test-on-lines.mjs [--node VERSION]… [vitest files or folders…]
//   (default: every release in NODE_LINES, and LINE_TESTS)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureLine, NODE_LINES, nodePackageName } from './lines.mjs';
import { ROOT } from '../native/sqlite-copy.mjs';

/** What each line runs: the tests that load native code (better-sqlite3, sqlite-vec, the ONNX
 * runtime) and drive the engine through real processes, in about a third of the whole suite's
 * time (the README's Set up section has the figures). */
export const LINE_TESTS = ['electron/engine/store', 'electron/engine/ingest', 'electron/engine/read-pool.test.ts', 'electron/engine/embed', 'electron/cli/cli.test.ts'];

function vitest(node, binding, files) {
  const env = { ...process.env, CAIRN_SQLITE_BINDING: binding, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}` };
  return new Promise((resolve) => {
    const child = spawn(node, [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...files], { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function main(versions, files) {
  if (!nodePackageName()) {
    process.stdout.write(`cairn: the tests on Node ${versions.join(' and ')} are skipped: the npm registry has no Node package for ${process.platform}\n`);
    return 0;
  }
  const failed = [];
  for (const version of versions) {
    if (version.split('.')[0] === process.versions.node.split('.')[0]) {
      process.stdout.write(`cairn: Node ${version.split('.')[0]} is the Node running npm test, which runs the whole suite on it\n`);
      continue;
    }
    const started = Date.now();
    const line = await ensureLine(version, { log: (l) => process.stderr.write(`${l}\n`) });
    if (!line.ok) {
      process.stderr.write(`cairn: cannot test on Node ${version}: ${line.reason}\n`);
      failed.push(version);
      continue;
    }
    const ready = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`\ncairn: unit tests on Node ${version} (${line.built ? `better-sqlite3 built in ${ready} s` : 'cached build'}): ${files.join(' ')}\n`);
    if ((await vitest(line.node, line.binding, files)) !== 0) failed.push(version);
  }
  if (failed.length) process.stderr.write(`cairn: unit tests failed on Node ${failed.join(', ')}\n`);
  return failed.length ? 1 : 0;
}

const args = process.argv.slice(2);
const versions = args.flatMap((arg, i) => (args[i - 1] === '--node' ? [arg] : []));
const files = args.filter((arg, i) => arg !== '--node' && args[i - 1] !== '--node');
process.exitCode = await main(versions.length ? versions : Object.values(NODE_LINES), files.length ? files : LINE_TESTS);
