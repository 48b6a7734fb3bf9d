// cairn recall: the real command on a throwaway wiki, from a page and from a query, one line a page
// with the path that reached it; the hop limit holds, and an unknown key is named and refused.
import { afterEach, describe, expect, it } from 'vitest';
import type { RecallWalkResponse } from '../../shared/graph.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

// redis -link-> sessions -link-> tokens; a daily note mentions Redis and the next day's note follows it
const WIKI = {
  'redis.md': '# Redis\nThe cache in front of [[sessions]].\n',
  'sessions.md': '# Sessions\nThe session store keeps [[tokens]].\n',
  'tokens.md': '# Tokens\nQuokka refresh happens sixty seconds early.\n',
  'daily/2021-03-01.md': '# Monday\nRedis evictions spiked after the deploy.\n',
  'daily/2021-03-02.md': '# Tuesday\nA quiet day.\n',
};

async function indexed() {
  fx = makeFixture(WIKI);
  const env = cairnEnv(fx.dir);
  expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
  return (...args: string[]) => runCairn(['recall', ...args, '--db', fx.db], env);
}

describe('cairn recall', () => {
  it('lists the connected set around a page, nearest first, each with the path that reached it', async () => {
    const recall = await indexed();
    const r = await recall('redis');
    expect(r.code, r.err).toBe(0);
    expect(r.out.split('\n')).toEqual([
      ' 0  redis       (seed)',
      ' 1  sessions    redis -link-> sessions',
      ' 1  2021-03-01  redis -concept(Redis)-> 2021-03-01',
      ' 2  tokens      redis -link-> sessions -link-> tokens',
      ' 2  2021-03-02  redis -concept(Redis)-> 2021-03-01 -follows-> 2021-03-02',
      '',
    ]);
  });

  it('walks no further than --hops, keeps --limit pages, and says so', async () => {
    const recall = await indexed();
    const one = await recall('redis', '--hops', '1');
    expect(one.code, one.err).toBe(0);
    expect(one.out).toBe(' 0  redis       (seed)\n 1  sessions    redis -link-> sessions\n 1  2021-03-01  redis -concept(Redis)-> 2021-03-01\n');

    const two = await recall('tokens', '--hops', '2', '--json');
    const g = JSON.parse(two.out) as RecallWalkResponse;
    expect(g.seeds).toEqual(['tokens']);
    expect(g.pages.map((p) => [p.key, p.distance])).toEqual([
      ['tokens', 0],
      ['sessions', 1],
      ['redis', 2],
    ]);
    expect(g.pages[2]!.via).toEqual([
      { from: 'tokens', edge: 'backlink' },
      { from: 'sessions', edge: 'backlink' },
    ]);
    // three hops reach the daily notes through redis's concept
    const three = JSON.parse((await recall('tokens', '--hops', '3', '--json')).out) as RecallWalkResponse;
    expect(three.pages.map((p) => p.key)).toContain('2021-03-01');
    expect(three.pages.every((p) => p.distance <= 3)).toBe(true);

    const limited = await recall('redis', '--limit', '2');
    expect(limited.out).toBe(
      ' 0  redis     (seed)\n 1  sessions  redis -link-> sessions\nmore pages within the hops than --limit: the farthest were left out\n',
    );
  });

  it('starts from the top hits of a query with --query', async () => {
    const recall = await indexed();
    const r = await recall('--query', 'quokka refresh', '--hops', '1');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe(' 0  tokens    (seed)\n 1  sessions  tokens -backlink-> sessions\n');
    const g = JSON.parse((await recall('--query', 'quokka refresh', '--json')).out) as RecallWalkResponse;
    expect(g.seeds).toEqual(['tokens']);
    expect(g.pages.find((p) => p.key === 'redis')).toMatchObject({
      distance: 2,
      via: [
        { from: 'tokens', edge: 'backlink' },
        { from: 'sessions', edge: 'backlink' },
      ],
    });
  });

  it('names an unknown key and refuses what it cannot do, with a non-zero exit', async () => {
    const recall = await indexed();
    expect(await recall('nope')).toMatchObject({ code: 2, out: '', err: expect.stringContaining('no page with key "nope"') });
    expect(await recall('redis', '--hops', '4')).toMatchObject({ code: 2, err: expect.stringContaining('recall: bad "hops"') });
    expect(await recall()).toMatchObject({ code: 2, err: expect.stringContaining('name a page KEY or a --query "TEXT"') });
    expect(await recall('redis', '--query', 'cache')).toMatchObject({ code: 2, err: expect.stringContaining('say one seed') });
  });
});
