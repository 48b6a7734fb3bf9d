// What a registration's docPath points at: a page by key (the agent's own first, then a global
// one), or a page or file by its path in the root of the registry file. A path that leaves the
// root is refused; one that names nothing the index holds is evidence missing, and so is one in
// another agent's space: evidence is what the claiming agent itself can read, and a claim must not
// tell it whether another agent's private file exists.
import path from 'node:path';
import type { Store } from '../store/store.ts';

export interface Evidence {
  root: string;
  path: string;
  key: string | null;
  pageId: number | null;
}

/** A path that leaves the root (absolute, or `..` past it): never followed. */
export function escapesRoot(docPath: string): boolean {
  const norm = path.posix.normalize(docPath.replace(/\\/g, '/'));
  return path.posix.isAbsolute(norm) || /^[a-z]:/i.test(docPath) || norm === '..' || norm.startsWith('../');
}

export async function resolveEvidence(store: Store, root: string, agent: string, docPath: string): Promise<Evidence | null> {
  const text = docPath.trim();
  if (!text.includes('/') && !/\.[a-z0-9]+$/i.test(text)) {
    const page = await store.pages.byKey(text, agent);
    return page ? { root: page.root, path: page.path, key: page.key, pageId: page.id } : null;
  }
  const rel = path.posix.normalize(text.replace(/\\/g, '/').replace(/^\.\//, ''));
  const row = await store.registry.evidenceAt(root, rel);
  if (!row) return null;
  const seen = await store.pages.filesSeenBy({ agent });
  return seen({ root, path: row.path }) ? { root, path: row.path, key: row.key, pageId: row.pageId } : null;
}
