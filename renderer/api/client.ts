// The one API object the screens use: `window.cairn` in the desktop app (preload, IPC), the
// same shape over HTTP when the UI is served to a browser by `cairn serve`.
import type { CairnBridge } from '../../shared/bridge.ts';
import { httpBridge } from './http-bridge.ts';

declare global {
  interface Window {
    cairn?: CairnBridge;
  }
}

export const cairn: CairnBridge = window.cairn ?? httpBridge();

/** Whether the app runs inside the desktop shell. */
export const isDesktop = window.cairn !== undefined;
