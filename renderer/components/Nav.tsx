// The left navigation: the wiki that is open, the screens, the page count, and a live note while indexing.
import type { Route } from '../app/route.ts';
import { useStatus } from '../app/status-context.tsx';
import { rootName } from '../browse/folder-tree.ts';
import { IndexingProgress } from './IndexingProgress.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const SHORTCUT_LABEL = isMac ? '⌘K' : 'Ctrl K';
/** 21,329 broken links fit the nav as 21K */
const COMPACT = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

interface Item {
  screen: Route['screen'];
  label: string;
  icon: string;
  href: string;
  hint?: string;
  /** what the hint counts */
  hintTitle?: string;
}

export function Nav({ route, searchHref }: { route: Route; searchHref: string }) {
  const { status, progress, firstRun } = useStatus();
  // a half-built index's count of broken links is no count at all
  const counted = status && !firstRun ? status : null;
  const items: Item[] = [
    { screen: 'search', label: 'Search', icon: '⌕', href: searchHref, hint: SHORTCUT_LABEL },
    { screen: 'pages', label: 'Pages', icon: '▤', href: '#/pages' },
    { screen: 'tags', label: 'Tags', icon: '#', href: '#/tags' },
    { screen: 'compare', label: 'Compare modes', icon: '⇆', href: searchHref.replace('#/search', '#/compare') },
    { screen: 'status', label: 'Index status', icon: '◴', href: '#/status' },
    { screen: 'models', label: 'Models', icon: '◎', href: '#/models' },
    { screen: 'graph', label: 'Graph', icon: '⬡', href: '#/graph' },
    // every broken link the screen lists: to missing pages, missing `sources:` files (both `dangling`) and missing headings
    {
      screen: 'links',
      label: 'Broken links',
      icon: '⚠',
      href: '#/links',
      hint: counted ? COMPACT.format(counted.dangling + counted.brokenAnchors) : undefined,
      hintTitle: counted ? `${counted.dangling + counted.brokenAnchors} broken links: to missing pages, missing sources and missing headings` : undefined,
    },
    { screen: 'stale', label: 'Stale pages', icon: '◔', href: '#/stale' },
    { screen: 'consolidate', label: 'Consolidate', icon: '◈', href: '#/consolidate' },
    { screen: 'skills', label: 'Skills', icon: '✦', href: '#/skills' },
    { screen: 'audit', label: 'Audit log', icon: '☰', href: '#/audit' },
  ];
  const current = route.screen === 'page' ? null : route.screen;
  return (
    <nav className="nav" aria-label="Screens">
      <a className="brand" href={searchHref}>
        <span className="brand-mark" aria-hidden="true">
          ▲
        </span>
        Cairn
      </a>
      {status && <WikiName roots={status.roots} />}
      <ul>
        {items.map((item) => (
          <li key={item.screen}>
            <a href={item.href} className={item.screen === current ? 'active' : undefined} aria-current={item.screen === current ? 'page' : undefined}>
              <span className="nav-icon" aria-hidden="true">
                {item.icon}
              </span>
              <span className="nav-label">{item.label}</span>
              {item.hint && (
                <span className="nav-hint" title={item.hintTitle}>
                  {item.hint}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
      <div className="nav-footer">
        <ThemeSwitch />
        {progress ? (
          <IndexingProgress progress={progress} compact />
        ) : status ? (
          <span className="muted">
            {status.pages} pages · {status.chunks} chunks
          </span>
        ) : null}
      </div>
    </nav>
  );
}

/** The open wiki by its root folder's name (the full paths on hover), as an editor names its vault. */
function WikiName({ roots }: { roots: string[] }) {
  if (roots.length === 0) return null;
  return (
    <p className="wiki-name" title={roots.join('\n')}>
      {rootName(roots[0]!)}
      {roots.length > 1 && <span className="muted"> +{roots.length - 1}</span>}
    </p>
  );
}
