// Arrow keys move a selection through a list and Enter opens it: from the search box (its
// own onKeyDown) and from anywhere on the screen that is not another form field.
import { useCallback, useEffect, type KeyboardEvent as ReactKeyboardEvent } from 'react';

export function useListKeys(count: number, selected: number, setSelected: (i: number) => void, open: (i: number) => void) {
  const handle = useCallback(
    (e: { key: string; preventDefault: () => void; altKey: boolean; ctrlKey: boolean; metaKey: boolean }) => {
      if (count === 0 || e.altKey || e.ctrlKey || e.metaKey) return false;
      if (e.key === 'ArrowDown') setSelected(Math.min(count - 1, selected + 1));
      else if (e.key === 'ArrowUp') setSelected(Math.max(0, selected - 1));
      else if (e.key === 'Enter') open(selected);
      else return false;
      e.preventDefault();
      return true;
    },
    [count, selected, setSelected, open],
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
