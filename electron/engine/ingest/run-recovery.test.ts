// A run that ends without relinking, in ways a kill -9 test does not reach: it fails inside a
// server that goes on living, or its process dies and the pid comes back as another process.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { pictureOf } from '../testing/real-wiki.ts';
import { processIdentity } from '../process-identity.ts';
import { openBareConnection } from '../store/sqlite/database.ts';

let fx: Fixture;
afterEach(() => {
  delete process.env.CAIRN_LOCK_WAIT_MS;
  fx?.cleanup();
});

/** 600 pages linking each other, so a run has several batches and thousands of links to resolve. */
function linkedWiki(): Record<string, string> {
  return Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`p${i}.md`, `# Page ${i}\n[[p${(i * 7) % 650}]] [[p${(i + 1) % 650}]]\n`]));
}

async function cleanPicture(): Promise<ReturnType<typeof pictureOf>> {
  const clean = makeFixture(Object.fromEntries(Object.entries(linkedWiki()).map(([k, v]) => [k, v])));
  try {
    const e = clean.engine();
    await e.reindex();
    void e.close();
    return pictureOf(clean.db);
  } finally {
    clean.cleanup();
  }
}

describe('runs that ended without relinking', () => {
  it("a run that fails inside a process that lives on is repaired by that process's next run", async () => {
    fx = makeFixture(Object.fromEntries(Object.keys(linkedWiki()).map((k) => [k, '# Draft\n'])));
    const e = fx.engine();
    await e.reindex();
    for (const [rel, text] of Object.entries(linkedWiki())) fx.write(rel, text);
    process.env.CAIRN_LOCK_WAIT_MS = '1000';
    // another process takes the write lock once this run has written its first pages, and keeps it until the run gives up
    const holder = openBareConnection(fx.db);
    let holding = false;
    e.events.on('indexProgress', (p) => {
      if (p.phase === 'index' && p.indexed > 0 && !holding) {
        holder.exec('BEGIN IMMEDIATE');
        holding = true;
      }
    });
    await expect(e.reindex()).rejects.toThrow(/stayed locked by another process/);
    expect(holding).toBe(true);
    holder.exec('COMMIT');
    holder.close();
    e.events.removeAllListeners('indexProgress');
    expect(e.db.prepare(`SELECT state FROM runs ORDER BY id`).pluck().all()).toEqual(['done', 'running']);

    const r = await e.reindex();
    expect(r.failed).toBe(0);
    expect(pictureOf(fx.db)).toEqual(await cleanPicture());
  });

  it('a run left "running" by a dead process whose pid now belongs to another process is repaired', async () => {
    fx = makeFixture(linkedWiki());
    const e = fx.engine();
    await e.reindex();
    // the pid lives on as another program: same number, another start time
    const other = spawn('sleep', ['30']);
    try {
      const live = processIdentity(other.pid!);
      expect(live).not.toBeNull();
      const reused = live!.replace(/\/[^/]*$/, '/1');
      e.db.prepare(`UPDATE links SET target_page_id = NULL, reason = NULL`).run(); // what a run killed before relinking leaves
      e.db
        .prepare(`INSERT INTO runs (started_at, roots, counts, state, pid, process) VALUES ('2026-01-01', '[]', '{}', 'running', ?, ?)`)
        .run(other.pid, reused);
      expect(await e.reindex()).toMatchObject({ indexed: 0, dangling: 44 });
      expect(e.db.prepare(`SELECT state FROM runs WHERE pid = ?`).pluck().get(other.pid)).toBe('abandoned');
      expect(pictureOf(fx.db)).toEqual(await cleanPicture());

      // the same pid with its own start time is a run under way: left alone, no relink forced
      e.db.prepare(`INSERT INTO runs (started_at, roots, counts, state, pid, process) VALUES ('2026-01-01', '[]', '{}', 'running', ?, ?)`).run(other.pid, live);
      await e.reindex();
      expect(e.db.prepare(`SELECT state FROM runs WHERE pid = ? ORDER BY id`).pluck().all(other.pid)).toEqual(['abandoned', 'running']);
    } finally {
      other.kill();
    }
  });
});
