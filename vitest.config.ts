import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'build/**/*.test.ts'],
    pool: 'forks',
    // the tests run `cairn` as users do: the compiled CLI, rebuilt first when the sources are newer
    globalSetup: ['build/cli/ensure-built.ts', 'electron/engine/testing/pg-global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
