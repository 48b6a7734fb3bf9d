// The Graph screen: the whole wiki, or the neighbourhood of one page to a depth of 1–3 links.
import { depthParam, navigate, pageHref, pageName, pageRef, requestName, screenHref, type PageTarget } from '../app/route.ts';
import { DepthSwitch } from '../graph/DepthSwitch.tsx';
import { GraphPanel, openNode } from '../graph/GraphPanel.tsx';

export function GraphScreen({ params }: { params: URLSearchParams }) {
  const agent = params.get('agent');
  const depth = depthParam(params);
  const centre = centreOf(params);
  const around = centre ? pageRef(centre, agent) : null;
  return (
    <div className="screen graph-screen">
      <header className="screen-head">
        <h1>{around ? <>Graph around {requestName(around)}</> : 'Graph of the wiki'}</h1>
        <p className="muted">
          Pages and what they link to: click a page to open it, hover to see its links, jump to one by name. Missing targets are red and dashed, stale pages
          ringed, archived ones faded.
        </p>
      </header>
      <GraphPanel around={around} depth={depth} onOpen={(node) => openNode(node)}>
        {centre && (
          <>
            <DepthSwitch
              depth={depth}
              onChange={(d) => navigate(screenHref('graph', { ...centreParams(centre), agent: agent ?? undefined, depth: String(d) }), { replace: true })}
            />
            <a className="button small ghost" href={pageHref(centre, { agent })}>
              Open {pageName(centre)}
            </a>
            <a className="button small ghost" href={screenHref('graph')}>
              Whole wiki
            </a>
          </>
        )}
      </GraphPanel>
    </div>
  );
}

/** The centre page: `root` and `path` name exactly one; `around` names a key (older addresses). */
function centreOf(params: URLSearchParams): PageTarget | null {
  const [root, path, key] = [params.get('root'), params.get('path'), params.get('around')];
  return root && path ? { root, path } : key ? { key } : null;
}

function centreParams(centre: PageTarget): Record<string, string> {
  return 'root' in centre ? { root: centre.root, path: centre.path } : { around: centre.key };
}
