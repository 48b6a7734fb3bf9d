// The application menu: the usual shortcuts, plus Re-index. Reload and the developer tools exist
// only in development (a reload in the packaged app would just lose the screen's state).
import { dialog, Menu, shell, type MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  isDev: boolean;
  reindex(): void;
  /** The README on disk, opened in the system's viewer for markdown. */
  readme: string;
}

export function installMenu(actions: MenuActions): void {
  const isMac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    {
      label: '&File',
      submenu: [
        { label: 'Re-index', accelerator: 'CmdOrCtrl+R', click: () => actions.reindex() },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit', accelerator: 'Ctrl+Q' },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        ...(actions.isDev
          ? ([
              { role: 'reload', accelerator: 'F5' },
              { role: 'forceReload' },
              { role: 'toggleDevTools' },
              { type: 'separator' },
            ] satisfies MenuItemConstructorOptions[])
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        {
          label: 'Cairn README',
          click: () => {
            void shell.openPath(actions.readme).then((failure) => {
              if (failure) void dialog.showMessageBox({ type: 'warning', message: `Cannot open ${actions.readme}`, detail: failure });
            });
          },
        },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
