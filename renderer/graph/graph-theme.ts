// How the graph looks: node colour by tier, shape by type, rings for stale and archived pages, red
// dashed missing targets; edges styled by link kind (colour and dash, so kinds differ without
// colour too). Colours come from the stylesheet's variables, so the graph follows light and dark.
import type { GraphEdgeKind } from '../../shared/graph.ts';

export interface EdgeLook {
  label: string;
  colour: string;
  dash: number[];
  width: number;
}

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

export interface GraphTheme {
  text: string;
  muted: string;
  danger: string;
  warn: string;
  accent: string;
  surface: string;
  tiers: Record<string, string>;
  attachment: string;
  source: string;
  concept: string;
  edges: Record<GraphEdgeKind | 'missing', EdgeLook>;
}

export function graphTheme(): GraphTheme {
  const v = (name: string, fallback: string) => cssVar(`--${name}`, fallback);
  return {
    text: v('text', '#1d2127'),
    muted: v('muted', '#5f6b7a'),
    danger: v('danger', '#c9302c'),
    warn: v('warn', '#a86400'),
    accent: v('accent', '#2859d6'),
    surface: v('surface', '#ffffff'),
    tiers: {
      wiki: v('graph-wiki', '#2f6fed'),
      doc: v('graph-doc', '#1f8a7a'),
      reflection: v('graph-reflection', '#9b4dd6'),
      raw: v('graph-raw', '#8a94a6'),
      none: v('graph-page', '#5b6f95'),
    },
    attachment: v('graph-attachment', '#3d8fb0'),
    source: v('graph-source', '#a0662b'),
    concept: v('graph-concept', '#c2417a'),
    edges: {
      wikilink: { label: 'wikilink', colour: v('graph-edge', '#8a94a6'), dash: [], width: 1 },
      ref: { label: 'refs', colour: v('graph-ref', '#2f6fed'), dash: [], width: 1.6 },
      embed: { label: 'embed', colour: v('graph-embed', '#1f8a7a'), dash: [], width: 1.2 },
      markdown: { label: 'markdown link', colour: v('graph-edge', '#8a94a6'), dash: [5, 3], width: 1 },
      source: { label: 'sources', colour: v('graph-source', '#a0662b'), dash: [1.5, 3], width: 1.2 },
      mentions: { label: 'mentions a concept', colour: v('graph-concept', '#c2417a'), dash: [2, 2], width: 0.8 },
      missing: { label: 'to a missing target', colour: v('danger', '#c9302c'), dash: [4, 3], width: 1 },
    },
  };
}

export function tierColour(theme: GraphTheme, tier: string | null): string {
  return theme.tiers[tier ?? 'none'] ?? theme.tiers.none!;
}
