import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'renderer/**/*.test.ts', 'build/**/*.test.ts'],
    pool: 'forks',
    // two files at a time even on two cores (vitest's default there is one): most files wait on
    // processes, sockets and disks, so the suite took 3.1 min instead of 4.5 on this 2-core machine
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // the tests run `cairn` as users do: the compiled CLI, rebuilt first when the sources are newer
    globalSetup: ['build/cli/ensure-built.ts', 'electron/engine/testing/pg-global-setup.ts'],
    // no test asks the real hub: one that needs a hub serves a mirror on loopback and names it
    env: { HF_ENDPOINT: 'http://127.0.0.1:9' },
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
