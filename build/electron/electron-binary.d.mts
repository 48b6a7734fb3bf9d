// Types for electron-binary.mjs (for TypeScript callers such as an Electron end-to-end spec).
export function obtainElectron(options?: {
  timeoutMs?: number;
  onSlow?: () => void;
}): Promise<{ ok: true; path: string; version: string } | { ok: false; reason: string }>;
