// Hash routing: #/search?q=…, #/compare?q=…, #/page/KEY?h=Heading&tab=graph (or recall), #/graph?around=KEY&depth=2,
// #/recall?q=…&depth=2, #/status, #/links, #/stale, #/audit, #/consolidate?days=14.
// Hash routes work the same from `cairn serve` and from file:// in the desktop window.
import { useEffect, useState } from 'react';

export type Route =
  | { screen: 'search'; params: URLSearchParams }
  | { screen: 'compare'; params: URLSearchParams }
  | { screen: 'page'; key: string; params: URLSearchParams }
  | { screen: 'status'; params: URLSearchParams }
  | { screen: 'links'; params: URLSearchParams }
  | { screen: 'stale'; params: URLSearchParams }
  | { screen: 'consolidate'; params: URLSearchParams }
  | { screen: 'recall'; params: URLSearchParams }
  | { screen: 'audit'; params: URLSearchParams }
  | { screen: 'graph'; params: URLSearchParams }
  | { screen: 'skills'; params: URLSearchParams };

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
  const [head, ...rest] = path.split('/');
  switch (head) {
    case 'page':
      if (rest.length > 0 && rest.join('/') !== '') return { screen: 'page', key: decodeURIComponent(rest.join('/')), params };
      return { screen: 'search', params };
    case 'compare':
      return { screen: 'compare', params };
    case 'status':
      return { screen: 'status', params };
    case 'links':
    case 'stale':
    case 'consolidate':
    case 'recall':
    case 'audit':
    case 'graph':
    case 'skills':
      return { screen: head, params };
    default:
      return { screen: 'search', params };
  }
}

/** A page, scrolled to a heading, as an agent sees it (its own page shadows a global one). */
export function pageHref(key: string, opts: { heading?: string | null; agent?: string | null; tab?: 'graph' | 'recall' | null; depth?: number | null } = {}): string {
  const search = new URLSearchParams();
  if (opts.heading) search.set('h', opts.heading);
  if (opts.agent) search.set('agent', opts.agent);
  if (opts.tab) search.set('tab', opts.tab);
  if (opts.depth) search.set('depth', String(opts.depth));
  const s = search.toString();
  return `#/page/${encodeURIComponent(key)}${s ? `?${s}` : ''}`;
}

export function screenHref(screen: 'search' | 'compare' | 'status' | 'links' | 'stale' | 'consolidate' | 'recall' | 'audit' | 'graph' | 'skills', params?: Record<string, string | undefined>): string {
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
