// Reads a BEIR-format test collection, checking every line: a bad line is named (file:line)
// and skipped, so one stray line does not void a whole evaluation.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import type { Qrels } from './metrics.ts';

export interface BeirDoc {
  id: string;
  title: string;
  text: string;
}
export interface BeirQuery {
  id: string;
  text: string;
}
export interface BeirSet {
  docs: BeirDoc[];
  queries: BeirQuery[];
  qrels: Qrels;
  problems: string[];
  /** Identifies the corpus file's content, to reuse an index built from it. */
  corpusHash: string;
}

const Doc = z.object({ _id: z.union([z.string(), z.number()]).transform(String), title: z.string().default(''), text: z.string() });
const Query = z.object({ _id: z.union([z.string(), z.number()]).transform(String), text: z.string() });

function readLines(file: string, what: string): string[] {
  try {
    return fs.readFileSync(file, 'utf8').split(/\r?\n/);
  } catch (err) {
    throw new Error(`cannot read the ${what} file ${file}: ${(err as Error).message}`);
  }
}

function jsonl<T>(file: string, what: string, schema: z.ZodType<T>, problems: string[]): T[] {
  const out: T[] = [];
  readLines(file, what).forEach((line, i) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      problems.push(`${file}:${i + 1}: not JSON (${(err as Error).message}); skipped`);
      return;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) out.push(parsed.data);
    else problems.push(`${file}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.') || 'line'}: ${x.message}`).join('; ')}; skipped`);
  });
  return out;
}

export function loadBeir(paths: { corpus: string; queries: string; qrels: string }): BeirSet {
  const problems: string[] = [];
  const docs = jsonl(paths.corpus, 'corpus', Doc, problems).map((d) => ({ id: d._id, title: d.title, text: d.text }));
  const queries = jsonl(paths.queries, 'queries', Query, problems).map((q) => ({ id: q._id, text: q.text }));
  const qrels: Qrels = new Map();
  readLines(paths.qrels, 'qrels').forEach((line, i) => {
    if (!line.trim() || (i === 0 && /query-id/i.test(line))) return;
    const [q, d, s] = line.split('\t');
    const score = Number(s);
    if (!q || !d || s === undefined || !Number.isFinite(score)) {
      problems.push(`${paths.qrels}:${i + 1}: expected "query-id<TAB>corpus-id<TAB>score"; skipped`);
      return;
    }
    if (!qrels.has(q)) qrels.set(q, new Map());
    qrels.get(q)!.set(d, score);
  });
  if (docs.length === 0) throw new Error(`the corpus ${paths.corpus} has no usable documents`);
  const judged = queries.filter((q) => qrels.has(q.id));
  if (judged.length === 0) throw new Error(`no query in ${paths.queries} has a judgement in ${paths.qrels}`);
  const corpusHash = crypto.createHash('sha1').update(fs.readFileSync(paths.corpus)).digest('hex').slice(0, 16);
  return { docs, queries: judged, qrels, problems, corpusHash };
}

export const QUERY_SPLITS = ['all', 'tune', 'heldout'] as const;
export type QuerySplit = (typeof QUERY_SPLITS)[number];

/**
 * Which half a query belongs to, by its id so that no file order moves a query between halves:
 * a decimal id by its parity (even ids tune, odd ids are held out), any other id by the parity
 * of its FNV-1a hash. Every tune/held-out figure in Cairn (`cairn eval --split`, the two folds
 * of `cairn eval --tune`, the model probes in build/model/) uses this one rule.
 */
export function inTuneHalf(id: string): boolean {
  if (/^\d+$/.test(id)) return Number(id.at(-1)) % 2 === 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h & 1) === 0;
}

/** Deterministic halves of the queries: tune on one, report the other as held out. */
export function splitQueries<Q extends { id: string }>(queries: Q[], split: QuerySplit): Q[] {
  if (split === 'all') return queries;
  return queries.filter((q) => inTuneHalf(q.id) === (split === 'tune'));
}
