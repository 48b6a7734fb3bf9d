import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** On another Node line (build/node-lines/test-on-lines.mjs), better-sqlite3 loads that line's build. */
const onLine = process.env.CAIRN_SQLITE_BINDING
  ? [{ find: /^better-sqlite3$/, replacement: fileURLToPath(new URL('build/node-lines/better-sqlite3.mjs', import.meta.url)) }]
  : [];

export default defineConfig({
  resolve: { alias: onLine },
  test: {
    include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'build/**/*.test.ts'],
    pool: 'forks',
    // the tests run `cairn` as users do: the compiled CLI, rebuilt first when the sources are newer
    globalSetup: ['build/cli/ensure-built.ts', 'electron/engine/testing/pg-global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
