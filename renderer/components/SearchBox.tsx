// The query box. Ctrl/Cmd-K anywhere focuses it (the App sends `cairn:focus-search`).
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { SHORTCUT_LABEL } from './Nav.tsx';

export const FOCUS_SEARCH_EVENT = 'cairn:focus-search';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  placeholder: string;
  busy?: boolean;
}

export function SearchBox({ value, onChange, onKeyDown, placeholder, busy }: Props) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const focus = () => {
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener(FOCUS_SEARCH_EVENT, focus);
    return () => window.removeEventListener(FOCUS_SEARCH_EVENT, focus);
  }, []);
  return (
    <div className={busy ? 'searchbox busy' : 'searchbox'}>
      <span className="searchbox-icon" aria-hidden="true">
        ⌕
      </span>
      <input
        ref={input}
        type="search"
        aria-label="Search the wiki"
        placeholder={placeholder}
        value={value}
        autoFocus
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <kbd className="searchbox-kbd" aria-hidden="true">
        {SHORTCUT_LABEL}
      </kbd>
    </div>
  );
}
