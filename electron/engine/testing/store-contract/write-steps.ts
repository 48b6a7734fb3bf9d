// The contract's writes, after the reads: a page created, updated from the hash read, refused on
// a stale hash or a missing link; reviewed, archived; broken links fixed one and many at a time;
// undone, and an undo blocked by a later write; the audit log of all of it.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { WriteResult } from '../../../../shared/contract.ts';
import type { Page } from '../../../../shared/page.ts';
import { CairnError } from '../../../../shared/errors.ts';
import type { PendingRematch } from '../../store/concepts.ts';
import { daysAgo } from './contract-wiki.ts';
import { PAGE_READ } from './read-steps.ts';
import { step, type Run, type Step } from './scenario.ts';

/** A refusal as an answer: its code and its words. */
const refusal = (p: Promise<unknown>): Promise<{ code: string; message: string } | 'written'> =>
  p.then(
    () => 'written' as const,
    (err: unknown) => ({ code: err instanceof CairnError ? err.code : 'thrown', message: (err as Error).message }),
  );

/** The file as the step left it: the checks run after the whole scenario, when it may have changed again. */
const fileNow = (run: Run, rel: string) => (fs.existsSync(path.join(run.fx.root, rel)) ? fs.readFileSync(path.join(run.fx.root, rel), 'utf8') : null);

const FIRST = 'writePage updates a page from the hash read';
const SECOND = 'writePage again, from the hash the last write gave';
const STUB = 'fixLinks makes a stub for a missing target';
const written = (run: Run, s: string) => run.answer<WriteResult>(s);

export const writeSteps: Step[] = [
  step(
    "writePage creates a page in the agent's space",
    (e) =>
      e.writePage({
        key: 'token-refresh',
        agent: 'scout',
        frontmatter: { summary: 'How tokens refresh', tags: ['security'] },
        body: '# Token refresh\n\nRefresh tokens rotate like [[rotation]].\n',
        actor: 'scout',
        baseHash: null,
      }),
    (r) => {
      expect(r).toMatchObject({ key: 'token-refresh', path: 'user/scout/token-refresh.md', created: true, hashBefore: null });
    },
  ),
  step(
    'the page written is found at once',
    (e) => e.search({ query: 'refresh tokens rotate', mode: 'lexical', filters: { agent: 'scout' } }),
    (r) => {
      expect(r.results[0]!.path).toBe('user/scout/token-refresh.md');
    },
  ),
  step(
    FIRST,
    (e, run) => e.writePage({ key: 'bm25', frontmatter: { summary: 'How BM25 scores' }, actor: 'alice', baseHash: run.answer<Page>(PAGE_READ).hash }),
    (r, run) => {
      expect(r).toMatchObject({ created: false, hashBefore: run.answer<Page>(PAGE_READ).hash });
    },
  ),
  step(
    SECOND,
    (e, run) => e.writePage({ key: 'bm25', frontmatter: { reviewed: daysAgo(1) }, actor: 'bob', baseHash: written(run, FIRST).hashAfter }),
    (r) => {
      expect(r.created).toBe(false);
    },
  ),
  step(
    "writePage refused on a hash that is not the file's",
    (e) => refusal(e.writePage({ key: 'bm25', body: '# Lost', actor: 'alice', baseHash: '0'.repeat(40) })),
    (r) => {
      expect(r).toMatchObject({ code: 'conflict' });
    },
  ),
  step(
    'writePage refused when it links to pages that do not exist',
    async (e, run) => ({
      refused: await refusal(e.writePage({ key: 'ghostly', body: '[[phantom]] ![[missing.png]]', actor: 'alice' })),
      file: fileNow(run, 'ghostly.md'),
    }),
    (r) => {
      expect(r).toMatchObject({ refused: { code: 'missing-refs', message: expect.stringContaining('phantom, missing.png') }, file: null });
    },
  ),
  step(
    'reviewPage marks a page reviewed today',
    async (e, run) => ({ written: await e.reviewPage({ key: 'hub', actor: 'alice' }), file: fileNow(run, 'global/ops/hub.md') }),
    (r) => {
      expect(r.written.created).toBe(false);
      expect(r.file).toContain(`reviewed: ${daysAgo(0)}`);
    },
  ),
  step(
    'archivePage retires a page, never deleting it',
    async (e, run) => ({ written: await e.archivePage({ key: 'orphan', actor: 'alice' }), file: fileNow(run, 'global/orphan.md') }),
    (r) => {
      expect(r.written.path).toBe('global/orphan.md');
      expect(r.file).toContain(`archived_since: ${daysAgo(0)}`);
    },
  ),
  step(
    'stalePages after the review: what a review clears is gone',
    (e) => e.stalePages({}),
    (r) => {
      expect(r.pages.map((p) => [p.key, p.reasons.map((x) => x.kind)])).toEqual([
        ['hub', ['source-missing', 'links-archived']],
        ['fusion', ['not-reviewed']],
      ]);
    },
  ),
  step(
    'fixLink, dry run: the line change only',
    (e) => e.fixLink({ key: 'rotation', line: 9, target: 'fuzion', action: 'retarget', to: 'fusion', dryRun: true, actor: 'alice' }),
    (r) => {
      expect(r).toMatchObject({
        applied: false,
        auditId: null,
        changes: [{ path: 'global/ops/rotation.md', lines: [{ line: 9, after: expect.stringContaining('[[fusion]]') }] }],
      });
    },
  ),
  step(
    'fixLink retargets a broken link',
    (e) => e.fixLink({ key: 'rotation', line: 9, target: 'fuzion', action: 'retarget', to: 'fusion', actor: 'alice' }),
    (r) => {
      expect(r).toMatchObject({ applied: true, auditId: expect.any(Number) });
    },
  ),
  step(
    STUB,
    (e, run) =>
      e.fixLinks({
        action: 'stub',
        links: [{ key: 'rotation', root: run.fx.root, path: 'global/ops/rotation.md', line: 9, target: 'vault keys', kind: 'wikilink' }],
        actor: 'alice',
      }),
    (r) => {
      expect(r).toMatchObject({ applied: true, skipped: [], changes: [{ created: true }] });
      expect(r.auditIds).toHaveLength(1);
    },
  ),
  step(
    'links after the fixes: only the source that is gone',
    (e) => e.links({ kind: 'dangling' }),
    (r) => {
      expect(r.findings.map((f) => f.target)).toEqual(['global/ops/gone.txt']);
    },
  ),
  step(
    'undo of a write that a later one overwrote is blocked, naming it',
    (e, run) => e.undo({ id: written(run, FIRST).auditId, actor: 'alice' }),
    (r, run) => {
      expect(r).toMatchObject({ outcome: 'blocked', reason: 'later-write', blockedBy: { id: written(run, SECOND).auditId, actor: 'bob' } });
    },
  ),
  step(
    'undo of the later write',
    (e, run) => e.undo({ id: written(run, SECOND).auditId, actor: 'alice' }),
    (r) => {
      expect(r).toMatchObject({ outcome: 'undone', key: 'bm25', removed: false });
    },
  ),
  step(
    'undo of a stub removes the file it created',
    async (e, run) => ({
      undone: await e.undo({ id: run.answer<{ auditIds: number[] }>(STUB).auditIds[0]!, actor: 'alice' }),
      file: fileNow(run, 'global/vault keys.md'),
    }),
    (r) => {
      expect(r).toMatchObject({ undone: { outcome: 'undone', removed: true }, file: null });
    },
  ),
  step(
    'audit: every write, newest first',
    (e) => e.audit({}),
    (r) => {
      expect(r.entries.map((x) => `${x.action} ${x.key} ${x.actor}`)).toEqual([
        'undo vault keys alice',
        'undo bm25 alice',
        'fix vault keys alice',
        'fix rotation alice',
        'archive orphan alice',
        'review hub alice',
        'write bm25 bob',
        'write bm25 alice',
        'create token-refresh scout',
      ]);
      expect(r.entries[1]!.undoes).toBe(r.entries[6]!.id);
      expect(r.entries[6]!.undoneBy).toBe(r.entries[1]!.id);
    },
  ),
  step(
    'audit, filtered by actor, key, action and limit',
    async (e) => ({
      byActor: await e.audit({ actor: 'bob' }),
      byKey: await e.audit({ key: 'bm25', limit: 2 }),
      byAction: await e.audit({ action: 'create' }),
    }),
    (r) => {
      expect(r.byActor.entries.map((x) => x.action)).toEqual(['write']);
      expect(r.byKey.entries.map((x) => x.actor)).toEqual(['alice', 'bob']);
      expect(r.byAction.entries.map((x) => x.key)).toEqual(['token-refresh']);
    },
  ),
  step(
    "concepts: the other pages' matching left pending is kept as written, until replaced",
    async (e) => {
      const work: PendingRematch[] = [
        { kind: 'form', form: 'token refresh', after: 3 },
        { kind: 'moved', concept: 'kafka', forms: ['kafka', 'kafka streams'], after: 0 },
      ];
      const before = await e.store.concepts.pendingRematch();
      await e.store.write((tx) => tx.concepts.setPendingRematch(work));
      const kept = await e.store.concepts.pendingRematch();
      await e.store.write((tx) => tx.concepts.setPendingRematch([]));
      return { before, kept, work, after: await e.store.concepts.pendingRematch() };
    },
    (r) => {
      expect(r.before).toEqual([]);
      expect(r.kept).toEqual(r.work);
      expect(r.after).toEqual([]);
    },
  ),
];
