// Changes a page's text the way a careful person would by hand: only the fields asked for, line by
// line, so every other byte — key order, comments, quoting, blank lines, the body, CRLF line
// endings — stays as the user wrote it.
import { Document, isCollection, isMap, isScalar, parseDocument, type Pair } from 'yaml';
import { BadRequest } from '../../../shared/errors.ts';
import { splitFrontmatter, type FrontmatterBlock } from '../ingest/parse/frontmatter.ts';
import { toLf } from '../ingest/parse/page.ts';
import { refuseUnreadableFrontmatter } from './write-validation.ts';

/** Field values to set; `null` removes the field. */
export type FieldChanges = Record<string, unknown>;

export class UneditableFrontmatter extends BadRequest {
  constructor(reason: string) {
    super(`the page's frontmatter cannot be edited safely: ${reason}; fix it by hand first`);
    this.name = 'UneditableFrontmatter';
  }
}

/** The page's text with `fields` changed and, when given, its body replaced. */
export function editPage(text: string, fields: FieldChanges, body?: string): string {
  const eol = text.startsWith('\r\n', text.indexOf('\n') - 1) ? '\r\n' : '\n';
  const withEol = (s: string) => (eol === '\n' ? s : s.replace(/\n/g, '\r\n'));
  const lf = text.replace(/\r\n/g, '\n');
  const block = splitFrontmatter(lf);
  const yaml = block ? editYaml(block, fields) : newYaml(fields);
  const open = lf.slice(0, lf.indexOf('\n') + 1); // the opening fence as written
  const fence = block ? lf.slice(open.length + block.yaml.length, lf.length - block.body.length) : '---\n';
  // the body as written, byte for byte (even with mixed line endings), unless it is replaced
  const newBody =
    body === undefined ? afterLines(text, block ? countLines(lf.slice(0, lf.length - block.body.length)) : 0) : withEol(body.replace(/\r\n/g, '\n'));
  // A body that opens with a `---` block would be read as frontmatter; an empty block before it keeps it body.
  if (yaml === null) return splitFrontmatter(toLf(newBody)) ? `${withEol('---\n---\n')}${newBody}` : newBody;
  return `${withEol(`${block ? open : '---\n'}${yaml}${fence}`)}${newBody}`;
}

const countLines = (s: string) => s.split('\n').length - 1;

/** The text after its first `n` line breaks. */
function afterLines(text: string, n: number): string {
  let at = 0;
  for (let i = 0; i < n; i++) at = text.indexOf('\n', at) + 1;
  return text.slice(at);
}

/** A frontmatter block's YAML with the changes made in place. A block the indexer cannot read is
 * refused as it refuses it: an edit there would be acknowledged and never show. */
function editYaml(block: FrontmatterBlock, fields: FieldChanges): string {
  refuseUnreadableFrontmatter(block, "the page's frontmatter");
  const yaml = block.yaml;
  const doc = parseDocument(yaml, { keepSourceTokens: true });
  if (doc.errors.length) throw new UneditableFrontmatter(doc.errors[0]!.message);
  if (doc.contents !== null && !isMap(doc.contents)) throw new UneditableFrontmatter('it is not a mapping of fields');
  const pairs = (doc.contents?.items ?? []) as Pair[];
  let out = yaml;
  // from the end, so earlier offsets stay right
  const edits: { start: number; end: number; text: string }[] = [];
  const appended: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const pair = pairs.find((p) => isScalar(p.key) && String(p.key.value) === name);
    if (pair) {
      const span = pairSpan(out, pair);
      const flow = isCollection(pair.value) && pair.value.flow === true;
      edits.push({ ...span, text: value === null ? '' : fieldLine(name, value, flow, trailingComment(out, span.end)) });
      continue;
    }
    if (value !== null) appended.push(fieldLine(name, value));
  }
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  if (appended.length) out = `${out}${out === '' || out.endsWith('\n') ? '' : '\n'}${appended.join('')}`;
  return out;
}

function newYaml(fields: FieldChanges): string | null {
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => fieldLine(k, v));
  return lines.length ? lines.join('') : null;
}

/** `name: value` as YAML, ending with a newline; a list or map written `[a, b]` stays on one line, its comment kept. */
function fieldLine(name: string, value: unknown, flow = false, comment = ''): string {
  const doc = new Document({ [name]: value });
  const node = doc.get(name, true);
  if (flow && isCollection(node)) node.flow = true;
  const yaml = doc.toString({ lineWidth: 0, flowCollectionPadding: false });
  return comment && !yaml.slice(0, -1).includes('\n') ? `${yaml.slice(0, -1)}${comment}\n` : yaml;
}

/** `  # why` at the end of the line that ends at `lineEnd`. */
function trailingComment(yaml: string, lineEnd: number): string {
  const line = yaml.slice(yaml.lastIndexOf('\n', lineEnd - 2) + 1, lineEnd).replace(/\n$/, '');
  return /(\s+#[^'"\n]*)$/.exec(line)?.[1] ?? '';
}

/** The whole lines a field takes: from its key's line to the end of the line its value ends on. */
function pairSpan(yaml: string, pair: Pair): { start: number; end: number } {
  const keyStart = (pair.key as { range?: [number, number, number] }).range?.[0] ?? 0;
  const valueEnd = (pair.value as { range?: [number, number, number] } | null)?.range?.[1] ?? keyStart;
  const start = yaml.lastIndexOf('\n', keyStart - 1) + 1;
  const newline = yaml.indexOf('\n', Math.max(valueEnd - 1, keyStart));
  return { start, end: newline < 0 ? yaml.length : newline + 1 };
}
