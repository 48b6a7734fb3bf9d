import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'build/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
