// Where the page's file is, and what can be done with it: open it in the editor or show it in
// its folder in the desktop app; in a browser, copy its absolute path.
import { useState } from 'react';
import { cairn } from '../api/client.ts';

/** A page's file as an absolute path, for the editor or the clipboard. */
export const absolutePath = (p: { root: string; path: string }) => `${p.root.replace(/[\\/]+$/, '')}/${p.path}`;

export function PathActions({ absPath }: { absPath: string }) {
  const [note, setNote] = useState<string | null>(null);
  const desktop = cairn.desktop;
  const run = (what: string, action: () => Promise<void>) =>
    action().then(
      () => setNote(null),
      (err: Error) => setNote(`${what} failed: ${err.message}`),
    );
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(absPath);
      setNote('Path copied');
    } catch {
      const input = document.getElementById('abs-path') as HTMLInputElement | null;
      input?.select();
      setNote('Press Ctrl/Cmd-C to copy the selected path');
    }
  };
  return (
    <div className="path-actions">
      <input id="abs-path" type="text" className="abs-path" readOnly value={absPath} aria-label="Absolute path" onFocus={(e) => e.target.select()} />
      {desktop ? (
        <>
          <button type="button" className="button small" onClick={() => void run('Open in editor', () => desktop.openInEditor(absPath))}>
            Open in editor
          </button>
          <button type="button" className="button small" onClick={() => void run('Reveal in folder', () => desktop.revealInFolder(absPath))}>
            Reveal in folder
          </button>
        </>
      ) : (
        <button type="button" className="button small" onClick={() => void copy()}>
          Copy path
        </button>
      )}
      {note && (
        <span className="muted small" role="status">
          {note}
        </span>
      )}
    </div>
  );
}
