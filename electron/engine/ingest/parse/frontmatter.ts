// YAML frontmatter: found by its `---` fences, parsed by `yaml`, errors kept as values with the
// file line they point at, so a page with broken frontmatter is still indexed.
import { LineCounter, isMap, parseDocument, type Document } from 'yaml';
import type { FrontmatterError, ParsedLink } from './types.ts';
import { frontmatterEdges } from './edges.ts';
import { MAX_FRONTMATTER_DEPTH } from '../../../../shared/limits.ts';
import { pathPastDepth } from '../../../../shared/nesting.ts';
import type { FrontmatterBlock } from '../../../../shared/markdown/frontmatter-block.ts';

// the split is shared: the app's editor reads a conflicting version's fields with it
export { splitFrontmatter, type FrontmatterBlock } from '../../../../shared/markdown/frontmatter-block.ts';

export interface Frontmatter {
  data: Record<string, unknown>;
  error: FrontmatterError | null;
  /** `refs:` and `sources:` entries, each with the file line of its item. */
  edges: ParsedLink[];
}

/** A fresh value each time: callers own (and may change) the frontmatter object they get. */
export const noFrontmatter = (): Frontmatter => ({ data: {}, error: null, edges: [] });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  return typeof value === 'object' ? 'non-mapping value' : typeof value;
}

/** Far beyond any real page's fields. yaml's duplicate-key check takes time that grows with the
 * square of the keys (0.5 MB of them held a server's thread for 15 s), so a larger block is not parsed. */
export const MAX_FRONTMATTER_BYTES = 32 * 1024;

/** Whether the reader leaves a block's fields unread for its size (the write door refuses the same blocks). */
export const tooLargeToRead = (block: Pick<FrontmatterBlock, 'yaml'>): boolean => block.yaml.length > MAX_FRONTMATTER_BYTES;

/** Parses the YAML of a frontmatter block; never throws. */
export function parseFrontmatter(block: FrontmatterBlock): Frontmatter {
  if (tooLargeToRead(block)) {
    return { data: {}, error: { line: block.yamlLine, message: `frontmatter larger than ${MAX_FRONTMATTER_BYTES / 1024} KB: not read` }, edges: [] };
  }
  const lineCounter = new LineCounter();
  const fileLine = (offset: number): number => block.yamlLine - 1 + lineCounter.linePos(offset).line;
  const fail = (line: number, message: string): Frontmatter => ({ data: {}, error: { line, message }, edges: [] });
  let doc: Document.Parsed;
  try {
    // Raw messages: pretty ones embed YAML-relative line numbers that would contradict ours.
    // logLevel 'error': yaml would otherwise print warnings (complex keys...) to the console.
    doc = parseDocument(block.yaml, { lineCounter, prettyErrors: false, logLevel: 'error' });
  } catch (e) {
    return fail(block.yamlLine, errorMessage(e));
  }
  const first = doc.errors[0];
  if (first) return fail(fileLine(first.pos[0]), readable(first.message));
  let value: unknown;
  try {
    value = doc.toJS();
  } catch (e) {
    // Unresolved aliases and alias bombs surface only when converting.
    return fail(block.yamlLine, errorMessage(e));
  }
  if (value === null || value === undefined) return noFrontmatter(); // empty or comments only
  if (pathPastDepth(value, MAX_FRONTMATTER_DEPTH)) return fail(block.yamlLine, TOO_DEEP);
  if (!isPlainObject(value) || !isMap(doc.contents)) {
    return fail(block.yamlLine, `frontmatter must be a mapping of fields, found a ${describe(value)}`);
  }
  return { data: value, error: null, edges: frontmatterEdges(doc, fileLine) };
}

const TOO_DEEP = `frontmatter nested deeper than ${MAX_FRONTMATTER_DEPTH} levels: not read`;

function errorMessage(e: unknown): string {
  return readable(e instanceof Error ? e.message : String(e));
}

/** yaml parses and converts by recursion: a value thousands deep overflows its stack (thrown, or kept
 * as the document's error), which says nothing of why. */
function readable(message: string): string {
  return /Maximum call stack size exceeded/.test(message) ? TOO_DEEP : message;
}
