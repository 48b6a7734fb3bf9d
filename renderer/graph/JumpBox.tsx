// "Jump to…": type part of a key or title, arrows pick, Enter centres the graph on it; Ctrl/Cmd-Enter
// opens it. The graph's only way in by keyboard, and how a node is found among 10,000.
import { useState, type KeyboardEvent } from 'react';
import type { GraphModel } from './graph-model.ts';
import { findNodes } from './graph-model.ts';

interface Props {
  model: GraphModel;
  visible: Uint8Array;
  onFocus: (i: number) => void;
  onOpen: (i: number) => void;
}

export function JumpBox({ model, visible, onFocus, onOpen }: Props) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState(0);
  const matches = findNodes(model, text, visible);
  const choose = (i: number | undefined, open: boolean) => {
    if (i === undefined) return;
    if (open) onOpen(i);
    else onFocus(i);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') setPicked((p) => Math.min(matches.length - 1, p + 1));
    else if (e.key === 'ArrowUp') setPicked((p) => Math.max(0, p - 1));
    else if (e.key === 'Enter') choose(matches[picked], e.ctrlKey || e.metaKey);
    else if (e.key === 'Escape') setText('');
    else return;
    e.preventDefault();
  };
  const listId = 'graph-jump-list';
  return (
    <div className="jump-box">
      <input
        type="search"
        role="combobox"
        aria-label="Jump to a node"
        aria-expanded={matches.length > 0}
        aria-controls={listId}
        aria-activedescendant={matches.length ? `graph-jump-${picked}` : undefined}
        placeholder="Jump to a page…"
        title="Enter centres the graph on it; Ctrl+Enter (⌘ Enter) opens it"
        value={text}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          setPicked(0);
        }}
        onKeyDown={onKeyDown}
      />
      {matches.length > 0 && (
        <ul className="jump-list" id={listId} role="listbox" aria-label="Matching nodes">
          {matches.map((i, at) => {
            const n = model.nodes[i]!;
            return (
              <li
                key={n.id}
                id={`graph-jump-${at}`}
                role="option"
                aria-selected={at === picked}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(i, false)}
                onDoubleClick={() => choose(i, true)}
              >
                <span className="jump-title">{n.type === 'page' ? n.title : n.key}</span>
                <span className="muted"> {n.missing ? 'missing' : n.type === 'page' ? n.path : n.type}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
