// The Graph screen: the whole wiki, or the neighbourhood of one page to a depth of 1–3 links.
import { depthParam, navigate, pageHref, screenHref } from '../app/route.ts';
import { DepthSwitch } from '../graph/DepthSwitch.tsx';
import { GraphPanel, openNode } from '../graph/GraphPanel.tsx';

export function GraphScreen({ params }: { params: URLSearchParams }) {
  const key = params.get('around');
  const agent = params.get('agent');
  const depth = depthParam(params);
  const around = key ? { key, agent } : null;
  return (
    <div className="screen graph-screen">
      <header className="screen-head">
        <h1>{around ? <>Graph around {around.key}</> : 'Graph of the wiki'}</h1>
        <p className="muted">
          Pages and what they link to: click a page to open it, hover to see its links, jump to one by name. Missing targets are red and dashed, stale pages ringed, archived ones faded.
        </p>
      </header>
      <GraphPanel around={around} depth={depth} onOpen={(node) => openNode(node)}>
        {around && (
          <>
            <DepthSwitch depth={depth} onChange={(d) => navigate(screenHref('graph', { around: around.key, agent: agent ?? undefined, depth: String(d) }), { replace: true })} />
            <a className="button small ghost" href={pageHref(around.key, { agent })}>
              Open {around.key}
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
