// The names a page gives concepts: its tags, its key, its title and its frontmatter `aliases`
// (`alias`), each with its normal form. A name that cannot be a concept is left out: no words,
// only digits and punctuation (dates, numbers), a single letter, or more than six words (a title
// that is a sentence is not a concept anyone writes out again).
import type { NameSource } from '../store/concepts.ts';
import { normalForm } from './words.ts';

export type { NameSource };

export interface ConceptName {
  source: NameSource;
  name: string;
  norm: string;
}

export const MAX_CONCEPT_WORDS = 6;

/** The normal form of a name, or null when it cannot be a concept. */
export function conceptForm(name: string): string | null {
  const norm = normalForm(name);
  if (norm.length < 2 || !/\p{L}/u.test(norm)) return null;
  if (norm.split(' ').length > MAX_CONCEPT_WORDS) return null;
  return norm;
}

function listOf(value: unknown): string[] {
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (Array.isArray(value))
    return value
      .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
      .map((v) => String(v).trim())
      .filter(Boolean);
  return [];
}

/** `page`: what the parser made of it (ingest/parse/page.ts), of which only these fields name concepts. */
export function conceptNames(key: string, page: { tags: readonly string[]; title: string; frontmatter: Record<string, unknown> }): ConceptName[] {
  const out: ConceptName[] = [];
  const seen = new Set<string>();
  const add = (source: NameSource, name: string) => {
    const norm = conceptForm(name);
    if (norm === null || seen.has(`${source}\0${norm}`)) return;
    seen.add(`${source}\0${norm}`);
    out.push({ source, name: name.trim(), norm });
  };
  for (const t of page.tags) add('tag', t.replace(/\//g, ' '));
  add('key', key);
  add('title', page.title);
  for (const a of [...listOf(page.frontmatter['aliases']), ...listOf(page.frontmatter['alias'])]) add('alias', a);
  return out;
}
