// window.cairn: one object, generated from the contract. Each method is the same three lines
// (invoke its channel, unwrap the answer), built in a loop over the contract's method names; the
// main process validates every request against the contract's schemas (ipc.ts).
//
// This runs sandboxed, where `require` knows only `electron` and a few Node built-ins, so it is
// bundled (build/electron/build.mjs). The method names are written into the bundle at build time
// from `Object.keys(contract)`, which keeps zod and the schemas out of the renderer's process.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { CairnApi, MethodName } from '../../shared/contract.ts';
import { DESKTOP_CHANNELS, EVENT_NAMES, eventChannel, methodChannel, type CairnBridge, type CairnEvents, type EventName } from '../../shared/bridge.ts';
import { unwrap, type IpcResult } from './ipc-result.ts';

/** Replaced by build.mjs with `Object.keys(contract)`. */
declare const CAIRN_METHOD_NAMES: readonly MethodName[];

const call = async (channel: string, ...args: unknown[]): Promise<unknown> => unwrap((await ipcRenderer.invoke(channel, ...args)) as IpcResult);

const api = Object.fromEntries(CAIRN_METHOD_NAMES.map((name) => [name, (request: unknown) => call(methodChannel(name), request ?? {})])) as unknown as CairnApi;

function on<E extends EventName>(event: E, listener: (payload: CairnEvents[E]) => void): () => void {
  if (!EVENT_NAMES.includes(event)) throw new Error(`window.cairn.on: no such event "${String(event)}"; events: ${EVENT_NAMES.join(', ')}`);
  if (typeof listener !== 'function') throw new Error('window.cairn.on: the listener must be a function');
  const channel = eventChannel(event);
  const forward = (_event: IpcRendererEvent, payload: CairnEvents[E]) => listener(payload);
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
}

const bridge: CairnBridge = {
  ...api,
  on,
  desktop: {
    openInEditor: async (absPath: string) => void (await call(DESKTOP_CHANNELS.openInEditor, absPath)),
    revealInFolder: async (absPath: string) => void (await call(DESKTOP_CHANNELS.revealInFolder, absPath)),
  },
};

contextBridge.exposeInMainWorld('cairn', bridge);
