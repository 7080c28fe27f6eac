// The database connection comes and goes (issue 37): `bahi serve` and `bahi worker` run as real
// processes on a real PostgreSQL 15 while the test ends their connections (pg_terminate_backend)
// during reads and then stops and restarts PostgreSQL. Both processes must stay up, answer health
// 503 while the database is down, refuse new drops with a clear 503, and finish every accepted file
// once it is back: read exactly once, charged once, its bytes gone. Before issue 37 an unlistened
// pg.Pool 'error' ended both processes at the first terminated connection.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/index.ts';
import { officeJobs, officeUploads, pageLedger } from '../src/db/schema.ts';
import { testConfig } from './helpers/harness.ts';
import { postgresOrSkip } from './helpers/postgres.ts';
import { alive, freePort, httpDrop, spawnBahi, type Proc } from './helpers/processes.ts';
import { makeMember, waitFor } from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

/** One statement on a connection of its own (the test's own pool must not be what is tested). */
async function sqlOnce(url: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end().catch(() => {});
  }
}

function assertUp(procs: Record<string, Proc>, when: string) {
  for (const [name, p] of Object.entries(procs))
    assert.ok(
      alive(p),
      `${name} is still running ${when}; its last lines:\n${p.lines.slice(-15).join('\n')}`,
    );
}

// Enough files that some are still waiting when PostgreSQL stops (one worker reads one at a time).
const FILES = [
  'HDFC/HDFC_multi.pdf',
  'ICICI/ICICI_multi.pdf',
  'HDFC/HDFC_short.pdf',
  'ICICI/ICICI_short.pdf',
  'AXIS/AXIS_short.pdf',
  'SBI/SBI_short.pdf',
  'KOTAK/KOTAK_short.pdf',
  'PNB/PNB_short.pdf',
  'BOB/BOB_short.pdf',
  'CANARA/CANARA_short.pdf',
];

const SUITE = 'the database going away on PostgreSQL';
if (needsCorpus.skip) test(SUITE, needsCorpus, () => {});
const cluster = needsCorpus.skip ? null : await postgresOrSkip(SUITE);
if (cluster) {
  describe('PostgreSQL restarts and cut connections under `bahi serve` and `bahi worker`', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahi-outage-'));
    const procs: Proc[] = [];
    after(async () => {
      for (const p of procs) if (alive(p)) p.child.kill('SIGKILL');
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('both stay up, answer 503 while it is down, and finish every accepted file once it is back', async () => {
      const url = cluster.databaseUrl;
      // The schema and a member, then the test's own connection is closed before the outage.
      const setup = await openDatabase({ databaseUrl: url, pgliteDir: '' });
      const config = testConfig();
      const member = await makeMember({ app: undefined as never, config, database: setup }, 500);
      await setup.close();

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = { DATABASE_URL: url, BAHI_DATA_DIR: dataDir };
      // The server stores and queues; the worker reads (as an office with PostgreSQL runs it).
      const server = spawnBahi(['serve'], { ...env, PORT: String(port), BAHI_QUEUE_WORKERS: '0' });
      const worker = spawnBahi(['worker'], env);
      procs.push(server, worker);
      const both = { 'bahi serve': server, 'bahi worker': worker };
      const health = async () => {
        try {
          return (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) })).status;
        } catch {
          return 0;
        }
      };
      await waitFor(async () => ((await health()) === 200 ? true : undefined), 120_000);
      await waitFor(
        async () => (worker.lines.some((l) => l.includes('worker started')) ? true : undefined),
        120_000,
      );

      const drop = () =>
        httpDrop(
          base,
          member.token,
          FILES.map((f) => ({ name: path.basename(f), bytes: corpusFile(f) })),
        );
      const accepted = await drop();
      assert.equal(accepted.status, 202, JSON.stringify(accepted.body));
      const ids: string[] = accepted.body.jobs.map((j: { id: string }) => j.id);

      // 1. Every connection of both processes is ended while a file is being read.
      const states = async () =>
        (await sqlOnce(url, `select id, state from office_jobs where user_id = '${member.id}'`)).rows as {
          id: string;
          state: string;
        }[];
      await waitFor(
        async () => ((await states()).some((r) => r.state === 'reading') ? true : undefined),
        120_000,
      );
      const ended = await sqlOnce(
        url,
        `select pg_terminate_backend(pid) from pg_stat_activity
          where pid <> pg_backend_pid() and datname = current_database() and backend_type = 'client backend'`,
      );
      assert.ok(ended.rowCount! >= 2, `connections ended: ${ended.rowCount}`);
      await new Promise((r) => setTimeout(r, 500));
      assertUp(both, 'after its connections were terminated');
      assert.equal(await health(), 200, 'health is still good: the next query takes a new connection');

      // 2. PostgreSQL stops (as for maintenance or a failover) while files are still waiting.
      const waiting = (await states()).filter((r) => r.state !== 'read').length;
      assert.ok(waiting > 0, 'files are still to be read when PostgreSQL stops');
      await cluster.down('fast');
      // within a few seconds: health answers from a probe a second (db/probe.ts)
      await waitFor(async () => ((await health()) === 503 ? true : undefined), 10_000).catch(() => {
        assert.fail('health reports the database down');
      });
      assertUp(both, 'after PostgreSQL stopped');
      const refused = await drop();
      assert.equal(refused.status, 503, JSON.stringify(refused.body));
      assert.equal(refused.body.code, 'UNAVAILABLE');
      assert.match(refused.body.detail, /database/i);
      // Long enough for both processes' timers (queue polling, supervision, repair) to meet the outage.
      await new Promise((r) => setTimeout(r, 6_000));
      assertUp(both, 'with PostgreSQL down for 7 s');

      // 3. PostgreSQL is back: nothing to restart, every accepted file is read, once.
      await cluster.up();
      await waitFor(async () => ((await health()) === 200 ? true : undefined), 60_000);
      const rows = await waitFor(async () => {
        const r = await states();
        return r.every((j) => j.state === 'read') ? r : undefined;
      }, 240_000).catch(async (err) => {
        console.log(await states(), server.lines.slice(-30), worker.lines.slice(-30));
        throw err;
      });
      assert.deepEqual(rows.map((r) => r.id).sort(), [...ids].sort());
      assertUp(both, 'after the outage');

      const check = await openDatabase({ databaseUrl: url, pgliteDir: '' });
      try {
        const spends = await check.db
          .select()
          .from(pageLedger)
          .where(and(eq(pageLedger.userId, member.id), eq(pageLedger.kind, 'spend')));
        const jobs = await check.db.select().from(officeJobs).where(inArray(officeJobs.id, ids));
        assert.equal(spends.length, jobs.filter((j) => j.pagesCharged > 0).length, 'one spend per file read');
        const kept = await check.db.select().from(officeUploads).where(inArray(officeUploads.jobId, ids));
        assert.equal(kept.length, 0, 'the bytes of every file are deleted once it is read');
      } finally {
        await check.close();
      }
      // Both processes said what happened, in a line of their own.
      assert.ok(
        server.lines.some((l) => /database connection (lost|error)/.test(l)),
        'the server logged the loss',
      );
      assert.ok(
        worker.lines.some((l) => /database connection (lost|error)/.test(l)),
        'the worker logged the loss',
      );

      server.child.kill('SIGTERM');
      worker.child.kill('SIGTERM');
      assert.equal(await server.exited, 0);
      assert.equal(await worker.exited, 0);
    });
  });
}
