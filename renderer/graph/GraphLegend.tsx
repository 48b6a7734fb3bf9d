// What the colours, shapes and dashes mean, drawn with the graph's own theme: only what this graph holds.
import { memo, type ReactNode } from 'react';
import type { GraphNode } from '../../shared/graph.ts';
import { edgeLook, type GraphModel } from './graph-model.ts';
import type { GraphTheme } from './graph-theme.ts';

function Entry({ icon, label, width = 12 }: { icon: ReactNode; label: string; width?: number }) {
  return (
    <dd>
      <svg width={width} height="12" aria-hidden="true">
        {icon}
      </svg>
      {label}
    </dd>
  );
}

/** Memoised: it walks every edge (176,877 in interconnected-10k), and the explorer renders on each layout update. */
export const GraphLegend = memo(function GraphLegend({ theme, model }: { theme: GraphTheme; model: GraphModel }) {
  const has = (test: (n: GraphNode) => boolean) => model.nodes.some(test);
  const tiers = new Set(model.nodes.filter((n) => n.type === 'page').map((n) => n.tier ?? 'none'));
  const kinds = new Set<string>(Array.from({ length: model.edgeCount }, (_, e) => edgeLook(model, e)));
  const shapes = [
    { shown: has((n) => n.stale), label: 'stale', icon: <circle cx="6" cy="6" r="4.5" fill="none" stroke={theme.warn} strokeWidth="2.5" /> },
    {
      shown: has((n) => n.archived),
      label: 'archived',
      icon: <circle cx="6" cy="6" r="4.5" fill={theme.muted} opacity="0.45" stroke={theme.muted} strokeDasharray="2 1.5" />,
    },
    {
      shown: has((n) => n.missing),
      label: 'missing target',
      icon: <circle cx="6" cy="6" r="4.5" fill="none" stroke={theme.danger} strokeWidth="1.5" strokeDasharray="2.5 1.5" />,
    },
    { shown: has((n) => n.type === 'attachment'), label: 'attachment', icon: <rect x="1.5" y="1.5" width="9" height="9" rx="2" fill={theme.attachment} /> },
    { shown: has((n) => n.type === 'source'), label: 'source', icon: <path d="M6 0.5 L11.5 6 L6 11.5 L0.5 6 Z" fill={theme.source} /> },
    { shown: has((n) => n.type === 'concept'), label: 'concept', icon: <path d="M3 1 L9 1 L11.5 6 L9 11 L3 11 L0.5 6 Z" fill={theme.concept} /> },
  ];
  return (
    <dl className="graph-legend" aria-label="Legend">
      <dt>Pages by tier</dt>
      {Object.entries(theme.tiers)
        .filter(([tier]) => tiers.has(tier))
        .map(([tier, colour]) => (
          <Entry key={tier} label={tier === 'none' ? 'no tier' : tier} icon={<circle cx="6" cy="6" r="5" fill={colour} />} />
        ))}
      {shapes
        .filter((s) => s.shown)
        .map((s) => (
          <Entry key={s.label} label={s.label} icon={s.icon} />
        ))}
      {kinds.size > 0 && <dt>Links</dt>}
      {Object.entries(theme.edges)
        .filter(([kind]) => kinds.has(kind))
        .map(([kind, look]) => (
          <Entry
            key={kind}
            label={look.label}
            width={22}
            icon={<line x1="1" y1="6" x2="21" y2="6" stroke={look.colour} strokeWidth={look.width + 0.4} strokeDasharray={look.dash.join(' ') || undefined} />}
          />
        ))}
    </dl>
  );
});
