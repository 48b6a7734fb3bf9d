// Link resolution, the way Obsidian does it: by key case-insensitively (an agent's own page
// shadowing the global one), by vault path for `[[folder/key]]`, relative to the file for
// markdown links; attachments count as targets when the file exists.
import fs from 'node:fs';
import path from 'node:path';
import type { BrokenReason, LinkKind } from '../../../shared/page.ts';
import { anchorMatches } from '../../../shared/markdown/anchors.ts';
import type { FileNode, GraphLookup, PageNode } from './lookup.ts';

export interface Resolution {
  targetPageId: number | null;
  targetFileId: number | null;
  external: string | null;
  reason: BrokenReason | null;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

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

  resolve(from: PageNode, kind: LinkKind, target: string, anchor: string | null): Resolution {
    if (kind === 'source') return this.resolveSource(from, target);
    const page = kind === 'markdown' ? this.markdownTarget(from, target) : this.wikiTarget(from, target);
    if (page) {
      const anchorOk = anchorMatches(anchor, page.headings, page.blockIds);
      return { targetPageId: page.id, targetFileId: null, external: null, reason: anchorOk ? null : 'missing-anchor' };
    }
    const file = kind === 'markdown' ? this.markdownFile(from, target) : this.wikiFile(target);
    if (file) return { targetPageId: null, targetFileId: file.id, external: null, reason: null };
    return { targetPageId: null, targetFileId: null, external: null, reason: 'missing-page' };
  }

  private wikiTarget(from: PageNode, target: string): PageNode | null {
    if (target.trim() === '') return from;
    const t = target.trim().toLowerCase().replace(/^\.?\//, '').replace(/\.md$/, '');
    const candidates = t.includes('/') ? [...this.index.pagesByPath(t), ...this.pathSuffixMatches(t)] : this.index.pagesByKey(t);
    return pickVisible(from, candidates);
  }

  private pathSuffixMatches(t: string): PageNode[] {
    const key = t.slice(t.lastIndexOf('/') + 1);
    return this.index.pagesByKey(key).filter((p) => p.relPath.toLowerCase().replace(/\.md$/, '').endsWith(`/${t}`));
  }

  private wikiFile(target: string): FileNode | null {
    const t = target.trim().toLowerCase().replace(/^\.?\//, '');
    if (t.includes('/')) return this.index.filesByPath(t)[0] ?? this.index.filesByPathSuffix(t)[0] ?? null;
    return this.index.filesByName(t)[0] ?? null;
  }

  private markdownPath(from: PageNode, target: string): string {
    const t = target.trim();
    const joined = t.startsWith('/') ? t.slice(1) : path.posix.join(path.posix.dirname(from.relPath), t);
    return path.posix.normalize(joined).toLowerCase();
  }

  private markdownTarget(from: PageNode, target: string): PageNode | null {
    if (target.trim() === '') return from;
    const p = this.markdownPath(from, target).replace(/\.md$/, '');
    return this.index.pagesByPath(p).find((n) => n.rootId === from.rootId) ?? null;
  }

  private markdownFile(from: PageNode, target: string): FileNode | null {
    const p = this.markdownPath(from, target);
    return this.index.filesByPath(p).find((f) => f.rootId === from.rootId) ?? null;
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

/** An agent sees its own pages first (shadowing), then global ones; a page of the linking page's
 * own root before another root's; then the shortest path; never the order rows were written in. */
function pickVisible(from: PageNode, candidates: PageNode[]): PageNode | null {
  let best: PageNode | null = null;
  let bestRank: Rank | null = null;
  for (const c of candidates) {
    if (c.scope === 'user' && c.agent !== from.agent) continue;
    const rank: Rank = [c.scope === 'user' ? 0 : 1, c.rootId === from.rootId ? 0 : 1, c.relPath.length, c.relPath, c.rootPath];
    if (!bestRank || compareRank(rank, bestRank) < 0) {
      best = c;
      bestRank = rank;
    }
  }
  return best;
}

type Rank = [number, number, number, string, string];

function compareRank(a: Rank, b: Rank): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return 0;
}

/** The root itself and the folders above it, nearest first: where a page's `sources:` paths may live. */
function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    out.push(d);
    if (path.dirname(d) === d) return out;
  }
}
