// The reference graph as GraphML, for Gephi, yEd, Cytoscape desktop or networkx. Written by hand:
// the format is a handful of elements, and the one thing that matters, escaping, is done here for
// every attribute and text, including the control characters XML 1.0 cannot hold at all.
import type { GraphResponse } from '../../shared/graph.ts';

const NODE_KEYS = ['type', 'key', 'path', 'root', 'title', 'tags', 'tier', 'scope', 'stale', 'archived', 'missing', 'depth'] as const;
const EDGE_KEYS = ['kind', 'line', 'count'] as const;
const TYPES: Record<string, 'string' | 'boolean' | 'int'> = {
  stale: 'boolean',
  archived: 'boolean',
  missing: 'boolean',
  depth: 'int',
  line: 'int',
  count: 'int',
};

const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };

/** Tab, CR and LF as references too: a parser turns them into spaces in attributes (two node ids would meet) and CR LF into LF in text. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '\ufffd').replace(/[&<>"'\t\n\r]/g, (c) => ENTITIES[c]!);
}

function data(values: Record<string, unknown>, keys: readonly string[]): string {
  return keys
    .map((k) => [k, values[k]] as const)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `<data key="${k}">${escapeXml(Array.isArray(v) ? v.join(',') : String(v))}</data>`)
    .join('');
}

export function toGraphml(g: GraphResponse): string {
  const keys = [
    ...NODE_KEYS.map((k) => `  <key id="${k}" for="node" attr.name="${k}" attr.type="${TYPES[k] ?? 'string'}"/>`),
    ...EDGE_KEYS.map((k) => `  <key id="${k}" for="edge" attr.name="${k}" attr.type="${TYPES[k] ?? 'string'}"/>`),
  ];
  const nodes = g.nodes.map(
    (n) =>
      `    <node id="${escapeXml(n.id)}">${data({ ...n, scope: n.scope ? (n.scope.agent ? `user/${n.scope.agent}` : n.scope.kind) : null }, NODE_KEYS)}</node>`,
  );
  const edges = g.edges.map((e, i) => `    <edge id="e${i}" source="${escapeXml(e.source)}" target="${escapeXml(e.target)}">${data(e, EDGE_KEYS)}</edge>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
    ...keys,
    '  <graph id="cairn" edgedefault="directed">',
    ...nodes,
    ...edges,
    '  </graph>',
    '</graphml>',
    '',
  ].join('\n');
}
