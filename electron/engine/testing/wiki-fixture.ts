// Builds a throwaway wiki folder and index database for tests: real files, a real SQLite file (or a
// real PostgreSQL database, when a test passes one).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveSettings, DEFAULT_MAX_FILE_BYTES } from '../config/settings.ts';
import { Engine } from '../engine.ts';
import { engineApi, type EngineApi } from '../engine-api.ts';

/** An engine as tests call it: the contract's methods through dispatch, as every door does. */
export type TestEngine = EngineApi;
/** With its store, for the tests of what the store holds (no door reaches it). */
export type FixtureEngine = TestEngine & { store: Engine['store'] };

export interface Fixture {
  dir: string;
  root: string;
  db: string;
  write(rel: string, content: string | Buffer): string;
  remove(rel: string): void;
  engine(opts?: {
    ignorePatterns?: string[];
    maxFileBytes?: number;
    roots?: string[];
    model?: string;
    reranker?: string;
    conceptAliases?: Record<string, string>;
  }): FixtureEngine;
  cleanup(): void;
}

/** `options.db`: the index's location instead of a file in the fixture's folder (a PostgreSQL URL: testing/pg-test.ts freshPgDatabase). */
export function makeFixture(files: Record<string, string | Buffer> = {}, options: { db?: string } = {}): Fixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-test-'));
  const root = path.join(dir, 'wiki');
  fs.mkdirSync(root);
  const engines: Engine[] = [];
  const fx: Fixture = {
    dir,
    root,
    db: options.db ?? path.join(dir, 'index.db'),
    write(rel, content) {
      const abs = path.join(root, rel);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, content);
      return abs;
    },
    remove(rel) {
      fs.rmSync(path.join(root, rel));
    },
    engine(opts = {}) {
      const settings = {
        // no model unless a test asks for one: loading it is the semantic tests' business
        ...resolveSettings({
          roots: opts.roots ?? [root],
          db: fx.db,
          model: opts.model ?? 'none',
          reranker: opts.reranker,
          env: { CAIRN_CONFIG: path.join(dir, 'no-config.json') },
        }),
        ignorePatterns: opts.ignorePatterns ?? [],
        maxFileBytes: opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
        conceptAliases: opts.conceptAliases ?? {},
      };
      const e = Engine.open(settings);
      engines.push(e);
      return Object.assign(engineApi(e), { store: e.store });
    },
    cleanup() {
      for (const e of engines) void e.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  for (const [rel, content] of Object.entries(files)) fx.write(rel, content);
  return fx;
}
