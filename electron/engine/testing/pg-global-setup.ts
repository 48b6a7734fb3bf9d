// Vitest's global setup: one throwaway PostgreSQL cluster for the whole run (pg-cluster.ts),
// stopped when the run ends; its URL is provided to every test file (pg-test.ts).
import type { TestProject } from 'vitest/node';
import { PG_MISSING, pgBinDir, startCluster } from './pg-cluster.ts';

export default async function setup(project: TestProject): Promise<(() => void) | void> {
  if (!pgBinDir()) {
    console.warn(PG_MISSING);
    project.provide('pgAdminUrl', null);
    return;
  }
  const cluster = await startCluster();
  project.provide('pgAdminUrl', cluster.url());
  return () => cluster.stop();
}
