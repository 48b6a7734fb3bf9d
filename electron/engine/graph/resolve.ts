// Link resolution, the way Obsidian does it: by key case-insensitively (an agent's own page
// shadowing the global one), by vault path for `[[folder/key]]`, relative to the file for
// markdown links; attachments count as targets when the file exists.
import fs from 'node:fs';
import path from 'node:path';
import type { BrokenReason, LinkKind } from '../../../shared/page.ts';
import { anchorMatches } from '../../../shared/markdown/anchors.ts';
import { inSpacesOf } from '../../../shared/viewer.ts';
import type { FileNode, GraphLookup, PageNode } from './lookup.ts';

export interface Resolution {
  targetPageId: number | null;
  targetFileId: number | null;
  external: string | null;
  reason: BrokenReason | null;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const MISSING: Resolution = { targetPageId: null, targetFileId: null, external: null, reason: 'missing-page' };

/**
 * The key a link's answer depends on: a page whose key is this (lowercased), or an attachment with
 * this file name. When a page or file with that key appears, changes or goes, the link is resolved
 * again; '' for links that depend on no other page (a page's own headings, `sources` outside the wiki).
 * A markdown link's key is the last name of the path it leads to from its page (`..` included).
 */
export function targetKey(kind: LinkKind, target: string, fromRelPath: string): string {
  const t = target.trim();
  if (kind === 'source' || t === '') return '';
  const name = kind === 'markdown' ? path.posix.basename(path.posix.join(path.posix.dirname(fromRelPath), t)) : t.slice(t.lastIndexOf('/') + 1);
  return name.toLowerCase().replace(/\.md$/, '');
}

export class Resolver {
  private sourceCache = new Map<string, string | null>();

  constructor(private index: GraphLookup) {}

  async resolve(from: PageNode, kind: LinkKind, target: string, anchor: string | null): Promise<Resolution> {
    if (kind === 'source') return this.resolveSource(from, target);
    if (kind !== 'markdown') return (await this.answer(await this.wikiTarget(from, target), () => this.wikiFile(from, target), anchor)) ?? MISSING;
    // Obsidian: a markdown link whose relative path leads nowhere is found by its file name, like a wikilink
    const name = path.posix.basename(target.trim());
    return (
      (await this.answer(await this.markdownTarget(from, target), () => this.markdownFile(from, target), anchor)) ??
      (name && name !== '.' && name !== '..' ? await this.answer(await this.wikiTarget(from, name), () => this.wikiFile(from, name), anchor) : null) ??
      MISSING
    );
  }

  /** A page (its anchor checked) or else an attachment (a `#fragment` on a file is not a heading); null for neither. */
  private async answer(page: PageNode | null, file: () => Promise<FileNode | null>, anchor: string | null): Promise<Resolution | null> {
    if (page)
      return {
        targetPageId: page.id,
        targetFileId: null,
        external: null,
        reason: anchorMatches(anchor, page.headings, page.blockIds) ? null : 'missing-anchor',
      };
    const f = await file();
    return f ? { targetPageId: null, targetFileId: f.id, external: null, reason: null } : null;
  }

  private async wikiTarget(from: PageNode, target: string): Promise<PageNode | null> {
    if (target.trim() === '') return from;
    const t = target
      .trim()
      .toLowerCase()
      .replace(/^\.?\//, '')
      .replace(/\.md$/, '');
    const candidates = t.includes('/') ? [...(await this.index.pagesByPath(t)), ...(await this.pathSuffixMatches(t))] : await this.index.pagesByKey(t);
    return pickVisible(from, candidates);
  }

  private async pathSuffixMatches(t: string): Promise<PageNode[]> {
    const key = t.slice(t.lastIndexOf('/') + 1);
    return (await this.index.pagesByKey(key)).filter((p) => p.relPath.toLowerCase().replace(/\.md$/, '').endsWith(`/${t}`));
  }

  private async wikiFile(from: PageNode, target: string): Promise<FileNode | null> {
    const t = target
      .trim()
      .toLowerCase()
      .replace(/^\.?\//, '');
    if (t.includes('/')) return pickClosestFile(from, await this.index.filesByPath(t)) ?? pickClosestFile(from, await this.index.filesByPathSuffix(t));
    return pickClosestFile(from, await this.index.filesByName(t));
  }

  private markdownPath(from: PageNode, target: string): string {
    const t = target.trim();
    const joined = t.startsWith('/') ? t.slice(1) : path.posix.join(path.posix.dirname(from.relPath), t);
    return path.posix.normalize(joined).toLowerCase();
  }

  private async markdownTarget(from: PageNode, target: string): Promise<PageNode | null> {
    if (target.trim() === '') return from;
    const p = this.markdownPath(from, target).replace(/\.md$/, '');
    return (await this.index.pagesByPath(p)).find((n) => n.rootId === from.rootId) ?? null;
  }

  private async markdownFile(from: PageNode, target: string): Promise<FileNode | null> {
    const p = this.markdownPath(from, target);
    return (await this.index.filesByPath(p)).find((f) => f.rootId === from.rootId) ?? null;
  }

  /** Sources point outside the wiki: URLs are taken as given; paths must exist beside the wiki. */
  private resolveSource(from: PageNode, target: string): Resolution {
    const t = target.trim();
    if (SCHEME.test(t)) return { targetPageId: null, targetFileId: null, external: t, reason: null };
    const found = this.findSourceFile(from, t);
    return { targetPageId: null, targetFileId: null, external: found, reason: found ? null : 'missing-page' };
  }

  private findSourceFile(from: PageNode, t: string): string | null {
    const cacheKey = `${from.rootPath}\0${path.posix.dirname(from.relPath)}\0${t}`;
    if (this.sourceCache.has(cacheKey)) return this.sourceCache.get(cacheKey)!;
    const bases = [path.join(from.rootPath, path.dirname(from.relPath)), ...ancestors(from.rootPath)];
    const hit = bases.map((b) => path.resolve(b, t)).find((p) => fs.existsSync(p)) ?? null;
    this.sourceCache.set(cacheKey, hit);
    return hit;
  }
}

/**
 * Which of several pages a key means, as Obsidian chooses: an agent's own page first (shadowing),
 * then one in the linking page's root, then the one closest to the linking page (fewest folders
 * between them), then the shortest path; never the order rows were written in.
 */
function pickVisible(from: PageNode, candidates: PageNode[]): PageNode | null {
  return pickBest(
    candidates.filter((c) => inSpacesOf(from.agent, c)),
    (c) => [c.scope === 'user' ? 0 : 1, c.rootId === from.rootId ? 0 : 1, folderDistance(from.relPath, c.relPath), c.relPath.length, c.relPath, c.rootPath],
  );
}

/** The same choice among attachments of one name. */
function pickClosestFile(from: PageNode, files: FileNode[]): FileNode | null {
  return pickBest(files, (f) => [
    f.rootId === from.rootId ? 0 : 1,
    folderDistance(from.relPath.toLowerCase(), f.relLower),
    f.relLower.length,
    f.relLower,
    f.id,
  ]);
}

type Rank = (number | string)[];

function pickBest<T>(items: T[], rankOf: (item: T) => Rank): T | null {
  let best: T | null = null;
  let bestRank: Rank | null = null;
  for (const item of items) {
    const rank = rankOf(item);
    if (!bestRank || compareRank(rank, bestRank) < 0) {
      best = item;
      bestRank = rank;
    }
  }
  return best;
}

function compareRank(a: Rank, b: Rank): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return 0;
}

/** Folders to go up from one file's folder and down to the other's. */
function folderDistance(fromFile: string, toFile: string): number {
  const a = path.posix
    .dirname(fromFile)
    .split('/')
    .filter((p) => p !== '.');
  const b = path.posix
    .dirname(toFile)
    .split('/')
    .filter((p) => p !== '.');
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return a.length - common + (b.length - common);
}

/** The root itself and the folders above it, nearest first: where a page's `sources:` paths may live. */
function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    out.push(d);
    if (path.dirname(d) === d) return out;
  }
}
