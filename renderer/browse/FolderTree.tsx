// The folder tree beside the page list: every root and folder with its page count, and the pages
// in each, as a file explorer lists them; choosing a folder narrows the list to the pages below it,
// a page opens it. Plain buttons and links, so Tab, Enter and Space work throughout.
import { useState } from 'react';
import { pageHref } from '../app/route.ts';
import type { Folder } from './folder-tree.ts';

/** Pages listed in one folder of the tree: a root of 10,000 pages is not drawn whole (the list beside it is). */
const TREE_PAGES = 50;

export interface FolderChoice {
  root: string | null;
  path: string;
}

interface Props {
  tops: Folder[];
  total: number;
  chosen: FolderChoice;
  onChoose: (choice: FolderChoice) => void;
}

const id = (f: { root: string | null; path: string }) => `${f.root ?? ''}\u0000${f.path}`;

export function FolderTree({ tops, total, chosen, onChoose }: Props) {
  // the roots open at first, like a file explorer; the chosen folder's parents too
  const [open, setOpen] = useState<Set<string>>(() => new Set([...tops.map(id), ...parentsOf(chosen).map(id)]));
  const toggle = (f: Folder) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(id(f))) next.add(id(f));
      return next;
    });
  const everything = chosen.root === null && chosen.path === '';
  return (
    <nav className="folder-tree panel" aria-label="Folders">
      <button type="button" className="folder-pick all" aria-pressed={everything} onClick={() => onChoose({ root: null, path: '' })}>
        All pages <span className="folder-count">{total}</span>
      </button>
      <ul>
        {tops.map((f) => (
          <FolderItem key={id(f)} folder={f} open={open} chosen={chosen} onToggle={toggle} onChoose={onChoose} />
        ))}
      </ul>
    </nav>
  );
}

interface ItemProps {
  folder: Folder;
  open: Set<string>;
  chosen: FolderChoice;
  onToggle: (f: Folder) => void;
  onChoose: (choice: FolderChoice) => void;
}

function FolderItem({ folder, open, chosen, onToggle, onChoose }: ItemProps) {
  const expanded = open.has(id(folder));
  const isChosen = chosen.root === folder.root && chosen.path === folder.path;
  return (
    <li data-folder={folder.path} data-root={folder.root}>
      <div className="folder-row">
        {folder.children.length > 0 || folder.pages.length > 0 ? (
          <button
            type="button"
            className="folder-toggle"
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${folder.name}`}
            onClick={() => onToggle(folder)}
          >
            {expanded ? '▾' : '▸'}
          </button>
        ) : (
          <span className="folder-toggle" aria-hidden="true" />
        )}
        <button
          type="button"
          className="folder-pick"
          aria-pressed={isChosen}
          title={folder.path === '' ? folder.root : `${folder.root}/${folder.path}`}
          onClick={() => onChoose({ root: folder.root, path: folder.path })}
        >
          {folder.name} <span className="folder-count">{folder.count}</span>
        </button>
      </div>
      {expanded && (
        <ul>
          {folder.children.map((c) => (
            <FolderItem key={id(c)} folder={c} open={open} chosen={chosen} onToggle={onToggle} onChoose={onChoose} />
          ))}
          <FolderPages folder={folder} onChoose={onChoose} />
        </ul>
      )}
    </li>
  );
}

/** The pages directly in a folder, the first TREE_PAGES of them; the others through the list. */
function FolderPages({ folder, onChoose }: { folder: Folder; onChoose: (choice: FolderChoice) => void }) {
  const more = folder.pages.length - TREE_PAGES;
  return (
    <>
      {folder.pages.slice(0, TREE_PAGES).map((p) => (
        <li key={p.path} className="tree-page">
          <a href={pageHref(p, { agent: p.scope.agent })} title={p.path}>
            {p.title}
          </a>
        </li>
      ))}
      {more > 0 && (
        <li className="tree-page">
          <button type="button" className="folder-pick muted" onClick={() => onChoose({ root: folder.root, path: folder.path })}>
            {more} more…
          </button>
        </li>
      )}
    </>
  );
}

/** The folders above a chosen one (its root included), so it shows when the screen opens on it. */
function parentsOf(chosen: FolderChoice): { root: string | null; path: string }[] {
  const parts = chosen.path ? chosen.path.split('/') : [];
  return parts.map((_, i) => ({ root: chosen.root, path: parts.slice(0, i).join('/') }));
}
