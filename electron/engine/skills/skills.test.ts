// The skill registry on real files and a real index: inference from real manifest formats, the
// evidence rule, invalidation when evidence goes, approval gating, expert ranking, and bad input
// reported with file and line while the rest loads.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Registration } from '../../../shared/skills.ts';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const find = (rs: Registration[], agent: string, skill: string) => rs.find((r) => r.agent === agent && r.skill === skill);
const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;

const WIKI = {
  'global/index.md': '# Index\n[[vec-lesson]] [[oauth-notes]]\n',
  'global/vec-lesson.md': '---\nowner: ada\n---\n# Vec lesson\n',
  'global/other.md': '---\nowner: bob\n---\n# Other\nSee [[vec-lesson]] and [[vec-lesson]].\n',
  'user/ada/notes.md': '# Ada notes\n[[vec-lesson]]\n',
  'user/bob/oauth-notes.md': '# OAuth notes\n',
  'user/ada/skills.yaml': yaml(
    'name: Ada Lovelace',
    'skills:',
    '  - skill: SQLite Vec',
    '    category: backend',
    '    level: expert',
    '    docPath: vec-lesson',
    '    aliases: [vec0]',
    '  - skill: graph-layout',
    '    category: frontend',
    '    level: expert',
    '    docPath: no-such-page',
    '  - skill: charting',
    '    category: frontend',
    '    level: proficient',
    '    docPath: missing-too',
  ),
};

describe('inference from project manifests', () => {
  it('reads every manifest format, infers familiar auto registrations, and reports a broken manifest with its file', async () => {
    fx = makeFixture({
      ...WIKI,
      'user/ada/skills.yaml': yaml('projects: [../../code/app, ../../code/svc]'),
      'code/app/package.json': JSON.stringify({ dependencies: { react: '^19', 'better-sqlite3': '^12' }, devDependencies: { vitest: '^4' } }),
      'code/app/Dockerfile': 'FROM node:20-slim\nCMD ["node", "x.js"]\n',
      'code/svc/pyproject.toml': '[project]\nname = "svc"\ndependencies = ["fastapi>=0.110", "numpy"]\n',
      'code/svc/requirements.txt': 'pytest==8.0  # tests\n-e .\n',
      'code/svc/Cargo.toml': '[dependencies]\ntokio = { version = "1", features = ["full"] }\n',
      'code/svc/go.mod': 'module x\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.9.1\n)\n',
      'code/svc/pubspec.yaml': 'name: x\ndependencies:\n  flutter:\n    sdk: flutter\n',
      'code/svc/Gemfile': "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\n",
      'code/svc/pom.xml': '<project><dependencies><dependency><groupId>junit</groupId><artifactId>junit</artifactId></dependency></dependencies></project>',
    });
    const e = fx.engine();
    await e.reindex();
    const { registrations, problems } = await e.skills({ agent: 'ada', tier: 'auto' });
    const skills = registrations.map((r) => r.skill).sort();
    for (const s of [
      'javascript',
      'react',
      'sqlite',
      'javascript-testing',
      'docker',
      'node',
      'python',
      'fastapi',
      'numerical-python',
      'python-testing',
      'rust',
      'async-rust',
      'go',
      'go-web-servers',
      'dart',
      'flutter',
      'ruby',
      'rails',
      'java',
      'java-testing',
    ]) {
      expect(skills, s).toContain(s);
    }
    expect(registrations.every((r) => r.level === 'familiar' && r.status === 'approved' && r.tier === 'auto')).toBe(true);
    expect(find(registrations, 'ada', 'sqlite')!.reason).toBe('inferred: package.json depends on better-sqlite3');
    expect(problems).toEqual([]);

    // a broken manifest is reported with its path (and line), the others still count
    fx.write('code/svc/Cargo.toml', '[dependencies\ntokio = "1"\n');
    fx.write('code/app/package.json', '{ "dependencies": ');
    await e.reindex();
    const after = await e.skills({ agent: 'ada', tier: 'auto' });
    expect(after.problems.map((p) => `${path.basename(p.path)}:${p.line ?? '-'}`).sort()).toEqual(['Cargo.toml:1', 'package.json:-']);
    expect(find(after.registrations, 'ada', 'fastapi')!.status).toBe('approved');
    expect(find(after.registrations, 'ada', 'rust')!.status).toBe('withdrawn');
  });

  it('a project folder outside the root is refused in a registry file (the config may name it)', async () => {
    fx = makeFixture({ ...WIKI, 'user/ada/skills.yaml': yaml('projects:', '  - ../../../outside') });
    const e = fx.engine();
    await e.reindex();
    const { problems } = await e.skills({});
    expect(problems).toEqual([
      {
        path: path.join(fx.root, 'user/ada/skills.yaml'),
        line: 2,
        reason: 'project folder ../../../outside is outside the root: list it under "agents" in the config file instead',
      },
    ]);
  });
});

describe('explicit claims', () => {
  it('checks the evidence: an expert claim without it is invalid; a lower one waits, marked; every claim starts pending', async () => {
    fx = makeFixture(WIKI);
    const e = fx.engine();
    await e.reindex();
    const { registrations, agents } = await e.skills({ agent: 'ada', tier: 'explicit' });
    expect(agents.find((a) => a.id === 'ada')!.name).toBe('Ada Lovelace');
    expect(find(registrations, 'ada', 'sqlite-vec')).toMatchObject({
      status: 'pending',
      level: 'expert',
      aliases: ['vec0'],
      evidence: { path: 'global/vec-lesson.md', key: 'vec-lesson' },
      origin: 'user/ada/skills.yaml:3',
    });
    expect(find(registrations, 'ada', 'graph-layout')).toMatchObject({
      status: 'invalid',
      evidence: null,
      reason: 'evidence missing: no-such-page is no page or file in the wiki, and an expert claim needs one',
    });
    expect(find(registrations, 'ada', 'charting')).toMatchObject({
      status: 'pending',
      evidence: null,
      reason: expect.stringMatching(/^evidence missing: missing-too/),
    });
    await expect(e.decideSkill({ id: find(registrations, 'ada', 'graph-layout')!.id, verdict: 'approve', actor: 'alice' })).rejects.toThrow(
      /cannot be approved: its evidence is missing/,
    );
  });

  it('only approved claims answer; approval is kept in .cairn/skill-decisions.yaml, logged, and undone; a changed claim waits again', async () => {
    fx = makeFixture(WIKI);
    const e = fx.engine();
    await e.reindex();
    const vec = find((await e.skills({})).registrations, 'ada', 'sqlite-vec')!;
    expect((await e.expert({ domain: 'sqlite vec' })).experts).toEqual([]);
    expect((await e.expert({ domain: 'sqlite vec' })).warning).toBe('no approved registration matches "sqlite vec": 1 pending claim for it awaits a decision');

    const approved = await e.decideSkill({ id: vec.id, verdict: 'approve', note: 'read the lesson', actor: 'alice' });
    expect(approved).toMatchObject({ status: 'approved', decidedBy: 'alice', note: 'read the lesson' });
    expect(fs.readFileSync(path.join(fx.root, '.cairn/skill-decisions.yaml'), 'utf8')).toMatch(
      /agent: ada\n {2}skill: sqlite-vec\n {2}claim: [0-9a-f]{16}\n {2}verdict: approved\n {2}by: alice/,
    );
    const answer = await e.expert({ domain: 'vec0' });
    expect(answer).toMatchObject({ matched: { by: 'alias', skills: ['sqlite-vec'] }, warning: null });
    expect(answer.experts.map((x) => [x.agent, x.level, x.docPath])).toEqual([['ada', 'expert', 'vec-lesson']]);
    const [entry] = (await e.audit({ action: 'approve' })).entries;
    expect(entry).toMatchObject({
      actor: 'alice',
      path: '.cairn/skill-decisions.yaml',
      key: 'ada/sqlite-vec',
      detail: "approved ada's claim on sqlite-vec: read the lesson",
    });
    // undone, the claim waits again; redone, it answers again
    await e.undo({ id: entry!.id, actor: 'alice' });
    expect(find((await e.skills({})).registrations, 'ada', 'sqlite-vec')!.status).toBe('pending');
    await e.decideSkill({ id: vec.id, verdict: 'approve', note: 'read the lesson', actor: 'alice' });
    // the index can be rebuilt: the decision is in the wiki, not only in the database
    void e.close();
    fs.rmSync(fx.db);
    const rebuilt = fx.engine();
    await rebuilt.reindex();
    expect(find((await rebuilt.skills({})).registrations, 'ada', 'sqlite-vec')!.status).toBe('approved');
    // a changed claim (the level) is pending again, and no longer answers
    fx.write(
      'user/ada/skills.yaml',
      fs
        .readFileSync(path.join(fx.root, 'user/ada/skills.yaml'), 'utf8')
        .replace('level: expert\n    docPath: vec-lesson', 'level: proficient\n    docPath: vec-lesson'),
    );
    await rebuilt.reindex();
    expect(find((await rebuilt.skills({})).registrations, 'ada', 'sqlite-vec')).toMatchObject({
      status: 'pending',
      reason: expect.stringMatching(/^changed since it was approved by alice/),
    });
    expect((await rebuilt.expert({ domain: 'sqlite-vec' })).experts).toEqual([]);
  });

  it('evidence that goes makes an approved expert claim invalid (kept, with the reason); when it comes back, the approval holds again', async () => {
    fx = makeFixture(WIKI);
    const e = fx.engine();
    await e.reindex();
    const vec = find((await e.skills({})).registrations, 'ada', 'sqlite-vec')!;
    await e.decideSkill({ id: vec.id, verdict: 'approve', actor: 'alice' });
    const page = fs.readFileSync(path.join(fx.root, 'global/vec-lesson.md'));
    fx.remove('global/vec-lesson.md');
    await e.reindex();
    expect(find((await e.skills({})).registrations, 'ada', 'sqlite-vec')).toMatchObject({
      id: vec.id,
      status: 'invalid',
      reason: expect.stringMatching(/^evidence missing: vec-lesson/),
    });
    expect((await e.expert({ domain: 'sqlite-vec' })).experts).toEqual([]);
    fx.write('global/vec-lesson.md', page);
    await e.reindex();
    expect(find((await e.skills({})).registrations, 'ada', 'sqlite-vec')).toMatchObject({ id: vec.id, status: 'approved' });
  });

  it('a write re-reads the registry only when it touches what the registry is made from', async () => {
    fx = makeFixture(WIKI);
    const e = fx.engine();
    await e.reindex();
    expect(find((await e.skills({})).registrations, 'ada', 'graph-layout')).toMatchObject({ status: 'invalid' });
    // the registry file changes on disk, unseen by the index: a write elsewhere does not read it
    fx.write('user/ada/skills.yaml', yaml('skills: []'));
    await e.writePage({ key: 'unrelated', path: 'global/unrelated.md', body: '# Unrelated\n', actor: 'alice' });
    expect(find((await e.skills({})).registrations, 'ada', 'sqlite-vec')).toMatchObject({ status: 'pending' });
    // a page a claim names as evidence does change it
    fx.write('user/ada/skills.yaml', WIKI['user/ada/skills.yaml']);
    await e.writePage({ key: 'no-such-page', path: 'global/no-such-page.md', body: '# Graph layout\n', actor: 'alice' });
    expect(find((await e.skills({})).registrations, 'ada', 'graph-layout')).toMatchObject({ status: 'pending' });
    // and so does the registry file, once the index is told of it (as the watcher does)
    fx.write('user/ada/skills.yaml', yaml('skills: []'));
    await e.reindex();
    expect(find((await e.skills({})).registrations, 'ada', 'sqlite-vec')).toMatchObject({ status: 'withdrawn' });
  });

  it('a claim taken out of the registry file is withdrawn, not deleted', async () => {
    fx = makeFixture(WIKI);
    const e = fx.engine();
    await e.reindex();
    fx.write('user/ada/skills.yaml', yaml('skills: []'));
    await e.reindex();
    expect(find((await e.skills({})).registrations, 'ada', 'sqlite-vec')).toMatchObject({ status: 'withdrawn', reason: 'no longer in user/ada/skills.yaml' });
  });
});

describe('expert ranking', () => {
  it('by level, then how often other agents cite the evidence, claimed before inferred', async () => {
    fx = makeFixture({
      ...WIKI,
      'global/vec-two.md': '# Vec two\n',
      'global/cites.md': '---\nowner: carol\n---\n# Cites\n[[vec-two]] [[vec-two]]\n',
      'user/bob/skills.yaml': yaml(
        'projects: [../../code/bob]',
        'skills:',
        '  - { skill: sqlite-vec, category: backend, level: expert, docPath: vec-two }',
        '  - { skill: sqlite, category: backend, level: proficient, docPath: oauth-notes }',
      ),
      'user/carol/skills.yaml': yaml('skills:', '  - { skill: sqlite-vec, category: backend, level: proficient, docPath: vec-lesson }'),
      'code/bob/package.json': JSON.stringify({ dependencies: { 'sqlite-vec': '1' } }),
    });
    const e = fx.engine();
    await e.reindex();
    for (const r of (await e.skills({ status: 'pending' })).registrations) await e.decideSkill({ id: r.id, verdict: 'approve', actor: 'alice' });
    const { experts } = await e.expert({ domain: 'sqlite-vec' });
    // pages citing the evidence, each once: ada's by bob's page (linking twice) and an agentless page, not by her own
    // notes; bob's by carol's page; carol claims ada's page, so ada's notes count for her too (3)
    expect(experts.map((x) => `${x.agent} ${x.level} ${x.tier} ${x.calibration.citations}`)).toEqual([
      'ada expert explicit 2',
      'bob expert explicit 1',
      'carol proficient explicit 3',
    ]);
    const sqlite = (await e.expert({ domain: 'sqlite' })).experts.map((x) => `${x.agent} ${x.skill} ${x.tier}`);
    expect(sqlite.slice(0, 2)).toEqual(['ada sqlite-vec explicit', 'bob sqlite-vec explicit']);
    expect(sqlite).toContain('bob sqlite explicit');
  });

  it('free text finds experts through search of their evidence pages', async () => {
    fx = makeFixture({ ...WIKI, 'global/vec-lesson.md': '---\nowner: ada\n---\n# Vec lesson\nInserting rowids from better-sqlite3 needs BigInt.\n' });
    const e = fx.engine();
    await e.reindex();
    const vec = find((await e.skills({})).registrations, 'ada', 'sqlite-vec')!;
    await e.decideSkill({ id: vec.id, verdict: 'approve', actor: 'alice' });
    expect(await e.expert({ domain: 'BigInt rowids' })).toMatchObject({ matched: { by: 'search', skills: ['sqlite-vec'] }, experts: [{ agent: 'ada' }] });
  });
});

describe('bad input', () => {
  it('reports each bad entry with its file and line; the rest of the registry loads', async () => {
    fx = makeFixture({
      ...WIKI,
      'user/ada/skills.yaml': yaml(
        'skills:',
        '  - { skill: ok-skill, category: backend, level: familiar, docPath: vec-lesson }',
        '  - { skill: cooking, category: kitchen, level: expert, docPath: vec-lesson }',
        '  - { skill: x, category: backend, level: guru, docPath: vec-lesson }',
        '  - { skill: y, category: backend, level: expert }',
        '  - { skill: z, category: backend, level: expert, docPath: ../../../etc/passwd }',
      ),
      'user/bob/skills.yaml': 'skills:\n  - skill: [unclosed\n',
    });
    const e = fx.engine();
    await e.reindex();
    const { registrations, problems } = await e.skills({});
    const ada = path.join(fx.root, 'user/ada/skills.yaml');
    expect(problems.filter((p) => p.path === ada).map((p) => `${p.line}: ${p.reason}`)).toEqual([
      '3: unknown category "kitchen": one of ai, mobile, content, devops, frontend, backend, infra, misc (skillCategories in the config adds others)',
      '4: level: level must be one of familiar, proficient, expert',
      '5: docPath: an explicit registration needs a docPath: the page that shows the work',
      '6: docPath ../../../etc/passwd leaves the root: evidence must be in the wiki',
    ]);
    expect(problems.find((p) => p.path.endsWith('bob/skills.yaml'))).toMatchObject({
      line: expect.any(Number),
      reason: expect.stringMatching(/^malformed YAML/),
    });
    expect(find(registrations, 'ada', 'ok-skill')!.status).toBe('pending');
    expect(find(registrations, 'ada', 'z')!.status).toBe('invalid');
  });

  it('registerSkill writes the claim into the agent file as pending, and refuses an unknown agent, category or missing expert evidence', async () => {
    fx = makeFixture(WIKI);
    const e = fx.engine();
    await e.reindex();
    const claim = {
      agent: 'bob',
      skill: 'OAuth tokens',
      category: 'backend',
      level: 'proficient' as const,
      docPath: 'oauth-notes',
      claim: 'traced the 401',
      actor: 'bob',
    };
    const r = await e.registerSkill(claim);
    expect(r).toMatchObject({ agent: 'bob', skill: 'oauth-tokens', status: 'pending', evidence: { path: 'user/bob/oauth-notes.md' } });
    expect(fs.readFileSync(path.join(fx.root, 'user/bob/skills.yaml'), 'utf8')).toBe(
      'skills:\n  - skill: oauth-tokens\n    category: backend\n    level: proficient\n    docPath: oauth-notes\n    claim: traced the 401\n',
    );
    expect((await e.audit({ action: 'register' })).entries[0]).toMatchObject({ actor: 'bob', key: 'bob/oauth-tokens' });
    await expect(e.registerSkill({ ...claim, agent: 'mallory', actor: 'mallory' })).rejects.toThrow('unknown agent "mallory"');
    await expect(e.registerSkill({ ...claim, category: 'kitchen' })).rejects.toThrow('unknown category "kitchen"');
    await expect(e.registerSkill({ ...claim, level: 'expert', docPath: 'nowhere' })).rejects.toThrow(/an expert claim needs evidence that exists: nowhere/);
    await expect(e.registerSkill({ ...claim, docPath: '../../secret.md' })).rejects.toThrow('leaves the root');
    await expect(e.registerSkill({ ...claim, level: 'guru' as never })).rejects.toThrow(/registerSkill: bad "level"/);
  });
});

describe('found in review', () => {
  it('an approved claim whose aliases or evidence change waits for a decision again', async () => {
    fx = makeFixture({ ...WIKI, 'global/vec-two.md': '# Vec two\n' });
    const e = fx.engine();
    await e.reindex();
    const vec = find((await e.skills({})).registrations, 'ada', 'sqlite-vec')!;
    await e.decideSkill({ id: vec.id, verdict: 'approve', actor: 'alice' });
    const file = path.join(fx.root, 'user/ada/skills.yaml');
    const text = fs.readFileSync(file, 'utf8');
    fx.write('user/ada/skills.yaml', text.replace('aliases: [vec0]', 'aliases: [vec0, kubernetes, payments]'));
    await e.reindex();
    expect(find((await e.skills({})).registrations, 'ada', 'sqlite-vec')!.status).toBe('pending');
    expect((await e.expert({ domain: 'kubernetes' })).experts).toEqual([]);
  });

  it('a decision names the version of the claim the person saw: a claim changed since is refused', async () => {
    fx = makeFixture(WIKI);
    const e = fx.engine();
    await e.reindex();
    const seen = find((await e.skills({})).registrations, 'ada', 'sqlite-vec')!;
    fx.write(
      'user/ada/skills.yaml',
      fs
        .readFileSync(path.join(fx.root, 'user/ada/skills.yaml'), 'utf8')
        .replace('level: expert\n    docPath: vec-lesson', 'level: proficient\n    docPath: vec-lesson'),
    );
    await e.reindex();
    await expect(e.decideSkill({ id: seen.id, claimHash: seen.claimHash, verdict: 'approve', actor: 'alice' })).rejects.toThrow(/changed since you saw it/);
    expect(find((await e.skills({})).registrations, 'ada', 'sqlite-vec')!.status).toBe('pending');
  });

  it('two decisions at once are both kept', async () => {
    fx = makeFixture({ ...WIKI, 'user/bob/skills.yaml': yaml('skills:', '  - { skill: oauth, category: backend, level: proficient, docPath: oauth-notes }') });
    const e = fx.engine();
    await e.reindex();
    const pending = (await e.skills({ status: 'pending' })).registrations;
    expect(pending.length).toBeGreaterThanOrEqual(2);
    await Promise.all(pending.map((r) => e.decideSkill({ id: r.id, verdict: 'approve', actor: 'alice' })));
    expect((await e.skills({ status: 'pending' })).registrations).toEqual([]);
  });

  it('input that used to fail the whole run is reported and the run goes on', async () => {
    fx = makeFixture({
      ...WIKI,
      'user/ada/skills.yaml': yaml('projects: [../../code/app]'),
      'code/app/requirements.txt': 'constructor\n__proto__\nflask\n',
      'code/app/package.json': '{"dependencies": {"__proto__": "1", "toString": "1", "react": "1"}}',
    });
    fx.write('user/bob/skills.yaml/inner.md', '# a folder named like a registry file\n');
    const e = fx.engine();
    const report = await e.reindex();
    expect(report.failed).toBe(0);
    const { registrations, problems } = await e.skills({});
    expect(registrations.map((r) => r.skill)).toEqual(expect.arrayContaining(['flask', 'react']));
    expect(problems).toContainEqual({
      path: path.join(fx.root, 'user/bob/skills.yaml'),
      line: null,
      reason: 'not a file: a registry file must be a YAML file',
    });
  });

  it('an agent registers only its own skills, and a name that is not an agent name is refused', async () => {
    fx = makeFixture(WIKI);
    const e = fx.engine();
    await e.reindex();
    const claim = { agent: 'ada', skill: 'x', category: 'backend', level: 'familiar' as const, docPath: 'vec-lesson', actor: 'ada' };
    await expect(e.registerSkill({ ...claim, actor: 'mallory' })).rejects.toThrow('an agent registers its own skills: mallory cannot register for ada');
    for (const agent of ['*', 'a*', '[a]da', '?da', '..', 'ada/../bob', '']) {
      await expect(e.registerSkill({ ...claim, agent, actor: agent })).rejects.toThrow(/registerSkill: bad "agent"/);
    }
    expect(fs.existsSync(path.join(fx.root, 'user/*'))).toBe(false);
  });

  it('calibration counts other agents and distinct pages: one page linking fifty times does not outrank two agents', async () => {
    const spam = Array.from({ length: 50 }, () => '[[mal-doc]]').join(' ');
    fx = makeFixture({
      ...WIKI,
      'global/mal-doc.md': '# Mal doc\n',
      'global/spam.md': `# Spam\n${spam}\n`,
      'global/by-bob.md': '---\nowner: bob\n---\n# By bob\n[[vec-lesson]]\n',
      'global/by-carol.md': '---\nowner: carol\n---\n# By carol\n[[vec-lesson]]\n',
      'user/mal/skills.yaml': yaml('skills:', '  - { skill: sqlite-vec, category: backend, level: expert, docPath: mal-doc }'),
    });
    const e = fx.engine();
    await e.reindex();
    for (const r of (await e.skills({ status: 'pending' })).registrations) await e.decideSkill({ id: r.id, verdict: 'approve', actor: 'alice' });
    const { experts } = await e.expert({ domain: 'sqlite-vec' });
    expect(experts.map((x) => `${x.agent} ${x.calibration.citingAgents} ${x.calibration.citations}`)).toEqual(['ada 2 4', 'mal 0 1']);
  });
});
