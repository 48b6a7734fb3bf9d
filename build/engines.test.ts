// package.json `engines` names the Node lines Cairn supports: the lines CI runs the tests on (.ci/run:
// the whole suite on .nvmrc's Node 22, the tests that load native code on NODE_24), no line past its
// end of life, and no release that an installed package refuses, so `npm install` on a supported
// Node prints no EBADENGINE warning (npm checks each package's engines.node with semver, as below).
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const readJson = (file: string) => JSON.parse(read(file));
const range: string = readJson('package.json').engines.node;

/** The releases CI runs the tests on, by line. */
const tested: Record<string, string> = {
  22: read('.nvmrc').trim(),
  24: /^NODE_24=(\S+)/m.exec(read('.ci/run'))?.[1] ?? 'missing from .ci/run',
};

/** The oldest release of each line the range accepts: where a dependency's own minimum bites. */
const oldest = range.split('||').map((part) => semver.minVersion(part)!.version);

/** Packages in node_modules whose engines.node refuses `version`. */
function refusing(version: string): string[] {
  const packages = Object.entries(readJson('package-lock.json').packages as Record<string, { engines?: { node?: unknown } }>);
  return packages
    .filter(([dir, meta]) => dir && typeof meta.engines?.node === 'string' && fs.existsSync(path.join(ROOT, dir)))
    .filter(([, meta]) => !semver.satisfies(version, meta.engines!.node as string, { includePrerelease: true }))
    .map(([dir, meta]) => `${dir.replace(/^.*node_modules\//, '')} wants ${meta.engines!.node}`);
}

describe('the Node versions Cairn supports', () => {
  it('engines accepts every release CI tests on, and starts no line CI does not test on', () => {
    for (const [line, version] of Object.entries(tested)) {
      expect(semver.valid(version), `Node ${line} in CI: ${version}`).toBeTruthy();
      expect(String(semver.major(version)), version).toBe(line);
      expect(semver.satisfies(version, range), `${version} in "${range}"`).toBe(true);
    }
    expect(oldest.map((version) => String(semver.major(version))).sort()).toEqual(Object.keys(tested).sort());
  });

  it('engines names no line past its end of life (Node 20 ended in April 2026)', () => {
    for (const line of ['18', '20', '21', '23']) expect(semver.intersects(range, `${line}.x`), `Node ${line} in "${range}"`).toBe(false);
  });

  it('engines starts Node 22 where better-sqlite3 13 loads: Node-API 10 came in 22.14.0 (on 22.13 it crashes)', () => {
    expect(semver.satisfies('22.13.1', range)).toBe(false);
    expect(semver.satisfies('22.14.0', range)).toBe(true);
  });

  it('no installed package refuses a release that engines accepts', () => {
    for (const version of [...oldest, ...Object.values(tested)]) expect(refusing(version), `on Node ${version}`).toEqual([]);
  });
});
