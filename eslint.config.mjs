// `npm run lint` (run by `npm test`): typescript-eslint with type information, plus Cairn's own
// rules in build/lint/ for the layering, import cycles and where SQL may live (issue 20).
import './build/lint/typescript-api.mjs'; // first: typescript-eslint must load TypeScript's JS API
import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import cairn from './build/lint/plugin.mjs';

/** Files allowed to run SQL outside electron/engine/store/ while a move is under way: none (issue 20
 * moved every statement into a repository). Lint says when a listed file no longer needs its line. */
export const SQL_PENDING = [];

/** Files outside store/ allowed to take a raw `Db` instead of a Store: same idea; none. */
export const DB_PENDING = [];

/** Imports allowed to close a cycle between electron/engine/ folders, as `from -> to` files: none
 * left (issue 20 broke graph <-> search, concepts <-> ingest, embed <-> search and the rest). Kept for a
 * cycle that must land before it can be broken: lint says when an entry no longer closes one. */
export const FOLDER_CYCLE_PENDING = [];

// a listed file that is gone is never linted, so its line would never be called stale: say so here
for (const [list, files] of Object.entries({ SQL_PENDING, DB_PENDING, FOLDER_CYCLE_PENDING })) {
  for (const file of files.map((entry) => entry.split(' -> ')[0])) {
    if (!fs.existsSync(new URL(file, import.meta.url))) throw new Error(`eslint.config.mjs: ${file} is in ${list} but no longer exists: delete its line`);
  }
}

const TS_FILES = ['electron/**/*.{ts,tsx,mts}', 'shared/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}', 'build/**/*.{ts,tsx}'];
const CONCRETE_STORES = ['electron/engine/store/sqlite/', 'electron/engine/store/postgres/'];
const NO_CONCRETE_STORE = 'the engine and the doors name no concrete store (store/open-store.ts chooses one)';
const DOORS = ['electron/server/', 'electron/mcp/', 'electron/cli/', 'electron/cli.ts', 'electron/main/', 'electron/preload/'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'dist/**', 'out/**', 'release/**', '**/*.d.ts', '**/*.d.mts', 'build/demo-wiki/**'] },
  {
    files: TS_FILES,
    extends: [tseslint.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { cairn },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // the store's repository interfaces start empty and fill as the SQL moves in (issue 20)
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }],
      'cairn/no-cycle': 'error',
    },
  },
  {
    // tests stand in for Electron and for raw HTTP answers, whose shapes are theirs to probe
    files: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'cairn/layering': [
        'error',
        { onlyPaths: ['renderer/', 'shared/'], forbidPackages: ['electron'], why: 'the renderer speaks to the engine only through shared/ (the contract)' },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'cairn/layering': [
        'error',
        { forbidPaths: ['electron/', 'renderer/'], forbidPackages: ['electron'], why: 'shared/ is the contract every side imports; it imports none of them' },
      ],
    },
  },
  {
    files: ['electron/engine/**/*.ts'],
    rules: {
      'cairn/layering': ['error', { forbidPaths: DOORS, forbidPackages: ['electron'], why: 'the engine is called by the doors, never the other way round' }],
      'cairn/no-folder-cycle': ['error', { pending: FOLDER_CYCLE_PENDING }],
    },
  },
  {
    // each store holds only what its database does differently: it never borrows from the other
    files: ['electron/engine/store/sqlite/**/*.ts'],
    rules: {
      'cairn/layering': [
        'error',
        {
          forbidPaths: [...DOORS, 'electron/engine/store/postgres/'],
          forbidPackages: ['electron', 'pg'],
          why: 'sqlite/ and postgres/ never import each other',
        },
      ],
    },
  },
  {
    files: ['electron/engine/store/postgres/**/*.ts'],
    rules: {
      'cairn/layering': [
        'error',
        {
          forbidPaths: [...DOORS, 'electron/engine/store/sqlite/'],
          forbidPackages: ['electron', 'better-sqlite3', 'sqlite-vec'],
          why: 'sqlite/ and postgres/ never import each other',
        },
      ],
    },
  },
  {
    // the engine and the doors name no concrete store: store/open-store.ts chooses one
    files: ['electron/engine/**/*.ts'],
    ignores: ['electron/engine/store/**', 'electron/engine/testing/**', '**/*.test.ts'],
    rules: {
      'cairn/layering': ['error', { forbidPaths: [...DOORS, ...CONCRETE_STORES], forbidPackages: ['electron'], why: NO_CONCRETE_STORE }],
    },
  },
  {
    files: ['electron/{server,mcp,cli,main,preload,host}/**/*.ts', 'electron/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'cairn/layering': ['error', { forbidPaths: CONCRETE_STORES, why: NO_CONCRETE_STORE }],
    },
  },
  {
    // tests and their fixtures may set up or inspect an index with SQL; build/ scripts may not
    files: TS_FILES,
    ignores: ['electron/engine/store/**', 'electron/engine/testing/**', '**/*.test.ts'],
    rules: {
      'cairn/sql-in-store': ['error', { pending: SQL_PENDING }],
      'cairn/db-outside-store': ['error', { pending: DB_PENDING }],
    },
  },
);
