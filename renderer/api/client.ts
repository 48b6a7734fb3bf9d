// The one API object the screens use: `window.cairn` in the desktop app (preload, IPC), the
// same shape over HTTP when the UI is served to a browser by `cairn serve`. Either way a failed
// call rejects with a CairnError that keeps the engine's code ('not-found', 'conflict', …).
import type { CairnBridge } from '../../shared/bridge.ts';
import { errorFromBody } from '../../shared/errors.ts';
import { httpBridge } from './http-bridge.ts';

declare global {
  interface Window {
    cairn?: CairnBridge;
  }
}

/** The preload rejects with the error's plain body (an Error would lose its code crossing
 * contextBridge); turn it back into the error it was. */
function rethrowing<A extends unknown[], R>(name: string, method: (...args: A) => Promise<R>) {
  return (...args: A): Promise<R> =>
    method(...args).catch((body: unknown) => {
      throw errorFromBody(body, `${name}: the desktop app answered with an error it did not describe`);
    });
}

function desktopBridge(raw: CairnBridge): CairnBridge {
  const methods = Object.entries(raw).filter(([name, m]) => name !== 'on' && typeof m === 'function');
  const desktop = raw.desktop && {
    openInEditor: rethrowing('openInEditor', raw.desktop.openInEditor),
    revealInFolder: rethrowing('revealInFolder', raw.desktop.revealInFolder),
  };
  const api = Object.fromEntries(methods.map(([name, m]) => [name, rethrowing(name, m as (r?: unknown) => Promise<unknown>)]));
  return { ...api, on: raw.on, desktop } as unknown as CairnBridge;
}

export const cairn: CairnBridge = window.cairn ? desktopBridge(window.cairn) : httpBridge();

/** Whether the app runs inside the desktop shell. */
export const isDesktop = window.cairn !== undefined;
