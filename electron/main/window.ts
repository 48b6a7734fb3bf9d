// The one window: the renderer on app://cairn, isolated from Node, talking only to window.cairn.
import { BrowserWindow, nativeTheme } from 'electron';
import fs from 'node:fs';
import { APP_ENTRY } from './policy.ts';

export interface WindowOptions {
  preload: string;
  isDev: boolean;
  /** Window icon where the platform takes it from the window (Linux in development). */
  icon?: string;
}

export function createMainWindow(opts: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 720,
    minHeight: 480,
    title: 'Cairn',
    show: false,
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#14161a' : '#ffffff',
    ...(opts.icon && fs.existsSync(opts.icon) ? { icon: opts.icon } : {}),
    webPreferences: {
      preload: opts.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: opts.isDev,
    },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(APP_ENTRY);
  return win;
}

/** Brings a window to the front, restoring it if minimized (a second launch of the app). */
export function focusWindow(win: BrowserWindow): void {
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
