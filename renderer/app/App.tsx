// The shell: left navigation, the current screen, and the global Ctrl/Cmd-K shortcut.
import { useEffect, useRef } from 'react';
import { FOCUS_SEARCH_EVENT } from '../components/SearchBox.tsx';
import { ConnectionBanner } from '../components/ConnectionBanner.tsx';
import { Nav } from '../components/Nav.tsx';
import { useConnection } from '../hooks/useConnection.ts';
import { CompareScreen } from '../screens/CompareScreen.tsx';
import { ConsolidateScreen } from '../screens/ConsolidateScreen.tsx';
import { GraphScreen } from '../screens/GraphScreen.tsx';
import { SkillsScreen } from '../screens/SkillsScreen.tsx';
import { AuditScreen } from '../screens/AuditScreen.tsx';
import { LinksScreen } from '../screens/LinksScreen.tsx';
import { ModelsScreen } from '../screens/ModelsScreen.tsx';
import { ModelOffer } from '../models/ModelOffer.tsx';
import { LinkPreview } from '../preview/LinkPreview.tsx';
import { PageScreen } from '../screens/PageScreen.tsx';
import { PagesScreen } from '../screens/PagesScreen.tsx';
import { RecallScreen } from '../screens/RecallScreen.tsx';
import { SearchScreen } from '../screens/SearchScreen.tsx';
import { StaleScreen } from '../screens/StaleScreen.tsx';
import { StatusScreen } from '../screens/StatusScreen.tsx';
import { TagsScreen } from '../screens/TagsScreen.tsx';
import { navigate, pageName, useRoute, type PageTarget, type Route } from './route.ts';
import { FirstRunGate } from './FirstRunGate.tsx';
import { ScreenBoundary } from './ScreenBoundary.tsx';
import { StatusProvider } from './status-context.tsx';

const TITLES = {
  search: 'Search',
  compare: 'Compare modes',
  page: 'Page',
  pages: 'Pages',
  status: 'Index status',
  models: 'Models',
  links: 'Broken links',
  stale: 'Stale pages',
  consolidate: 'Consolidate notes',
  recall: 'Recall',
  audit: 'Audit log',
  graph: 'Graph',
  skills: 'Skills',
  tags: 'Tags',
} as const;

/** The screens that count or list the whole wiki: they wait for its first run (FirstRunGate). */
const WHOLE_WIKI = new Set<Route['screen']>(['pages', 'links', 'stale', 'graph', 'skills', 'consolidate']);

/** A page's identity in the route: its root and path, or the key an older link names. */
const placeOf = (page: PageTarget) => ('root' in page ? `${page.root}\0${page.path}` : page.key);

function Screen({ route }: { route: Route }) {
  switch (route.screen) {
    case 'search':
      return <SearchScreen params={route.params} />;
    case 'compare':
      return <CompareScreen params={route.params} />;
    case 'page':
      return <PageScreen key={placeOf(route.page)} target={route.page} params={route.params} />;
    case 'status':
      return <StatusScreen />;
    case 'models':
      return <ModelsScreen />;
    case 'pages':
      return <PagesScreen params={route.params} />;
    case 'links':
      return <LinksScreen />;
    case 'stale':
      return <StaleScreen />;
    case 'consolidate':
      return <ConsolidateScreen params={route.params} />;
    case 'recall':
      return <RecallScreen params={route.params} />;
    case 'audit':
      return <AuditScreen />;
    case 'graph':
      return <GraphScreen params={route.params} />;
    case 'skills':
      return <SkillsScreen params={route.params} />;
    case 'tags':
      return <TagsScreen params={route.params} />;
  }
}

export function App() {
  const route = useRoute();
  // The nav's Search link goes back to the last query, like a browser tab would.
  const lastSearch = useRef('#/search');
  if (route.screen === 'search') lastSearch.current = window.location.hash || '#/search';
  const searchHref = lastSearch.current;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        if (route.screen === 'search' || route.screen === 'compare') window.dispatchEvent(new Event(FOCUS_SEARCH_EVENT));
        else navigate(lastSearch.current);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [route.screen]);

  const title = route.screen === 'page' ? pageName(route.page) : TITLES[route.screen];
  useEffect(() => {
    document.title = `${title} — Cairn`;
  }, [title]);
  const { recoveries } = useConnection();

  return (
    <StatusProvider>
      <div className="app">
        <Nav route={route} searchHref={searchHref} />
        <main className="main" id="main">
          <ConnectionBanner />
          <ModelOffer />
          {/* keyed by screen (and page), so leaving a screen that failed forgets its failure */}
          <ScreenBoundary key={route.screen === 'page' ? `page\0${placeOf(route.page)}` : route.screen} name={TITLES[route.screen]} recoveries={recoveries}>
            {WHOLE_WIKI.has(route.screen) ? (
              <FirstRunGate title={TITLES[route.screen]}>
                <Screen route={route} />
              </FirstRunGate>
            ) : (
              <Screen route={route} />
            )}
          </ScreenBoundary>
          <LinkPreview />
        </main>
      </div>
    </StatusProvider>
  );
}
