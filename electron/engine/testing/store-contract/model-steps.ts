// The contract's model methods, last in the scenario (they move the index to another model): the
// list, a rollback refused before any switch, a switch in the background followed through
// `models`, and the rollback after it.
import { expect } from 'vitest';
import type { ModelJob, ModelsResponse } from '../../../../shared/models.ts';
import { SHIPPED_MODEL } from '../../config/settings.ts';
import { until } from '../until.ts';
import type { FixtureEngine } from '../wiki-fixture.ts';
import { step } from './scenario.ts';

/** Waits, through `models` as the app does, for the switch under way to end; its last report. */
async function switchEnded(e: FixtureEngine, started: ModelJob): Promise<ModelsResponse> {
  expect(started).toMatchObject({ phase: 'download', error: null });
  return until('the model switch to end', async () => {
    const r = await e.models();
    return r.job && (r.job.phase === 'done' || r.job.phase === 'failed') ? r : undefined;
  });
}

/** The message a call is refused with, or 'ran' when it was not refused. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => 'ran',
    (err: Error) => err.message,
  );

export const modelSteps = [
  step(
    'hubReach: whether the configured hub answers, and why not in one line',
    (e) => e.hubReach(),
    (r) => {
      expect(r).toMatchObject({ endpoint: 'http://127.0.0.1:9', model: 'Xenova/bge-small-en-v1.5', reachable: false });
      expect(r.reason).toMatch(/^127\.0\.0\.1:9 cannot be reached: /);
    },
  ),
  step(
    'models: the recommended ones, none downloaded, and the one serving',
    (e) => e.models(),
    (r) => {
      expect(r).toMatchObject({ serving: 'cairn/glove-wink-100d', setting: SHIPPED_MODEL, previous: null, job: null });
      expect(r.choices.map((c) => [c.id, c.downloaded])).toContainEqual(['Xenova/bge-small-en-v1.5', false]);
    },
  ),
  step(
    'rollbackModel before any switch is refused',
    (e) => refusal(e.rollbackModel()),
    (r) => expect(r).toMatch(/no model to go back to/),
  ),
  step(
    'useModel moves to another model in the background, followed through models',
    async (e) => switchEnded(e, await e.useModel({ model: 'adaptive' })),
    (r) => {
      expect(r.job).toMatchObject({ setting: 'adaptive', phase: 'done', error: null });
      expect(r).toMatchObject({ setting: 'adaptive', previous: SHIPPED_MODEL, serving: 'cairn/glove-wink-100d' });
    },
  ),
  step(
    'a folder is refused from a door: only adaptive and hub models',
    (e) => refusal(e.useModel({ model: '/tmp/any-folder' })),
    (r) => expect(r).toMatch(/a model is `adaptive` or `hub:owner\/name`/),
  ),
  step(
    'rollbackModel to a folder is refused from a door',
    (e) => refusal(e.rollbackModel()),
    (r) => expect(r).toMatch(/the model before was .*: go back to it from the command line/),
  ),
  step(
    'rollbackModel goes back to a model a door may name',
    async (e) => {
      await switchEnded(e, await e.useModel({ model: 'adaptive' }));
      return switchEnded(e, await e.rollbackModel());
    },
    (r) => {
      expect(r.job).toMatchObject({ setting: 'adaptive', phase: 'done' });
      expect(r).toMatchObject({ setting: 'adaptive', previous: 'adaptive', serving: 'cairn/glove-wink-100d' });
    },
  ),
];
