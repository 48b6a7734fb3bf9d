// Each lint rule of eslint.config.mjs shown able to fail: small texts linted by ESLint's own API
// with the project's real config, as if they were files of the repository (nothing is written).
import './typescript-api.mjs';
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_PENDING, SQL_PENDING } from '../../eslint.config.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let eslint: ESLint;

/** The rules reported for `code` linted as the repository file `file`, with their messages. */
async function lint(file: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

async function rulesOf(file: string, code: string): Promise<(string | null)[]> {
  return (await lint(file, code)).map((m) => m.rule);
}

/** Texts linted under these names are not on disk, so no tsconfig lists them: the project service
 * types them in its default project (the root tsconfig's options), imports resolved as usual. */
const PROBES = [
  'renderer/lint-probe.tsx',
  'shared/lint-probe.ts',
  'electron/engine/search/lint-probe.ts',
  'electron/engine/graph/lint-probe.ts',
  'electron/engine/store/lint-probe.ts',
];

beforeAll(async () => {
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      languageOptions: {
        parserOptions: { projectService: { allowDefaultProject: PROBES, defaultProject: 'tsconfig.json' } },
      },
    },
  });
  // the first text builds the TypeScript program of the whole project: here, under the hook's time limit
  await eslint.lintText('export {};\n', { filePath: path.join(ROOT, PROBES[2]!) });
});

describe('the layering', () => {
  it('the renderer imports only shared/', async () => {
    expect(await rulesOf('renderer/lint-probe.tsx', `import { openEngine } from '../electron/engine/engine.ts';\nexport const e = openEngine;\n`)).toContain(
      'cairn/layering',
    );
    expect(await rulesOf('renderer/lint-probe.tsx', `import { contract } from '../shared/contract.ts';\nexport const c = contract;\n`)).toEqual([]);
  });

  it('shared/ imports neither electron/ nor renderer/', async () => {
    expect(await rulesOf('shared/lint-probe.ts', `export { openEngine } from '../electron/engine/engine.ts';\n`)).toContain('cairn/layering');
  });

  it('the engine imports no door and not the electron package', async () => {
    expect(await rulesOf('electron/engine/search/lint-probe.ts', `import '../../server/serve.ts';\n`)).toContain('cairn/layering');
    expect(await rulesOf('electron/engine/search/lint-probe.ts', `import { app } from 'electron';\nexport const a = app;\n`)).toContain('cairn/layering');
  });
});

describe('import cycles', () => {
  it('a file importing one that imports it back is reported, with the route', async () => {
    // shared/contract.ts imports shared/search.ts
    const messages = await lint('shared/search.ts', `import { contract } from './contract.ts';\nexport const c = contract;\n`);
    expect(messages.find((m) => m.rule === 'cairn/no-cycle')?.message).toContain('shared/search.ts -> shared/contract.ts -> shared/search.ts');
  });

  it('an engine folder importing one that imports it back is reported', async () => {
    // search/ imports graph/; graph/ importing search/ closes a folder cycle
    const messages = await lint('electron/engine/graph/lint-probe.ts', `import '../search/search.ts';\n`);
    expect(messages.find((m) => m.rule === 'cairn/no-folder-cycle')?.message).toContain('graph -> search');
  });
});

describe('SQL only in store/', () => {
  const withDb = `import type { Db } from '../store/sqlite/database.ts';\nexport const count = (db: Db) => db.prepare('SELECT 1').get();\n`;

  it('prepare on a Database outside store/ is reported, and so is taking a Db', async () => {
    const rules = await rulesOf('electron/engine/search/lint-probe.ts', withDb);
    expect(rules).toContain('cairn/sql-in-store');
    expect(rules).toContain('cairn/db-outside-store');
  });

  it('the same code inside store/ is not', async () => {
    expect(await rulesOf('electron/engine/store/lint-probe.ts', withDb.replace('../store/', './'))).toEqual([]);
  });

  it('exec on a regular expression is not SQL', async () => {
    expect(await rulesOf('electron/engine/search/lint-probe.ts', `export const first = (s: string) => /x/.exec(s);\n`)).toEqual([]);
  });

  it('importing better-sqlite3 outside store/ is reported', async () => {
    expect(await rulesOf('electron/engine/search/lint-probe.ts', `import Database from 'better-sqlite3';\nexport const D = Database;\n`)).toContain(
      'cairn/sql-in-store',
    );
  });

  it.skipIf(SQL_PENDING.length === 0)('a file left on SQL_PENDING once its SQL has moved is told to leave it', async () => {
    const messages = await lint(SQL_PENDING[0]!, `export const moved = 1;\n`);
    expect(messages.find((m) => m.rule === 'cairn/sql-in-store')?.message).toContain('delete its line');
  });

  it.skipIf(DB_PENDING.length === 0)('and so is a file left on DB_PENDING', async () => {
    const messages = await lint(DB_PENDING[0]!, `export const moved = 1;\n`);
    expect(messages.find((m) => m.rule === 'cairn/db-outside-store')?.message).toContain('delete its line');
  });
});

describe('promises', () => {
  it('a dropped promise is reported', async () => {
    expect(
      await rulesOf('electron/engine/search/lint-probe.ts', `async function later(): Promise<void> {}\nexport function now() {\n  later();\n}\n`),
    ).toContain('@typescript-eslint/no-floating-promises');
  });
});
