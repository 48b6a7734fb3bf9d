// `e` on a page opens its editor, as `Ctrl/Cmd-K` goes to search: not while typing in a field, not
// with a modifier, not while a dialog asks something.
import { useEffect, useRef } from 'react';

export function useEditKey(enabled: boolean, edit: () => void): void {
  const current = useRef(edit);
  current.current = edit;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key !== 'e' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      if (target?.closest('input, textarea, select, dialog, [contenteditable="true"]')) return;
      e.preventDefault();
      current.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
