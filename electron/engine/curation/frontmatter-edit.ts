// Changes a page's text the way a careful person would by hand: only the fields asked for, line by
// line, so every other byte — key order, comments, quoting, blank lines, the body, CRLF line
// endings — stays as the user wrote it.
import { isMap, isScalar, parseDocument, stringify, type Pair } from 'yaml';
import { BadRequest } from '../../../shared/contract.ts';
import { splitFrontmatter } from '../ingest/parse/frontmatter.ts';

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
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lf = text.replace(/\r\n/g, '\n');
  const block = splitFrontmatter(lf);
  const yaml = block ? editYaml(block.yaml, fields) : newYaml(fields);
  const head = lf.slice(0, lf.indexOf('\n') + 1); // the opening fence as written
  const fence = block ? lf.slice(head.length + block.yaml.length, lf.length - block.body.length) : '---\n';
  const newBody = body === undefined ? (block ? block.body : lf) : body.replace(/\r\n/g, '\n');
  const out = yaml === null ? newBody : `${block ? head : '---\n'}${yaml}${fence}${newBody}`;
  return eol === '\n' ? out : out.replace(/\n/g, '\r\n');
}

/** A frontmatter block's YAML with the changes made in place; null when nothing would be left of a new one. */
function editYaml(yaml: string, fields: FieldChanges): string {
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
    const line = value === null ? '' : fieldLine(name, value);
    if (pair) edits.push({ ...pairSpan(out, pair), text: line });
    else if (value !== null) appended.push(line);
  }
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  if (appended.length) out = `${out}${out === '' || out.endsWith('\n') ? '' : '\n'}${appended.join('')}`;
  return out;
}

function newYaml(fields: FieldChanges): string | null {
  const lines = Object.entries(fields).filter(([, v]) => v !== null).map(([k, v]) => fieldLine(k, v));
  return lines.length ? lines.join('') : null;
}

/** `name: value` as YAML, ending with a newline (a list or map takes several lines). */
function fieldLine(name: string, value: unknown): string {
  return stringify({ [name]: value }, { lineWidth: 0 });
}

/** The whole lines a field takes: from its key's line to the end of the line its value ends on. */
function pairSpan(yaml: string, pair: Pair): { start: number; end: number } {
  const keyStart = (pair.key as { range?: [number, number, number] }).range?.[0] ?? 0;
  const valueEnd = (pair.value as { range?: [number, number, number] } | null)?.range?.[1] ?? keyStart;
  const start = yaml.lastIndexOf('\n', keyStart - 1) + 1;
  const newline = yaml.indexOf('\n', Math.max(valueEnd - 1, keyStart));
  return { start, end: newline < 0 ? yaml.length : newline + 1 };
}
