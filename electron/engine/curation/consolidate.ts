// Consolidation: old raw and daily notes, grouped by the concepts they share, each group becoming one
// `reflection` page made of its notes' most information-dense sentences (extractive: each sentence
// scored by the rarity of its words within the group, no language model), every sentence followed by
// a provenance comment `<!-- from: PATH#LLINE -->` naming its note and line. This module only plans;
// the engine writes the pages and archives the notes through the one write path.
import fs from 'node:fs';
import path from 'node:path';
import { addDays } from '../../../shared/clock.ts';
import { normalForm, normalWords } from '../concepts/words.ts';
import { editPage } from './frontmatter-edit.ts';
import type { NoteCandidate } from '../store/pages.ts';
import type { Store } from '../store/store.ts';

export interface ConsolidateOptions {
  olderThanDays: number;
  /** 'YYYY-MM-DD', today's UTC date (clock.ts). */
  today: string;
}

export interface PlannedSentence {
  text: string;
  from: string;
  line: number;
}

export interface PlannedNote {
  key: string;
  agent: string | null;
  root: string;
  path: string;
  date: string;
}

export interface PlannedGroup {
  concepts: string[];
  key: string;
  agent: string | null;
  /** The root the reflection goes to: its first note's. */
  root: string;
  title: string;
  tags: string[];
  links: string[];
  notes: PlannedNote[];
  sentences: PlannedSentence[];
  body: string;
}

export interface ConsolidationPlan {
  cutoff: string;
  groups: PlannedGroup[];
  skipped: { key: string; reason: string }[];
}

type NoteRow = NoteCandidate;

interface Note extends PlannedNote {
  id: number;
  title: string;
  tags: string[];
  concepts: Set<string>;
  /** The concepts its prose mentions (not only its tags): they name a group first. */
  mentioned: Set<string>;
  sentences: PlannedSentence[];
}

const DATE_NAME = /^(\d{4}-\d{2}-\d{2})(?!\d)/;
/** Most sentences a reflection keeps beyond each note's best one. */
const MAX_SENTENCES = 12;

/** A note's date: the date its file or key is named by, else its `updated` field. */
function noteDate(row: NoteRow): string | null {
  const named = DATE_NAME.exec(path.posix.basename(row.rel))?.[1] ?? DATE_NAME.exec(path.posix.basename(row.key))?.[1];
  if (named) return named;
  const updated = row.updated?.slice(0, 10);
  return updated && /^\d{4}-\d{2}-\d{2}$/.test(updated) ? updated : null;
}

const isDaily = (row: NoteRow) => DATE_NAME.test(path.posix.basename(row.rel)) || DATE_NAME.test(path.posix.basename(row.key));

/** Paths cited by the provenance of reflections: notes consolidated already. */
async function citedPaths(store: Store): Promise<Set<string>> {
  return new Set((await store.pages.reflectionSources()).map((from) => from.replace(/#L\d+$/, '')));
}

export async function planConsolidation(store: Store, opts: ConsolidateOptions): Promise<ConsolidationPlan> {
  const cutoff = addDays(opts.today, -opts.olderThanDays);
  const rows = await store.pages.noteCandidates();
  const cited = await citedPaths(store);
  const skipped: ConsolidationPlan['skipped'] = [];
  const notes: Note[] = [];
  for (const row of rows) {
    if (row.tier !== 'raw' && !isDaily(row)) continue;
    const date = noteDate(row);
    if (!date || date >= cutoff) continue;
    if (cited.has(row.rel)) {
      skipped.push({ key: row.key, reason: 'already cited by a reflection' });
      continue;
    }
    const sentences = readSentences(path.join(row.root, row.rel), row.rel, opts.today);
    if (!sentences.length) {
      skipped.push({ key: row.key, reason: 'no sentences' });
      continue;
    }
    notes.push({
      id: row.id,
      key: row.key,
      agent: row.agent,
      root: row.root,
      path: row.rel,
      date,
      title: row.title,
      tags: JSON.parse(row.tags) as string[],
      concepts: new Set(),
      mentioned: new Set(),
      sentences,
    });
  }
  await attachConcepts(store, notes);
  const groups: PlannedGroup[] = [];
  // a group stays in one root and one space: its provenance paths are relative to the reflection's root
  const byAgent = new Map<string, Note[]>();
  for (const n of notes) byAgent.set(`${n.root}\0${n.agent ?? ''}`, [...(byAgent.get(`${n.root}\0${n.agent ?? ''}`) ?? []), n]);
  const taken = new Set(await store.pages.keysLower());
  for (const group of [...byAgent.values()].flatMap(components)) {
    if (group.notes.length < 2) {
      skipped.push({ key: group.notes[0]!.key, reason: 'shares no concept with another old note' });
      continue;
    }
    groups.push(await buildGroup(store, group.notes, group.shared, taken));
  }
  return { cutoff, groups, skipped };
}

/** Each note's concepts: those its prose mentions and those its tags and aliases name, but not its own
 * key or title (every daily note names its own date), nor dates. */
async function attachConcepts(store: Store, notes: Note[]): Promise<void> {
  const own = new Set(notes.flatMap((n) => [normalForm(n.key), normalForm(path.posix.basename(n.key)), normalForm(n.title)]));
  for (const n of notes) {
    const keep = (c: string) => c !== '' && !own.has(c) && !/^\d[\d ]*$/.test(c);
    for (const c of await store.concepts.mentionedBy(n.id)) {
      if (!keep(c)) continue;
      n.concepts.add(c);
      n.mentioned.add(c);
    }
    for (const c of await store.concepts.taggedBy(n.id)) if (keep(c)) n.concepts.add(c);
  }
}

/** Connected components of notes sharing a concept; a concept carried by most notes of many (a hub like
 * a `daily` tag) joins nothing. Each component with the concepts shared inside it, most shared first. */
function components(notes: Note[]): { notes: Note[]; shared: string[] }[] {
  const carriers = new Map<string, Note[]>();
  for (const n of notes) for (const c of n.concepts) carriers.set(c, [...(carriers.get(c) ?? []), n]);
  const hub = (c: string) => notes.length >= 6 && carriers.get(c)!.length > notes.length / 2;
  const parent = new Map<Note, Note>(notes.map((n) => [n, n]));
  const find = (n: Note): Note => (parent.get(n) === n ? n : find(parent.get(n)!));
  for (const [c, ns] of carriers) {
    if (ns.length < 2 || hub(c)) continue;
    for (const n of ns.slice(1)) parent.set(find(n), find(ns[0]!));
  }
  const out = new Map<Note, Note[]>();
  for (const n of notes) out.set(find(n), [...(out.get(find(n)) ?? []), n]);
  return [...out.values()].map((ns) => {
    const count = new Map<string, number>();
    const prose = new Map<string, number>();
    for (const n of ns) for (const c of n.concepts) count.set(c, (count.get(c) ?? 0) + 1);
    for (const n of ns) for (const c of n.mentioned) prose.set(c, (prose.get(c) ?? 0) + 1);
    const rank = (c: string) => [count.get(c)!, prose.get(c) ?? 0];
    const shared = [...count.keys()]
      .filter((c) => count.get(c)! >= 2 && !hub(c))
      .sort((a, b) => rank(b)[0]! - rank(a)[0]! || rank(b)[1]! - rank(a)[1]! || a.localeCompare(b));
    return { notes: [...ns].sort((a, b) => a.date.localeCompare(b.date) || a.key.localeCompare(b.key)), shared };
  });
}

async function buildGroup(store: Store, notes: Note[], shared: string[], taken: Set<string>): Promise<PlannedGroup> {
  const main: string[] = [];
  for (const c of shared.slice(0, 2)) main.push((await store.concepts.nameOf(c)) ?? c);
  const first = notes[0]!.date;
  const last = notes[notes.length - 1]!.date;
  const title = `${main.join(' and ')}: notes ${first === last ? first : `${first} to ${last}`}`;
  const slug = normalForm(main.join(' ')).replaceAll(' ', '-').slice(0, 60) || 'notes';
  const agent = notes[0]!.agent;
  const base = `consolidated-${slug}-${first}-to-${last}`;
  let key = base;
  for (let i = 2; taken.has(key.toLowerCase()); i++) key = `${base}-${i}`;
  taken.add(key.toLowerCase());
  const links = await conceptPages(store, shared, new Set(notes.map((n) => n.id)), agent);
  const tags = [...new Set(notes.flatMap((n) => n.tags))].sort();
  const sentences = pickSentences(notes);
  const body = [
    `# ${title}`,
    '',
    `Consolidated from ${notes.length} notes (${first} to ${last})${links.length ? ` on ${links.map((k) => `[[${k}]]`).join(', ')}` : ''}; the originals are archived, each sentence names its source.`,
    '',
    ...sentences.map((s) => `- ${s.text} <!-- from: ${s.from}#L${s.line} -->`),
    '',
  ].join('\n');
  return {
    concepts: main,
    key,
    agent,
    root: notes[0]!.root,
    title,
    tags,
    links,
    notes: notes.map(({ key, agent, root, path, date }) => ({ key, agent, root, path, date })),
    sentences,
    body,
  };
}

/** Keys of the pages that name the group's concepts by key, title or alias (not the notes themselves, not
 * archived pages, and in the shared space or the agent's own). */
async function conceptPages(store: Store, concepts: string[], notes: Set<number>, agent: string | null): Promise<string[]> {
  const out: string[] = [];
  for (const c of concepts) {
    const page = (await store.concepts.pagesNaming(c)).find((p) => !notes.has(p.id) && (p.agent === null || p.agent === agent));
    if (page && !out.includes(page.key)) out.push(page.key);
  }
  return out;
}

/** Every note's best sentence, then the best of the rest up to MAX_SENTENCES, in the notes' order. */
function pickSentences(notes: Note[]): PlannedSentence[] {
  const all = notes.flatMap((n, ni) => n.sentences.map((s, si) => ({ s, ni, si, words: [...new Set(normalWords(s.text))] })));
  const df = new Map<string, number>();
  for (const x of all) for (const w of x.words) df.set(w, (df.get(w) ?? 0) + 1);
  const score = new Map(
    all.map((x) => [x, x.words.reduce((sum, w) => sum + Math.log(1 + all.length / df.get(w)!), 0) / Math.sqrt(Math.max(4, x.words.length))]),
  );
  const ranked = [...all].sort((a, b) => score.get(b)! - score.get(a)! || a.ni - b.ni || a.si - b.si);
  const chosen = new Set<(typeof all)[number]>();
  for (let ni = 0; ni < notes.length; ni++) chosen.add(ranked.find((x) => x.ni === ni)!);
  for (const x of ranked) if (chosen.size < Math.max(notes.length, MAX_SENTENCES)) chosen.add(x);
  return [...chosen].sort((a, b) => a.ni - b.ni || a.si - b.si).map((x) => x.s);
}

/** A note's sentences with their file lines: prose lines outside frontmatter, code and headings, links
 * reduced to their text (a copied broken link would be refused by the write path), split at sentence ends.
 * With `archivedOn`, the lines are those of the file once archived that day (archiving may add frontmatter
 * lines above the body), so that the provenance written before the archive points at the right line. */
export function readSentences(abs: string, rel: string, archivedOn?: string): PlannedSentence[] {
  let text: string;
  try {
    text = fs.readFileSync(abs, 'utf8');
    if (archivedOn) text = editPage(text.replace(/^\ufeff/, ''), { archived_since: archivedOn });
  } catch {
    return [];
  }
  const lines = text.replace(/^\ufeff/, '').split(/\r?\n/);
  let i = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.findIndex((l, j) => j > 0 && (l.trim() === '---' || l.trim() === '...'));
    if (end > 0) i = end + 1;
  }
  const out: PlannedSentence[] = [];
  let fence: string | null = null;
  let comment = false;
  for (; i < lines.length; i++) {
    const raw = lines[i]!;
    const t = raw.trim();
    const f = /^(`{3,}|~{3,})/.exec(t)?.[1];
    if (fence) {
      if (f && f[0] === fence[0] && f.length >= fence.length) fence = null;
      continue;
    }
    if (f) {
      fence = f;
      continue;
    }
    if (comment) {
      if (t.includes('-->')) comment = false;
      continue;
    }
    if (t.startsWith('<!--') && !t.includes('-->')) {
      comment = true;
      continue;
    }
    if (!t || t.startsWith('#') || t.startsWith('|') || /^[-*_]{3,}$/.test(t) || /^ {4}|^\t/.test(raw)) continue;
    const prose = t
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/^(>\s*)+/, '')
      .replace(/^([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '')
      .replace(/!?\[\[([^\]|#]*)(#[^\]|]*)?(\|([^\]]*))?\]\]/g, (_m, target: string, _a, _p, label: string | undefined) => label ?? target)
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
    for (const s of prose.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/)) {
      if (normalWords(s).length >= 2) out.push({ text: s.trim(), from: rel, line: i + 1 });
    }
  }
  return out;
}
