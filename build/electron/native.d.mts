// Types for native.mjs (for TypeScript callers such as an Electron end-to-end spec).
export const CACHE_DIR: string;
export const ELECTRON_SQLITE_BINDING: string;
export function electronTarget(): { version: string; abi: string | null; platform: NodeJS.Platform; arch: string };
export function ensureElectronSqlite(options?: { log?: (line: string) => void }): Promise<{ ok: true; binding: string; built: boolean } | { ok: false; reason: string }>;
