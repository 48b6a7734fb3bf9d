// The contract over Electron IPC: one handler per contract method, registered in a loop over the
// contract table and validated by its schemas; the engine's events pushed to every window; the
// two desktop actions, limited to files inside the wiki's roots.
import { BrowserWindow, ipcMain, shell, type IpcMainInvokeEvent } from 'electron';
import { contract, type MethodName } from '../../shared/contract.ts';
import { dispatch, outcomeBody, type CairnService } from '../../shared/dispatch.ts';
import { errorBody } from '../../shared/errors.ts';
import { DESKTOP_CHANNELS, EVENT_NAMES, eventChannel, methodChannel, type EventName } from '../../shared/bridge.ts';
import type { EngineApi } from '../engine/engine-api.ts';
import type { IpcResult } from '../preload/ipc-result.ts';
import { desktopTarget, isAppUrl, type DesktopAction } from './policy.ts';

/** Only the app's own page may call in: not a frame it might embed, not a page it never loaded. */
function assertFromApp(event: IpcMainInvokeEvent): void {
  const url = event.senderFrame?.url ?? '';
  if (!isAppUrl(url)) throw new Error(`refused an IPC call from ${url || 'a destroyed frame'}`);
}

/** Runs `work` and answers with an IpcResult, so the renderer sees the error's own message and code. */
async function answer(event: IpcMainInvokeEvent, work: () => Promise<IpcResult>): Promise<IpcResult> {
  try {
    assertFromApp(event);
    return await work();
  } catch (err) {
    return { ok: false, ...errorBody(err) };
  }
}

/** One handler per contract method; each hands its input to dispatch, which parses it once. */
export function handleContract(service: CairnService): void {
  for (const name of Object.keys(contract) as MethodName[]) {
    ipcMain.handle(methodChannel(name), (event, input: unknown) => answer(event, async () => outcomeBody(await dispatch(service, name, input))));
  }
}

/** Forwards each engine event to every open window; returns a function that stops forwarding. */
export function forwardEvents(engineEvents: EngineApi['events']): () => void {
  const stops = EVENT_NAMES.map((name: EventName) => {
    const send = (payload: unknown) => {
      for (const win of BrowserWindow.getAllWindows()) {
        if (!win.isDestroyed()) win.webContents.send(eventChannel(name), payload);
      }
    };
    const events = engineEvents as unknown as NodeJS.EventEmitter;
    events.on(name, send);
    return () => void events.off(name, send);
  });
  return () => stops.forEach((stop) => stop());
}

/** "Open in editor" and "reveal in folder", only for paths inside one of `roots()`. */
export function handleDesktopActions(roots: () => readonly string[]): void {
  const act = (action: DesktopAction, run: (file: string) => Promise<void> | void) =>
    ipcMain.handle(DESKTOP_CHANNELS[action], (event, input: unknown) =>
      answer(event, async () => {
        const target = desktopTarget(roots(), input, action);
        if ('error' in target) throw new Error(target.error);
        await run(target.path);
        return { ok: true, value: undefined };
      }),
    );
  act('openInEditor', async (file) => {
    const failure = await shell.openPath(file);
    if (failure) throw new Error(`openInEditor: ${file}: ${failure}`);
  });
  act('revealInFolder', (file) => shell.showItemInFolder(file));
}
