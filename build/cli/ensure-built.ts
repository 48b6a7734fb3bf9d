// Test setup: compiles the CLI when the sources are newer than the build, so the processes the
// tests start run what `npx cairn` runs.
import { ensureCli } from './build.mjs';

export default async function setup(): Promise<void> {
  await ensureCli();
}
