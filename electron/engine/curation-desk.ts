// The curation side of the contract: every write a door asks for (a page written, reviewed or
// archived, a link fixed, notes consolidated, a write undone) goes through one write path
// (curation/write-page.ts), is logged, and is indexed at once; and the log as a viewer may read it.
import path from 'node:path';
import { todayUtc } from '../../shared/clock.ts';
import type { Caller } from '../../shared/caller.ts';
import type { Response, WriteResult } from '../../shared/contract.ts';
import type { Parsed } from '../../shared/dispatch.ts';
import type { Viewer } from '../../shared/viewer.ts';
import type { WriteInput } from './curation/write-page.ts';
import type { IndexRuns } from './index-runs.ts';
import { once } from './module-once.ts';
import type { Store } from './store/store.ts';

const writePageModule = once(() => import('./curation/write-page.ts'));

export interface CurationDeskDeps {
  store: Store;
  runs: Pick<IndexRuns, 'during' | 'landed' | 'leaveBehind'>;
  /** the roots a write may go into */
  writableRoots: () => Promise<string[]>;
  maxFileBytes: number;
}

export class CurationDesk {
  constructor(private readonly deps: CurationDeskDeps) {}

  /** An agent replacing a page's body must name the version it read; a person need not (see write-page.ts). */
  async writePage(r: Parsed<'writePage'>, caller: Caller): Promise<Response<'writePage'>> {
    return this.write({
      key: r.key,
      agent: r.agent ?? null,
      root: r.root,
      path: r.path,
      fields: r.frontmatter ?? {},
      body: r.body,
      actor: r.actor,
      baseHash: r.baseHash,
      baseRequired: caller.kind === 'agent',
      action: 'write',
    });
  }

  reviewPage(r: Parsed<'reviewPage'>, caller: Caller): Promise<Response<'reviewPage'>> {
    return this.stamp(r, caller, 'reviewed', 'review');
  }

  archivePage(r: Parsed<'archivePage'>, caller: Caller): Promise<Response<'archivePage'>> {
    return this.stamp(r, caller, 'archived_since', 'archive');
  }

  /** A review or an archive: today's date in one frontmatter field, on the version the caller read. */
  private stamp(r: Parsed<'reviewPage'> | Parsed<'archivePage'>, caller: Caller, field: 'reviewed' | 'archived_since', action: 'review' | 'archive') {
    return this.write({
      key: r.key,
      agent: r.agent ?? null,
      root: r.root,
      path: r.path,
      fields: { [field]: todayUtc() },
      actor: r.actor,
      baseHash: r.baseHash,
      action,
      curatorAgent: curatorAgent(caller),
    });
  }

  /** Plans in the module; writes each reflection, then archives its notes, through the one write path. */
  async consolidate(r: Parsed<'consolidate'>): Promise<Response<'consolidate'>> {
    const { planConsolidation } = await import('./curation/consolidate.ts');
    const plan = await planConsolidation(this.deps.store, { olderThanDays: r.olderThanDays, today: todayUtc() });
    const groups: Response<'consolidate'>['groups'] = [];
    for (const g of plan.groups) {
      const out = {
        concepts: g.concepts,
        key: g.key,
        agent: g.agent,
        title: g.title,
        tags: g.tags,
        links: g.links,
        notes: g.notes.map(({ key, agent, root, path, date }) => ({ key, agent, root, path, date })),
        sentences: g.sentences,
        body: g.body,
        written: null as WriteResult | null,
        archived: [] as WriteResult[],
      };
      groups.push(out);
      if (r.dryRun) continue;
      const fields = { title: g.title, tier: 'reflection', tags: g.tags, updated: todayUtc() };
      out.written = await this.write({
        key: g.key,
        agent: g.agent,
        root: g.root,
        fields,
        body: g.body,
        actor: r.actor,
        baseHash: null,
        action: 'write',
        detail: `consolidated ${g.notes.length} notes`,
      });
      for (const n of g.notes) {
        out.archived.push(
          await this.write({
            key: n.key,
            agent: n.agent,
            root: n.root,
            path: n.path,
            fields: { archived_since: todayUtc() },
            actor: r.actor,
            action: 'archive',
            detail: `consolidated into ${g.key}`,
          }),
        );
      }
    }
    return { cutoff: plan.cutoff, dryRun: r.dryRun, groups, skipped: plan.skipped };
  }

  /** An agent sees the log of the spaces it reads: another agent's entries name its private pages. */
  async audit(r: Parsed<'audit'>, viewer: Viewer): Promise<Response<'audit'>> {
    const seen = await this.deps.store.pages.filesSeenBy(viewer);
    const { loggedWrites } = await import('./curation/audit-log.ts');
    return { entries: await loggedWrites(this.deps.store, (await this.deps.store.audit.list(r)).filter(seen)) };
  }

  /** An agent's fix (a stub too) is checked where it writes, in write-page.ts: only its own space. */
  async fixLink(r: Parsed<'fixLink'>, caller: Caller): Promise<Response<'fixLink'>> {
    const { planFix } = await import('./curation/link-fix.ts');
    const plan = await planFix(this.deps.store, r);
    if (r.dryRun) return { changes: [plan.change], applied: false, auditId: null };
    const result = await this.write({ ...plan.write, actor: r.actor, curatorAgent: curatorAgent(caller) });
    return { changes: [plan.change], applied: true, auditId: result.auditId };
  }

  async fixLinks(r: Parsed<'fixLinks'>, caller: Caller): Promise<Response<'fixLinks'>> {
    const { planBulk } = await import('./curation/bulk-fix.ts');
    const { plans, skipped } = await planBulk(this.deps.store, r);
    const changes = plans.map((p) => p.change);
    if (r.dryRun) return { changes, applied: false, auditIds: [], skipped };
    const auditIds: number[] = [];
    // one file at a time, each through the write path: what landed stays landed if a later one is refused
    for (const plan of plans) auditIds.push((await this.write({ ...plan.write, actor: r.actor, curatorAgent: curatorAgent(caller) })).auditId);
    return { changes, applied: true, auditIds, skipped };
  }

  async suggestTargets(r: Parsed<'suggestTargets'>): Promise<Response<'suggestTargets'>> {
    const { targetSuggester } = await import('./curation/suggest.ts');
    const suggest = await targetSuggester(this.deps.store, r.agent ?? null);
    const context = new Map((r.context ?? []).map((c) => [c.target, c]));
    return { suggestions: r.targets.map((target) => ({ target, pages: suggest(target, r.limit, context.get(target)) })) };
  }

  undo(r: Parsed<'undo'>): Promise<Response<'undo'>> {
    return this.deps.runs.during(async () => {
      const { undoWrite } = await import('./curation/undo.ts');
      const result = await undoWrite(this.deps.store, await this.deps.writableRoots(), r.id, r.actor);
      return result.outcome === 'undone' ? this.indexLanded(result) : result;
    });
  }

  /** Every write goes here: validated and logged by writePage, then the page is indexed at once (the drain of mentions waits for it: IndexRuns.during). */
  write(input: WriteInput): Promise<WriteResult> {
    return this.deps.runs.during(async () => {
      const { writePage } = await writePageModule();
      return this.indexLanded(await writePage(this.deps.store, await this.deps.writableRoots(), input, this.deps.maxFileBytes));
    });
  }

  /**
   * Indexes a page whose file is in place and whose audit entry is committed: the write has
   * happened, so what fails now is the index falling behind, not the write (an agent told the
   * write failed would write it again). The page waits for the next run; a notice says so.
   */
  private async indexLanded<R extends { root: string; path: string }>(result: R): Promise<R & { notice?: string }> {
    const file = path.join(result.root, result.path);
    try {
      await this.deps.runs.landed([file]);
      return result;
    } catch (err) {
      this.deps.runs.leaveBehind(file);
      return {
        ...result,
        notice: `written, but indexing it did not finish (${(err as Error).message}); the next indexing run retries it: do not write it again`,
      };
    }
  }
}

/** The agent whose curation is limited to its own space; undefined for a person, who curates everything. */
function curatorAgent(caller: Caller): string | undefined {
  return caller.kind === 'agent' ? caller.agent : undefined;
}
