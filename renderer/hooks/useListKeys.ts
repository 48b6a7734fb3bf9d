// Arrow keys move a selection through a list, Enter opens it and Shift+Enter shows or hides its
// details: from the search box (its own onKeyDown) and from anywhere on the screen that is not
// another form field.
import { useCallback, useEffect, type KeyboardEvent as ReactKeyboardEvent } from 'react';

export interface ListActions {
  open: (i: number) => void;
  details: (i: number) => void;
}

type Key = Pick<KeyboardEvent, 'key' | 'preventDefault' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>;

export function useListKeys(count: number, selected: number, setSelected: (i: number) => void, { open, details }: ListActions) {
  const handle = useCallback(
    (e: Key) => {
      if (count === 0 || e.altKey || e.ctrlKey || e.metaKey) return false;
      if (e.key === 'ArrowDown') setSelected(Math.min(count - 1, selected + 1));
      else if (e.key === 'ArrowUp') setSelected(Math.max(0, selected - 1));
      else if (e.key === 'Enter') (e.shiftKey ? details : open)(selected);
      else return false;
      e.preventDefault();
      return true;
    },
    [count, selected, setSelected, open, details],
  );
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.closest('input, select, textarea, button, [contenteditable="true"]') || (e.key === 'Enter' && t.closest('a')))) return;
      handle(e);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [handle]);
  return useCallback((e: ReactKeyboardEvent<HTMLInputElement>) => void handle(e), [handle]);
}
