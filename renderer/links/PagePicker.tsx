// Any page, picked by typing part of its title, key or path: a combobox over the wiki's pages (read
// once, when it is first used), moved through with the arrow keys, Enter picks, Escape closes.
import { useId, useMemo, useState } from 'react';
import type { PageEntry } from '../../shared/browse.ts';
import { cairn } from '../api/client.ts';
import { useStatus } from '../app/status-context.tsx';

/** The most pages listed at once: typing more narrows them. */
const SHOWN = 20;

/** A picked page and how a retarget names it: its key, or its path where another page has the key too. */
export interface Picked {
  page: PageEntry;
  to: string;
}

/** The wiki's pages, asked for once per index generation (every picker on the screen shares them): the picker filters them as the person types. */
let known: { generation: number; pages: Promise<PageEntry[]> } | null = null;
function pageList(generation: number): Promise<PageEntry[]> {
  if (known?.generation !== generation) known = { generation, pages: cairn.pages({}).then((r) => r.pages) };
  const asked = known;
  // a failed read is asked again next time
  asked.pages.catch(() => known === asked && (known = null));
  return asked.pages;
}

/** The pages whose title, key or path hold every word typed, those whose title starts with it first. */
export function matching(pages: PageEntry[], query: string): PageEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const q = query.trim().toLowerCase();
  const found = pages.filter((p) => {
    const text = `${p.title}\n${p.key}\n${p.path}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const rank = (p: PageEntry) => (p.title.toLowerCase().startsWith(q) ? 0 : p.key.toLowerCase().startsWith(q) ? 1 : 2);
  return found.sort((a, b) => rank(a) - rank(b) || a.title.length - b.title.length || a.title.localeCompare(b.title)).slice(0, SHOWN);
}

export function PagePicker({ label, onPick }: { label: string; onPick: (picked: Picked) => void }) {
  const id = useId();
  const { generation } = useStatus();
  const [pages, setPages] = useState<PageEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = useMemo(() => (pages ? matching(pages, query) : []), [pages, query]);
  const load = () => {
    if (!pages) pageList(generation).then(setPages, (err: Error) => setError(err.message));
  };
  const pick = (p: PageEntry) => {
    const shared = pages!.filter((o) => o.key.toLowerCase() === p.key.toLowerCase()).length > 1;
    setQuery(p.title);
    setOpen(false);
    setActive(-1);
    onPick({ page: p, to: shared ? p.path : p.key });
  };
  const expanded = open && query.trim() !== '' && pages !== null;
  return (
    <span className="page-picker">
      <input
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${id}-${active}` : undefined}
        placeholder="type part of a page’s title"
        value={query}
        onFocus={load}
        onChange={(e) => {
          load();
          setQuery(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
            const step = e.key === 'ArrowDown' ? 1 : -1;
            if (shown.length) setActive((a) => (a + step + shown.length) % shown.length);
          } else if (e.key === 'Enter' && expanded) {
            e.preventDefault();
            const p = shown[active] ?? (shown.length === 1 ? shown[0] : undefined);
            if (p) pick(p);
          } else if (e.key === 'Escape' && expanded) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {error && <span className="muted"> {error}</span>}
      {expanded && (
        <ul className="page-picker-list" role="listbox" id={`${id}-list`} aria-label={`Pages for ${label}`}>
          {shown.length === 0 && (
            <li className="muted" role="presentation">
              No page’s title holds “{query.trim()}”
            </li>
          )}
          {shown.map((p, i) => (
            <li
              key={`${p.root}/${p.path}`}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              // before the input's blur closes the list
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(p)}
            >
              {p.title} <code className="muted">{p.path}</code>
              {p.scope.agent ? <span className="muted"> ({p.scope.agent}’s)</span> : null}
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
