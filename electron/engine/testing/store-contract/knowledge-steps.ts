// The contract's registry and memory: skills claimed, registered and decided, experts found;
// recall by role and a domain's knowledge, with the outcomes reported on them; old notes
// consolidated; and a re-index after files changed on disk.
import { expect } from 'vitest';
import type { Registration } from '../../../../shared/skills.ts';
import { step, type Run, type Step } from './scenario.ts';

const REGISTRY = 'skills: the registry, claims pending';
const RECALL = 'knowledgeRecall for a role: its tiers, merged';
const claim = (run: Run) => run.answer<{ registrations: Registration[] }>(REGISTRY).registrations.find((r) => r.agent === 'ada')!;
const queryOf = (run: Run) => run.answer<{ queryId: string }>(RECALL).queryId;

export const knowledgeSteps: Step[] = [
  step(
    REGISTRY,
    (e) => e.skills({}),
    (r) => {
      expect(r.registrations.map((x) => [x.agent, x.skill, x.level, x.status, x.tier])).toEqual([['ada', 'bm25-ranking', 'expert', 'pending', 'explicit']]);
      expect(r.agents.map((a) => a.id)).toEqual(['ada', 'scout']);
      expect(r.problems).toEqual([]);
    },
  ),
  step(
    'registerSkill: an agent claims a skill with its evidence',
    (e) => e.registerSkill({ agent: 'scout', skill: 'Token Refresh', category: 'backend', level: 'proficient', docPath: 'token-refresh', actor: 'scout' }),
    (r) => {
      expect(r).toMatchObject({ agent: 'scout', skill: 'token-refresh', status: 'pending', evidence: { path: 'user/scout/token-refresh.md' } });
    },
  ),
  step(
    'decideSkill: a person approves the claim it saw',
    (e, run) => e.decideSkill({ id: claim(run).id, claimHash: claim(run).claimHash, verdict: 'approve', note: 'seen the page', actor: 'alice' }),
    (r) => {
      expect(r).toMatchObject({ agent: 'ada', status: 'approved', decidedBy: 'alice', note: 'seen the page' });
    },
  ),
  step(
    'skills, filtered: the approved ones',
    (e) => e.skills({ status: 'approved' }),
    (r) => {
      expect(r.registrations.map((x) => x.skill)).toEqual(['bm25-ranking']);
    },
  ),
  step(
    'expert: by alias',
    (e) => e.expert({ domain: 'okapi' }),
    (r) => {
      expect(r.matched).toEqual({ skills: ['bm25-ranking'], by: 'alias' });
      expect(r.experts.map((x) => x.agent)).toEqual(['ada']);
    },
  ),
  step(
    RECALL,
    (e) => e.knowledgeRecall({ query: 'bm25 fusion scores', role: 'implementer', agent: 'scout' }),
    (r) => {
      expect(r.tiers.map((t) => [t.tier, t.state])).toEqual([
        ['wiki', 'ok'],
        ['doc', 'ok'],
      ]);
      expect(r.results.map((x) => x.key)).toEqual(expect.arrayContaining(['bm25', 'fusion']));
    },
    { ranksOnly: true },
  ),
  step(
    'knowledgeExpert: experts, pages tagged, reflections',
    (e) => e.knowledgeExpert({ domain: 'security', agent: 'scout' }),
    (r) => {
      expect(r.wiki.map((p) => p.key)).toEqual(['token-refresh']);
      expect(r.reflections.map((p) => p.key)).toEqual(['rotation']);
      expect(r.experts.map((x) => [x.agent, x.skill])).toEqual([['ada', 'bm25-ranking']]);
    },
  ),
  step(
    'recordOutcome on a recall',
    (e, run) => e.recordOutcome({ queryId: queryOf(run), outcome: 'success', usedKeys: ['bm25'], agent: 'scout' }),
    (r, run) => {
      expect(r.queryId).toBe(queryOf(run));
    },
  ),
  step(
    'queryOutcomes: the queries, what came of them, totals',
    (e) => e.queryOutcomes({}),
    (r) => {
      expect(r.queries.map((q) => [q.kind, q.query, q.outcomes.map((o) => o.outcome)])).toEqual([
        ['expert', 'security', []],
        ['recall', 'bm25 fusion scores', ['success']],
      ]);
      expect(r.totals).toMatchObject({ queries: 2, success: 1 });
    },
  ),
  step(
    'consolidate, dry run: the plan only',
    (e) => e.consolidate({ olderThanDays: 14, dryRun: true, actor: 'alice' }),
    (r) => {
      expect(r.groups.map((g) => [g.concepts[0], g.notes.map((n) => n.key)])).toEqual([['kafka', ['2020-01-02', '2020-01-03']]]);
      expect(r.groups[0]!.written).toBeNull();
    },
  ),
  step(
    'consolidate writes the reflection and archives the notes',
    (e) => e.consolidate({ olderThanDays: 14, actor: 'alice' }),
    (r) => {
      expect(r.groups[0]!.written).toMatchObject({ created: true });
      expect(r.groups[0]!.archived).toHaveLength(2);
    },
  ),
  step(
    'reindex after files changed on disk',
    async (e, run) => {
      run.fx.write('global/orphan.md', '# Lonely, rewritten\n\nStill about lighthouses.\n');
      run.fx.remove('global/guides/tips.md');
      return e.reindex();
    },
    (r) => {
      expect(r).toMatchObject({ indexed: 1, removed: 1, failed: 0 });
    },
  ),
];
