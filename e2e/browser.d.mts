// Types for browser.mjs (for playwright.config.ts and the bench).
export const SYSTEM_ARGS: string[];
export function findChromium(env?: NodeJS.ProcessEnv): { path: string; source: 'CAIRN_CHROMIUM' | 'system' | 'playwright' } | { path: null; reason: string };
export function provideChromium(options?: { log?: (line: string) => void }): boolean;
