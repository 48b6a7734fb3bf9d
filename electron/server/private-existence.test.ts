// No answer tells an agent whether a file in another agent's space exists (issue 28, item 8): a real
// `cairn serve` with builder's and scout's tokens; builder names scout's page and a path beside it
// that holds nothing, through every method and wiki route that takes a path, and gets the same
// answer for both (the path's own name aside).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { api, bearer, BUILDER_TOKEN, startPersonAndAgents, type PersonAndAgents } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
let servers: PersonAndAgents;

beforeAll(async () => {
  fx = makeFixture({
    'global/hub.md': '# Hub\n\nShared.\n',
    'user/scout/private-plan.md': '# Private plan\n\nScout only.\n',
    'user/scout/diagram.png': 'not really a png',
    'user/builder/own.md': '# Own\n\nBuilder.\n',
  });
  servers = await startPersonAndAgents(fx.root, fx.db, fx.dir);
}, 60_000);

afterAll(async () => {
  await servers?.stop();
  fx?.cleanup();
});

type Ask = (name: string, ext: string) => Promise<{ status: number; body: unknown }>;

const asBuilder = bearer(BUILDER_TOKEN);
const call = (method: string, body: Record<string, unknown>) => api(servers.agents.url, method, body, asBuilder);
const wiki = async (verb: string, pathname: string, body?: unknown) => {
  const res = await fetch(new URL(`api/wiki/${pathname}`, servers.agents.url), {
    method: verb,
    headers: { ...asBuilder, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

/** What builder may try, for a file `name` (without extension) in scout's folder. */
const ASKS: Record<string, Ask> = {
  'registerSkill expert': (n, ext) =>
    call('registerSkill', { agent: 'builder', skill: `s-${n}`, category: 'misc', level: 'expert', docPath: `user/scout/${n}${ext}`, actor: 'builder' }),
  'registerSkill familiar': (n, ext) =>
    call('registerSkill', { agent: 'builder', skill: `f-${n}`, category: 'misc', level: 'familiar', docPath: `user/scout/${n}${ext}`, actor: 'builder' }),
  'getPage by root and path': (n, ext) => call('getPage', { root: fx.root, path: `user/scout/${n}${ext}` }),
  'GET /wiki/pages': (n) => wiki('GET', `pages/user/scout/${n}`),
  'PUT /wiki/pages': (n) => wiki('PUT', `pages/user/scout/${n}`, { body: '# Mine\n', baseHash: null }),
  writePage: (n, ext) => call('writePage', { key: n, root: fx.root, path: `user/scout/${n}${ext}`, body: '# Mine\n', baseHash: null }),
  reviewPage: (n, ext) => call('reviewPage', { key: n, root: fx.root, path: `user/scout/${n}${ext}` }),
  archivePage: (n, ext) => call('archivePage', { key: n, root: fx.root, path: `user/scout/${n}${ext}` }),
  sourceChanges: (n, ext) => call('sourceChanges', { key: n, root: fx.root, path: `user/scout/${n}${ext}` }),
  attachment: (n) => call('attachment', { root: fx.root, path: `user/scout/${n}.png` }),
};

/** What differs between two claims whatever the files: the registration's id, its hash and its line in the registry file. */
const OWN_TO_A_CLAIM = new Set(['id', 'claimHash', 'origin']);

/** An answer with the name builder asked about taken out, to compare the two. */
const anonymous = (r: { status: number; body: unknown }, name: string) => ({
  status: r.status,
  body: JSON.parse(JSON.stringify(r.body).replaceAll(name, 'NAME'), (k, v: unknown) => (OWN_TO_A_CLAIM.has(k) ? undefined : v)) as unknown,
});

describe("a path into another agent's space", () => {
  it.each(Object.keys(ASKS))('%s answers the same whether the file is there or not', async (label) => {
    const ask = ASKS[label]!;
    const there = anonymous(
      await ask(label.includes('attachment') ? 'diagram' : 'private-plan', '.md'),
      label.includes('attachment') ? 'diagram' : 'private-plan',
    );
    const absent = anonymous(await ask('no-such-page', '.md'), 'no-such-page');
    expect(there).toEqual(absent);
  });
});
