// A PostgreSQL URL's secrets (the password in its user info, a `password=` query parameter) and
// PGPASSWORD are never printed nor answered: real `cairn serve`, `cairn index` and `cairn mcp`
// processes on the run's PostgreSQL cluster (which trusts local connections, so any password works).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { freshPgDatabase, pgAdminUrl } from '../engine/testing/pg-test.ts';
import { BUILDER_TOKEN, api, bearer, cairnEnv, runCairn, startServe, waitForIdle, type Served } from '../engine/testing/cairn-process.ts';

const SECRETS = ['UserInfoPw77', 'QueryParamPw88', 'EnvPgPassword99'];
const expectNoSecret = (text: string) => {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
};

describe.skipIf(!pgAdminUrl())('a PostgreSQL URL with passwords', () => {
  let fx: Fixture;
  let db: string;
  let env: NodeJS.ProcessEnv;
  const servers: Served[] = [];

  beforeAll(async () => {
    fx = makeFixture({ 'a.md': '# A\n\nsome words\n' });
    const url = new URL(await freshPgDatabase());
    url.password = SECRETS[0]!;
    url.searchParams.set('password', SECRETS[1]!);
    url.searchParams.set('application_name', 'cairn-test');
    db = url.toString();
    env = cairnEnv(fx.dir, { PGPASSWORD: SECRETS[2] });
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    fx?.cleanup();
  });

  it('cairn index prints none of them', async () => {
    const run = await runCairn(['index', '--db', db, fx.root], env);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/index postgres:\/\/postgres:\*\*\*@/);
    expectNoSecret(run.out + run.err);
  });

  it('cairn serve prints none, and status.db shows a person the URL masked, an agent no credentials at all', async () => {
    const person = await startServe(['--no-watch', '--db', db, fx.root], env);
    servers.push(person);
    await waitForIdle(person.url);
    const agents = await startServe(['--no-watch', '--db', db, fx.root], { ...env, CAIRN_TOKENS: `${BUILDER_TOKEN}=builder` });
    servers.push(agents);
    const seen = await api<{ db: string }>(person.url, 'status');
    expect(seen.body.db).toMatch(/^postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/\w+\?password=\*\*\*&application_name=cairn-test$/);
    const agent = await api<{ db: string }>(agents.url, 'status', {}, bearer(BUILDER_TOKEN));
    expect(agent.body.db).toMatch(/^postgres:\/\/127\.0\.0\.1:\d+\/\w+$/);
    expectNoSecret(person.stderr() + agents.stderr() + JSON.stringify([seen, agent]));
  });

  it('cairn mcp prints none', async () => {
    const run = await runCairn(['mcp', '--agent', 'builder', '--no-watch', '--db', db, fx.root], env);
    expect(run.err).toMatch(/index postgres:\/\/postgres:\*\*\*@/);
    expectNoSecret(run.out + run.err);
  });

  it('a server that cannot be reached is named without them', async () => {
    const gone = new URL(db);
    gone.port = '1';
    const run = await runCairn(['index', '--db', gone.toString(), fx.root], env);
    expect(run.code).not.toBe(0);
    expect(run.err).toMatch(/127\.0\.0\.1:1/);
    expectNoSecret(run.out + run.err);
  });
});

describe('a PostgreSQL URL that is not valid', () => {
  it('is named without its password, even one holding a "/"', async () => {
    const fx = makeFixture({ 'a.md': '# A\n' });
    try {
      // a password with an unencoded "/" ends the URL's authority early: the URL does not parse
      const bad = 'postgres://u:Slash/Pw66@localhost:1/db';
      const run = await runCairn(['index', '--db', bad, fx.root], cairnEnv(fx.dir));
      expect(run.code).not.toBe(0);
      expect(run.err).toMatch(/not a valid URL/);
      const config = path.join(fx.dir, 'config.json');
      fs.writeFileSync(config, JSON.stringify({ db: 'postgresql://u:Env/Pw67@localhost:1/db' }));
      const viaConfig = await runCairn(['index', fx.root], cairnEnv(fx.dir, { CAIRN_CONFIG: config }));
      expect(viaConfig.code).not.toBe(0);
      for (const text of [run.out + run.err, viaConfig.out + viaConfig.err]) {
        expect(text).not.toMatch(/Pw66|Pw67|Slash|Env\//);
      }
    } finally {
      fx.cleanup();
    }
  });
});
