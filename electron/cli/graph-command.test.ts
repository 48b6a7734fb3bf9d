// cairn graph: the real command on a throwaway wiki, as JSON, as GraphML another tool can read
// (parsed here by a real XML parser, with titles made to break naive escaping), and as a summary.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import type { GraphResponse } from '../../shared/graph.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { escapeXml } from './graphml.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const HOSTILE_TITLE = 'Tom & "Jerry" <b>\u0001]]>';

interface GraphmlData {
  '@_key': string;
  '#text': string | number | boolean;
}
interface Graphml {
  graphml: { graph: { node: { '@_id': string; data: GraphmlData[] }[]; edge: unknown[] } };
}

/** Parsed by a validating parser; XML 1.0 forbids control characters even escaped, which it does not check, so that is checked here. */
function parseGraphml(text: string): Graphml {
  expect(XMLValidator.validate(text)).toBe(true);
  expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  return new XMLParser({ ignoreAttributes: false, isArray: (name) => ['node', 'edge', 'data'].includes(name), parseTagValue: false }).parse(text) as Graphml;
}

describe('cairn graph', () => {
  it('prints the graph as JSON, as GraphML and as a summary, around a page or whole', async () => {
    fx = makeFixture({
      'index.md': `---\ntitle: ${JSON.stringify(HOSTILE_TITLE)}\n---\n[[a]] [[ghost]]\n`,
      'a.md': '# A\n[[b]]\n',
      'b.md': '# B\n',
    });
    const env = cairnEnv(fx.dir);
    const cairn = (...args: string[]) => runCairn([...args, '--db', fx.db], env);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);

    const whole = await cairn('graph', '--json');
    expect(whole.code).toBe(0);
    const g = JSON.parse(whole.out) as GraphResponse;
    expect(g.nodes.map((n) => `${n.key}${n.missing ? ' (missing)' : ''}`).sort()).toEqual(['a', 'b', 'ghost (missing)', 'index']);
    expect(g.nodes.find((n) => n.key === 'index')!.title).toBe(HOSTILE_TITLE);

    const around = JSON.parse((await cairn('graph', '--around', 'b', '--depth', '1', '--json')).out) as GraphResponse;
    expect(around.nodes.map((n) => n.key).sort()).toEqual(['a', 'b']);

    const xml = await cairn('graph', '--graphml');
    expect(xml.code).toBe(0);
    const { graph } = parseGraphml(xml.out).graphml;
    expect(graph.node).toHaveLength(4);
    expect(graph.edge).toHaveLength(3);
    const titles = graph.node.flatMap((n) => n.data.filter((d) => d['@_key'] === 'title').map((d) => String(d['#text'])));
    // the control character cannot exist in XML 1.0: it becomes U+FFFD; everything else survives
    expect(titles).toContain(HOSTILE_TITLE.replace('\u0001', '\ufffd'));

    expect((await cairn('graph')).out).toMatch(/^the whole wiki\n3 pages, 0 attachments, 0 sources, 1 missing targets\n3 edges: 3 wikilink\n/);
  });

  it('adds the concepts pages mention with --concepts, and only then', async () => {
    fx = makeFixture({ 'caching.md': '# Caching\n', 'notes.md': '# Notes\nWe tried Caching, then `caching` in code.\n' });
    const env = cairnEnv(fx.dir);
    const cairn = (...args: string[]) => runCairn([...args, '--db', fx.db], env);
    expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
    const plain = JSON.parse((await cairn('graph', '--json')).out) as GraphResponse;
    expect(plain.nodes.map((n) => n.type)).toEqual(['page', 'page']);
    const g = JSON.parse((await cairn('graph', '--concepts', '--json')).out) as GraphResponse;
    expect(g.nodes.filter((n) => n.type === 'concept').map((n) => n.key)).toEqual(['Caching']);
    expect(g.edges).toEqual([{ source: g.nodes.find((n) => n.key === 'notes')!.id, target: 'c:caching', kind: 'mentions', line: 2, count: 1 }]);
    expect((await cairn('graph', '--concepts')).out).toMatch(
      /^the whole wiki\n2 pages, 0 attachments, 0 sources, 0 missing targets, 1 concepts\n1 edges: 1 mentions\n/,
    );
  });

  it('escapes white space that XML parsers would otherwise fold, so two ids never meet', () => {
    expect(escapeXml('s:a\tb')).toBe('s:a&#9;b');
    expect(escapeXml('a\r\nb <&>')).toBe('a&#13;&#10;b &lt;&amp;&gt;');
    expect(escapeXml('s:a b')).not.toBe(escapeXml('s:a\tb'));
  });

  it('refuses what it cannot do, saying why', async () => {
    fx = makeFixture({ 'a.md': '# A\n' });
    const env = cairnEnv(fx.dir);
    const cairn = (...args: string[]) => runCairn([...args, '--db', fx.db], env);
    expect(await cairn('graph', '--depth', '2')).toMatchObject({ code: 2, err: expect.stringContaining('--depth and --agent need --around KEY') });
    expect(await cairn('graph', '--around', 'a', '--depth', '4')).toMatchObject({ code: 2, err: expect.stringContaining('graph: bad "depth": Too big') });
    expect(await cairn('graph', '--json', '--graphml')).toMatchObject({ code: 2, err: expect.stringContaining('say one format') });
    expect(await cairn('graph', '--around', 'nope')).toMatchObject({ code: 2, err: expect.stringContaining('no page with key "nope"') });
  });
});
