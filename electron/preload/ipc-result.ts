// How an IPC call's outcome crosses the process boundary. Electron would wrap a thrown error's
// message in "Error invoking remote method '…': …", so the main process answers with this
// envelope instead and the preload re-throws the error with the engine's own message, which
// names the field or the file at fault (the same text the HTTP door answers with).
export type IpcResult = { ok: true; value: unknown } | { ok: false; error: string; name: string };

export function unwrap(result: IpcResult): unknown {
  if (result.ok) return result.value;
  const err = new Error(result.error);
  err.name = result.name;
  throw err;
}
