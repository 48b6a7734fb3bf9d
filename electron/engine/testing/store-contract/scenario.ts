// The contract's suite as a scenario: one wiki, one sequence of calls through dispatch (every
// contract method at least once), run once on each store. Each call's answer is checked by the
// same assertions on every store, and the answers of PostgreSQL must equal SQLite's, the
// reference, but for ids and clocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type MethodName } from '../../../../shared/contract.ts';
import { storeKinds, type StoreKind } from '../pg-test.ts';
import { makeStoreFixture } from '../store-fixture.ts';
import type { Fixture, FixtureEngine } from '../wiki-fixture.ts';

/** What a step sees: the fixture (its root names pages by place) and the answers of the steps before. */
export interface Run {
  fx: Fixture;
  answer<T>(step: string): T;
}

export interface Step {
  name: string;
  call(e: FixtureEngine, run: Run): Promise<unknown>;
  check(answer: unknown, run: Run): void;
  /**
   * Lexical scores compared by rank only: once pages were rewritten, SQLite's bm25 still counts the
   * deleted rows in its totals (FTS5's contentless_delete never lowers them) and PostgreSQL's does not.
   */
  ranksOnly?: true;
}

/** A step whose check is typed by its call's answer. */
export function step<T>(
  name: string,
  call: (e: FixtureEngine, run: Run) => Promise<T>,
  check: (answer: T, run: Run) => void,
  opts: { ranksOnly?: true } = {},
): Step {
  return { name, call, check: check as Step['check'], ...opts };
}

/** A call that throws is an answer too: the steps after it still run, its own check fails with the error. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

interface Played {
  fx: Fixture;
  outcomes: Map<string, Outcome>;
  called: Set<string>;
  run: Run;
}

/** Counts which contract methods the steps call, so the suite can say it covers every one. */
function recording(e: FixtureEngine, called: Set<string>): FixtureEngine {
  return new Proxy(e, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && Object.hasOwn(contract, prop)) called.add(prop);
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

/** How the scenario's engine is opened, from its fixture (roots are paths in it). */
export type EngineOptions = (fx: Fixture) => Parameters<Fixture['engine']>[0];

async function play(kind: StoreKind, files: Record<string, string | Buffer>, steps: Step[], engineOpts: EngineOptions): Promise<Played> {
  const fx = await makeStoreFixture(kind, files);
  const outcomes = new Map<string, Outcome>();
  const called = new Set<string>();
  const run: Run = {
    fx,
    answer<T>(name: string): T {
      const o = outcomes.get(name);
      if (!o) throw new Error(`no step "${name}" ran before`);
      if (!o.ok) throw o.error;
      return o.value as T;
    },
  };
  const e = recording(fx.engine(engineOpts(fx)), called);
  for (const s of steps) {
    if (outcomes.has(s.name)) throw new Error(`two steps named "${s.name}"`);
    outcomes.set(
      s.name,
      await Promise.resolve()
        .then(() => s.call(e, run))
        .then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
    );
  }
  return { fx, outcomes, called, run };
}

/** Ids, clock readings and the index's own location differ between two runs of one scenario; everything else must not. */
const UNCOMPARED_KEYS = new Set([
  'db',
  'id',
  'auditId',
  'auditIds',
  'queryId',
  'query_id',
  'undoes',
  'undoneBy',
  'at',
  'startedAt',
  'finishedAt',
  'decidedAt',
  'ms',
  'durationMs',
  'semanticMs',
  'totalMs',
  'changedAt',
]);
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;
const SCORE_KEYS = new Set(['score', 'normalized', 'contribution']);

/** An answer as it compares across stores: the fixture's own folder named as <root>, ids and times masked. */
export function comparable(value: unknown, fx: Fixture, ranksOnly = false): unknown {
  return JSON.parse(JSON.stringify(value ?? null), (key, v: unknown) => {
    if (UNCOMPARED_KEYS.has(key) || (ranksOnly && SCORE_KEYS.has(key))) return '<differs>';
    if (typeof v !== 'string') return v;
    return v.replace(ISO_TIME, '<time>').split(fx.root).join('<root>').split(fx.dir).join('<dir>');
  }) as unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `answer` with each number that is the reference's but for rounding (1e-6 of it) taken as the
 * reference's: a score summed in another order differs in its last bits, and is the same score. */
export function roundedAs(answer: unknown, reference: unknown): unknown {
  if (typeof answer === 'number' && typeof reference === 'number')
    return Math.abs(answer - reference) <= 1e-6 * Math.max(1, Math.abs(reference)) ? reference : answer;
  if (Array.isArray(answer) && Array.isArray(reference)) return answer.map((v, i) => roundedAs(v, reference[i]));
  if (isRecord(answer) && isRecord(reference)) return Object.fromEntries(Object.entries(answer).map(([k, v]) => [k, roundedAs(v, reference[k])]));
  return answer;
}

/**
 * The suite: on each store, the scenario played once (before its tests), one test a step with
 * the step's checks; a test that every contract method was called; and where both stores run,
 * one test a step that PostgreSQL answered as SQLite did.
 */
export function contractSuite(files: Record<string, string | Buffer>, steps: Step[], engineOpts: EngineOptions): void {
  const kinds = storeKinds();
  const played = new Map<StoreKind, Promise<Played>>();
  const playOn = (kind: StoreKind) => played.get(kind) ?? played.set(kind, play(kind, files, steps, engineOpts)).get(kind)!;
  afterAll(async () => {
    for (const p of played.values()) (await p).fx.cleanup();
  });

  describe.each(kinds)('on %s', (kind) => {
    let p: Played;
    beforeAll(async () => {
      p = await playOn(kind);
    });
    it.each(steps.map((s) => [s.name, s] as const))('%s', (_name, s) => {
      const o = p.outcomes.get(s.name)!;
      if (!o.ok) throw o.error;
      s.check(o.value, p.run);
    });
    it('calls every method of the contract', () => {
      expect((Object.keys(contract) as MethodName[]).filter((m) => !p.called.has(m))).toEqual([]);
    });
  });

  describe.skipIf(!kinds.includes('postgres'))('PostgreSQL answers as SQLite does', () => {
    it.each(steps.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
      const [lite, pg] = await Promise.all([playOn('sqlite'), playOn('postgres')]);
      const answerOf = (p: Played) => {
        const o = p.outcomes.get(s.name)!;
        return o.ok ? comparable(o.value, p.fx, s.ranksOnly) : { error: comparable(String(o.error), p.fx) };
      };
      const reference = answerOf(lite);
      expect(roundedAs(answerOf(pg), reference)).toEqual(reference);
    });
  });
}
