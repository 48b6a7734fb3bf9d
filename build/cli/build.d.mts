// Types for build.mjs (for the test setups).
export function buildCli(): Promise<string>;
export function ensureCli(): Promise<void>;
