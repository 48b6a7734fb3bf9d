// Types for native.mjs (for TypeScript callers such as an Electron end-to-end spec).
export function packageBinding(): string | null;
export function ensureElectronSqlite(options?: {
  log?: (line: string) => void;
}): Promise<{ ok: true; binding: string; built: boolean } | { ok: false; reason: string }>;
