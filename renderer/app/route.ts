// Hash routing: #/search?q=…, #/compare?q=…, #/page/Folder/Page.md?root=ROOT&h=Heading&tab=graph (or recall)
// (#/page/KEY, from older links, opens the page the key names), #/graph?root=ROOT&path=PATH&depth=2 (or around=KEY),
// #/recall?q=…&depth=2, #/pages?root=…&folder=…&q=…&sort=updated, #/status, #/models, #/links, #/stale, #/audit,
// #/consolidate?days=14, #/tags?tag=project.
// Hash routes work the same from `cairn serve` and from file:// in the desktop window.
import { useEffect, useState } from 'react';

/** Where a page is: its root and its path in the root, the one address no other page shares. Search
 * results, pages, graph nodes and audit entries all carry both: pass the object itself. */
export interface PageAddress {
  root: string;
  path: string;
}

/** How a route names a page: by its address, or (an old link, or a link that names only a key) by key. */
export type PageTarget = PageAddress | { key: string };

export type Route =
  | { screen: 'search'; params: URLSearchParams }
  | { screen: 'compare'; params: URLSearchParams }
  | { screen: 'page'; page: PageTarget; params: URLSearchParams }
  | { screen: 'status'; params: URLSearchParams }
  | { screen: 'models'; params: URLSearchParams }
  | { screen: 'pages'; params: URLSearchParams }
  | { screen: 'links'; params: URLSearchParams }
  | { screen: 'stale'; params: URLSearchParams }
  | { screen: 'consolidate'; params: URLSearchParams }
  | { screen: 'recall'; params: URLSearchParams }
  | { screen: 'audit'; params: URLSearchParams }
  | { screen: 'graph'; params: URLSearchParams }
  | { screen: 'skills'; params: URLSearchParams }
  | { screen: 'tags'; params: URLSearchParams };

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
  const [head, ...rest] = path.split('/');
  switch (head) {
    case 'page': {
      const named = rest.map(safeDecode).join('/');
      if (named === '') return { screen: 'search', params };
      const root = params.get('root');
      return { screen: 'page', page: root ? { root, path: named } : { key: named }, params };
    }
    case 'compare':
      return { screen: 'compare', params };
    case 'status':
      return { screen: 'status', params };
    case 'pages':
    case 'models':
    case 'links':
    case 'stale':
    case 'consolidate':
    case 'recall':
    case 'audit':
    case 'graph':
    case 'skills':
    case 'tags':
      return { screen: head, params };
    default:
      return { screen: 'search', params };
  }
}

/**
 * A page, scrolled to a heading, as an agent sees it. Pass the page's address (`{ root, path }`: a
 * result, a page, a graph node, an audit entry, a link's resolved root and path): it opens exactly
 * that page, even where two pages share a name. A bare key opens the page the key names (an agent's
 * own page first, then the shared one; of several, the shortest path): only for a link that knows
 * nothing more.
 */
export function pageHref(
  page: PageTarget | string,
  opts: { heading?: string | null; agent?: string | null; tab?: 'graph' | 'recall' | null; depth?: number | null; edit?: boolean } = {},
): string {
  const target: PageTarget = typeof page === 'string' ? { key: page } : page;
  const search = new URLSearchParams();
  if ('root' in target) search.set('root', target.root);
  if (opts.heading) search.set('h', opts.heading);
  if (opts.agent) search.set('agent', opts.agent);
  if (opts.tab) search.set('tab', opts.tab);
  if (opts.depth) search.set('depth', String(opts.depth));
  // open in its editor, so a reload comes back to it (with the unsaved text the tab keeps)
  if (opts.edit) search.set('edit', '1');
  const s = search.toString();
  const named = 'root' in target ? target.path.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(target.key);
  return `#/page/${named}${s ? `?${s}` : ''}`;
}

/** The address of a page a link resolved to; null for a broken link, an attachment or a source. */
export function linkedPage(link: { resolvedKey: string | null; resolvedRoot: string | null; resolvedPath: string | null }): PageAddress | null {
  return link.resolvedKey !== null && link.resolvedRoot !== null && link.resolvedPath !== null ? { root: link.resolvedRoot, path: link.resolvedPath } : null;
}

/** A page in an answer that may lack its place (a graph node): its address, else its key. */
export function addressOf(p: { key: string; root: string | null; path: string | null }): PageTarget {
  return p.root !== null && p.path !== null ? { root: p.root, path: p.path } : { key: p.key };
}

/** A page as the API's requests name it: getPage, a graph's centre, a walk's seed. */
export type PageRequest = { key: string; agent: string | null } | { root: string; path: string; agent: string | null };

/** A route's page (or a page itself: it has a root and a path) as a request names it. */
export function pageRef(page: PageTarget, agent: string | null): PageRequest {
  return 'root' in page ? { root: page.root, path: page.path, agent } : { key: page.key, agent };
}

/** How the graph and recall name a request for a page, in the address and the drawing's `data-request`. */
export function requestName(ref: PageRequest): string {
  return `${ref.agent ? `@${ref.agent}/` : ''}${'root' in ref ? ref.path : ref.key}`;
}

/** A target's name as people read it: the key, or the file name without `.md`. */
export function pageName(page: PageTarget): string {
  return 'root' in page ? page.path.slice(page.path.lastIndexOf('/') + 1).replace(/\.md$/i, '') : page.key;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function screenHref(
  screen: 'search' | 'compare' | 'status' | 'models' | 'pages' | 'links' | 'stale' | 'consolidate' | 'recall' | 'audit' | 'graph' | 'skills' | 'tags',
  params?: Record<string, string | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v) search.set(k, v);
  const s = search.toString();
  return `#/${screen}${s ? `?${s}` : ''}`;
}

/** Goes to a hash route; `replace` rewrites the current history entry (typing a query). */
export function navigate(hash: string, opts: { replace?: boolean } = {}): void {
  if (opts.replace) {
    history.replaceState(history.state, '', hash);
    window.dispatchEvent(new Event('cairn:route'));
  } else {
    window.location.hash = hash;
  }
}

export function useRoute(): Route {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const update = () => setHash(window.location.hash);
    window.addEventListener('hashchange', update);
    window.addEventListener('cairn:route', update);
    return () => {
      window.removeEventListener('hashchange', update);
      window.removeEventListener('cairn:route', update);
    };
  }, []);
  return parseHash(hash);
}

/** A graph depth from the address, 1–3 (default 1). */
export function depthParam(params: URLSearchParams): number {
  const d = Number(params.get('depth'));
  return d === 2 || d === 3 ? d : 1;
}
