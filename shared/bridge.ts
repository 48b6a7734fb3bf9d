// What the renderer sees as `window.cairn`: the contract's methods, the engine's events, and, in
// the desktop app only, the few things a browser page cannot do (open a file in an editor).
// The preload builds it from the contract table; the HTTP client builds the same shape.
import type { CairnApi, MethodName } from './contract.ts';
import type { IndexProgress, IndexReport } from './indexing.ts';

export interface CairnEvents {
  indexProgress: IndexProgress;
  pagesChanged: IndexReport;
}
export type EventName = keyof CairnEvents;
export const EVENT_NAMES: readonly EventName[] = ['indexProgress', 'pagesChanged'];

/** Desktop-only actions on a file of the wiki, given by its absolute path. */
export interface DesktopActions {
  openInEditor(absPath: string): Promise<void>;
  revealInFolder(absPath: string): Promise<void>;
}

export interface CairnBridge extends CairnApi {
  on<E extends EventName>(event: E, listener: (payload: CairnEvents[E]) => void): () => void;
  desktop: DesktopActions | null;
}

/** IPC channel names, one per method and event, derived, never written by hand. */
export const methodChannel = (name: MethodName) => `cairn:${name}`;
export const eventChannel = (name: EventName) => `cairn-event:${name}`;
export const DESKTOP_CHANNELS = { openInEditor: 'cairn-desktop:openInEditor', revealInFolder: 'cairn-desktop:revealInFolder' } as const;
