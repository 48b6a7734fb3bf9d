// Which nodes the Graph view shows: pages by tag, scope, tier and whether they are archived; the
// attachments, sources and missing targets of shown pages when those are switched on. The centre
// page is always shown. Attachments start hidden: a vault's images (113 in Obsidian's help vault)
// crowd the pages' labels, and the person turns them on in the filters. Concepts come only when the view asks for them (GraphView), and a concept
// is shown when a shown page mentions it. Layout ignores filters, so switching one never moves a node.
import type { GraphModel } from './graph-model.ts';

export interface GraphFilters {
  tag: string;
  /** 'global', an agent's name, or '' for every scope */
  scope: string;
  /** a tier, '(none)', or '' for every tier */
  tier: string;
  missing: boolean;
  sources: boolean;
  attachments: boolean;
  archived: boolean;
}

export const NO_TIER = '(none)';

/** Missing targets are many in a large wiki (13,698 in interconnected-10k): past this many they start hidden. */
const MISSING_SHOWN_UP_TO = 2000;

export function defaultFilters(model: GraphModel): GraphFilters {
  const missing = model.nodes.reduce((n, node) => n + (node.missing ? 1 : 0), 0);
  return { tag: '', scope: '', tier: '', missing: missing <= MISSING_SHOWN_UP_TO, sources: true, attachments: false, archived: true };
}

export function visibleNodes(model: GraphModel, f: GraphFilters): Uint8Array {
  const shown = new Uint8Array(model.nodes.length);
  model.nodes.forEach((n, i) => {
    if (n.type !== 'page') return;
    const scope = n.scope?.kind === 'user' ? (n.scope.agent ?? '') : 'global';
    const ok =
      (!f.tag || n.tags.includes(f.tag)) && (!f.scope || scope === f.scope) && (!f.tier || (n.tier ?? NO_TIER) === f.tier) && (f.archived || !n.archived);
    if (ok || i === model.centre) shown[i] = 1;
  });
  const wanted = { missing: f.missing, source: f.sources, attachment: f.attachments, concept: true, page: false } as const;
  // a non-page target is shown when one shown page links to it
  for (let e = 0; e < model.edgeCount; e++) {
    const s = model.edgeEnds[2 * e]!;
    const t = model.edgeEnds[2 * e + 1]!;
    if (shown[s] && model.nodes[s]!.type === 'page' && wanted[model.nodes[t]!.type]) shown[t] = 1;
  }
  return shown;
}

/** The choices the filter menus offer, from what the graph holds: tags by how often they occur. */
export function filterChoices(model: GraphModel): { tags: string[]; scopes: string[]; tiers: string[] } {
  const tags = new Map<string, number>();
  const scopes = new Set<string>();
  const tiers = new Set<string>();
  for (const n of model.nodes) {
    if (n.type !== 'page') continue;
    for (const t of n.tags) tags.set(t, (tags.get(t) ?? 0) + 1);
    scopes.add(n.scope?.kind === 'user' ? (n.scope.agent ?? '') : 'global');
    tiers.add(n.tier ?? NO_TIER);
  }
  return {
    tags: [...tags].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t),
    scopes: [...scopes].sort((a, b) => (a === 'global' ? -1 : b === 'global' ? 1 : a.localeCompare(b))),
    tiers: [...tiers].sort(),
  };
}
