// What a person typed and has not saved, kept in the tab's sessionStorage by the page's root and
// path: a reload, a crash of the renderer or a stray Back loses nothing, and opening the editor again
// starts from it. Saving or discarding drops it. Every touch of the storage is best effort: a tab
// whose site storage is full or blocked (it throws then) still edits and saves, without the net.
import type { FieldRow } from './field-changes.ts';

/** The version an edit started from: what a save names as its base, and what "unchanged" means. */
export interface EditBase {
  hash: string;
  body: string;
}

export interface Draft {
  base: EditBase;
  text: string;
  fields: FieldRow[];
}

const keyOf = (page: { root: string; path: string }) => `cairn:draft:${page.root}\0${page.path}`;

export function loadDraft(page: { root: string; path: string }): Draft | null {
  try {
    const raw = sessionStorage.getItem(keyOf(page));
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

/** Best effort: a tab whose storage is full or off still edits, it only loses this safety net. */
export function keepDraft(page: { root: string; path: string }, draft: Draft): void {
  try {
    sessionStorage.setItem(keyOf(page), JSON.stringify(draft));
  } catch {
    /* storage full or disabled */
  }
}

/** Best effort too: it runs after a save landed, and a storage that throws must not make that save read as unsaved. */
export function dropDraft(page: { root: string; path: string }): void {
  try {
    sessionStorage.removeItem(keyOf(page));
  } catch {
    /* storage disabled: there was no draft to drop */
  }
}
