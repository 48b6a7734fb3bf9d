// How an IPC call's outcome crosses the process boundary. Electron would wrap a thrown error's
// message in "Error invoking remote method '…': …", so the main process answers with this
// envelope instead (shared/dispatch.ts outcomeBody). The preload rejects with the error's body,
// a plain object: contextBridge copies plain objects whole but keeps only an Error's message,
// and the renderer needs the code (renderer/api/client.ts turns the body back into a CairnError).
import type { ErrorBody } from '../../shared/errors.ts';

export type IpcResult = { ok: true; value: unknown } | ({ ok: false } & ErrorBody);

export function unwrap(result: IpcResult): unknown {
  if (result.ok) return result.value;
  const { ok: _ok, ...body } = result;
  throw body satisfies ErrorBody;
}
