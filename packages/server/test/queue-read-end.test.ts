// The end of a dropped file's read (issue 37/38, decision 052 round twelve): the job marked read,
// the spend, the history, the statement and its filing in one transaction of few statements, with
// every guarantee of the transaction it replaced: paid once (a repeat within the day is free), a
// short balance refused with nothing kept, a job ended by another delivery left alone. PGlite in
// memory (inline) and PostgreSQL 15 when installed, the real reader, a CSV statement made here.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { extractions, officeJobs, officeUploads, pageLedger } from '../src/db/schema.ts';
import { fileUnfiled } from '../src/office/accounts.ts';
import { assignLedgers, loadRules, rememberClientLedgers } from '../src/office/ledgers.ts';
import { accountStatements, bookRows, clientRules, unfiledStatements } from '../src/office/tables.ts';
import { bookChanges, monthApprovals } from '../src/office/team-tables.ts';
import { readDroppedFile } from '../src/queue/read.ts';
import { storeDrop } from '../src/queue/store.ts';
import { UploadFiles } from '../src/queue/upload-files.ts';
import { saveStatementRows } from '../src/statements/results.ts';
import { statementResults, statementRowChunks } from '../src/statements/tables.ts';
import { startApp } from './helpers/harness.ts';
import { postgresOrSkip } from './helpers/postgres.ts';
import { makeClient, makeMember, pagesOf, silentLog, tempUploadsDir } from './helpers/queue.ts';

/** A CSV statement of `n` deposits (50 rows a page: n = 120 costs 3 pages), `tag` in each narration. */
function csv(n: number, tag: string): Buffer {
  const lines = ['Date,Narration,Withdrawal,Deposit,Balance'];
  for (let i = 0; i < n; i++)
    lines.push(
      `${String(1 + (i % 28)).padStart(2, '0')}/04/2024,${tag} NEFT ${i},,100.00,${(100 * (i + 1)).toFixed(2)}`,
    );
  return Buffer.from(lines.join('\n') + '\n');
}

/** The rows csv(n, tag) prints, as the book keeps them, in the order of their narrations. */
function csvBookRows(n: number, tag: string) {
  const rows = [];
  for (let i = 0; i < n; i++)
    rows.push({
      date: `2024-04-${String(1 + (i % 28)).padStart(2, '0')}`,
      description: `${tag} NEFT ${i}`,
      withdrawal: 0,
      deposit: 10_000,
      balance: 10_000 * (i + 1),
      reference: null,
    });
  return rows.sort((a, b) => a.description.localeCompare(b.description));
}

/**
 * The statements each transaction sent, in order, by transaction (PGlite's transaction method), and
 * beside them each statement's parameters as JSON text.
 */
function watchTransactions(pglite: PGlite) {
  const transactions: string[][] = [];
  const parameters: string[][] = [];
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = (async (fn: Parameters<PGlite['transaction']>[0]) => {
    const sent: string[] = [];
    const values: string[] = [];
    transactions.push(sent);
    parameters.push(values);
    return transaction((tx) => {
      const query = tx.query.bind(tx);
      const exec = tx.exec.bind(tx);
      tx.query = ((q: string, ...rest: unknown[]) => {
        sent.push(q);
        values.push(JSON.stringify(rest[0] ?? []));
        return (query as (...a: unknown[]) => unknown)(q, ...rest);
      }) as typeof tx.query;
      tx.exec = ((q: string, ...rest: unknown[]) => {
        sent.push(q);
        values.push('[]');
        return (exec as (...a: unknown[]) => unknown)(q, ...rest);
      }) as typeof tx.exec;
      return fn(tx);
    });
  }) as PGlite['transaction'];
  return { transactions, parameters, stop: () => void (pglite.transaction = transaction) };
}

/**
 * Records when each named statement of a read's transaction is sent and answered, on PGlite's own
 * connection (`name` gives a statement's name, or '' to leave it out). Undone by `stop`.
 */
function probeStatements(pglite: PGlite, name: (sql: string) => string) {
  const events: string[] = [];
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = (async (fn: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      const query = tx.query.bind(tx);
      tx.query = (async (q: string, ...rest: unknown[]) => {
        const what = name(q);
        if (what) events.push(`sent ${what}`);
        try {
          return await (query as (...a: unknown[]) => Promise<unknown>)(q, ...rest);
        } finally {
          if (what) events.push(`answered ${what}`);
        }
      }) as typeof tx.query;
      return fn(tx);
    })) as PGlite['transaction'];
  return { events, stop: () => void (pglite.transaction = transaction) };
}

const cluster = await postgresOrSkip("a dropped file's end on PostgreSQL 15");
suite('PGlite', () => startApp());
if (cluster)
  suite(
    'PostgreSQL 15',
    () => startApp({ databaseUrl: cluster.databaseUrl }),
    () => cluster.stop(),
  );

function suite(kind: string, start: () => ReturnType<typeof startApp>, stop?: () => Promise<void>) {
  describe(`a dropped file's end: few statements, the same guarantees (${kind})`, () => {
    let h: Awaited<ReturnType<typeof startApp>>;
    let uploads: UploadFiles;
    before(async () => {
      h = await start();
      uploads = new UploadFiles(tempUploadsDir());
    });
    after(async () => {
      await h?.close();
      await stop?.();
      rmSync(uploads.dir, { recursive: true, force: true });
    });

    const deps = (beforeRead?: (jobId: string) => Promise<void>) => ({
      db: h.database.db,
      uploads,
      log: silentLog,
      ...(beforeRead ? { beforeRead } : {}),
    });

    async function dropOne(userId: string, bytes: Buffer) {
      const [job] = await storeDrop(h.database.db, uploads, userId, null, randomUUID(), [
        { fileName: 'april.csv', bytes },
      ]);
      return job!.id;
    }

    async function jobOf(id: string) {
      const [row] = await h.database.db.select().from(officeJobs).where(eq(officeJobs.id, id));
      return row!;
    }

    test('the read, the spend, the history, the statement and the filing are five statements', async () => {
      // (counted on the embedded database's transactions; the rest of the test holds on both)
      const m = await makeMember(h, 100);
      const jobId = await dropOne(m.id, csv(120, 'FIVE'));
      const pglite = h.database.pglite as PGlite | undefined;
      const watch = pglite && watchTransactions(pglite);
      let outcome;
      try {
        outcome = await readDroppedFile(deps(), jobId);
      } finally {
        watch?.stop();
      }
      assert.equal(outcome, 'read');
      if (watch) {
        const end = watch.transactions.find((t) => t.some((q) => q.includes('pg_advisory_xact_lock')));
        assert.ok(end, 'the end is one transaction');
        // the spend's lock; the job, the spend, the history and the statement; the accounts the
        // number names and the unfiled statement kept (no client: the inbox); the job's last word
        // with its upload's row. Fourteen until session 16, each a round trip to the database's thread.
        assert.ok(end.length <= 5, `the end sent ${end.length} statements:\n${end.join('\n---\n')}`);
      }

      // and everything the old transaction wrote is there
      const job = await jobOf(jobId);
      assert.equal(job.state, 'read');
      assert.equal(job.rows, 120);
      assert.equal(job.pagesCharged, 3);
      assert.ok(job.statementId);
      assert.equal(await pagesOf(h, m.id), 97);
      const spends = await h.database.db.select().from(pageLedger).where(eq(pageLedger.userId, m.id));
      assert.deepEqual(
        spends.map((s) => [s.kind, s.pages]),
        [['spend', -3]],
      );
      const [history] = await h.database.db.select().from(extractions).where(eq(extractions.userId, m.id));
      assert.deepEqual([history?.id, history?.pages, history?.rows], [job.statementId, 3, 120]);
      const [stored] = await h.database.db
        .select()
        .from(statementResults)
        .where(eq(statementResults.id, job.statementId!));
      assert.equal(stored?.rowCount, 120);
      const unfiled = await h.database.db
        .select()
        .from(unfiledStatements)
        .where(eq(unfiledStatements.statementId, job.statementId!));
      assert.equal(unfiled.length, 1);
      const left = await h.database.db.select().from(officeUploads).where(eq(officeUploads.jobId, jobId));
      assert.equal(left.length, 0, "the upload's row went with the job");
    });

    test('the same file again within the day is read free; the balance pays once', async () => {
      const m = await makeMember(h, 100);
      const bytes = csv(120, 'AGAIN');
      assert.equal(await readDroppedFile(deps(), await dropOne(m.id, bytes)), 'read');
      const second = await dropOne(m.id, bytes);
      assert.equal(await readDroppedFile(deps(), second), 'read');
      assert.equal((await jobOf(second)).pagesCharged, 0);
      assert.equal(await pagesOf(h, m.id), 97);
      const spends = await h.database.db.select().from(pageLedger).where(eq(pageLedger.userId, m.id));
      assert.equal(spends.length, 1);
    });

    test("the spend's lock and markRead travel together: markRead is sent before the lock answers", async () => {
      // (one round trip less while the end holds the embedded database: decision 052, round seventeen)
      const pglite = h.database.pglite as PGlite | undefined;
      if (!pglite) return;
      const m = await makeMember(h, 100);
      const jobId = await dropOne(m.id, csv(60, 'TOGETHER'));
      const { events, stop } = probeStatements(pglite, (q) =>
        q.includes('pg_advisory_xact_lock') ? 'lock' : q.includes('with payer as') ? 'markRead' : '',
      );
      try {
        assert.equal(await readDroppedFile(deps(), jobId), 'read');
      } finally {
        stop();
      }
      assert.deepEqual(events, ['sent lock', 'sent markRead', 'answered lock', 'answered markRead']);
    });

    test("the job's statement and upload travel with the lock and markRead; the filing after them", async () => {
      // (round eighteen: one round trip less while the end holds the embedded database)
      const pglite = h.database.pglite as PGlite | undefined;
      if (!pglite) return;
      const m = await makeMember(h, 100);
      const jobId = await dropOne(m.id, csv(60, 'CLOSED'));
      const { events, stop } = probeStatements(pglite, (q) =>
        q.includes('pg_advisory_xact_lock')
          ? 'lock'
          : q.includes('with payer as')
            ? 'markRead'
            : q.includes('delete from office_uploads')
              ? 'closeJob'
              : q.includes('unfiled_statements')
                ? 'unfiled'
                : '',
      );
      try {
        assert.equal(await readDroppedFile(deps(), jobId), 'read');
      } finally {
        stop();
      }
      assert.deepEqual(events.slice(0, 4), ['sent lock', 'sent markRead', 'sent closeJob', 'answered lock']);
      assert.deepEqual(events.slice(-2), ['sent unfiled', 'answered unfiled']);
      const job = await jobOf(jobId);
      assert.equal(job.state, 'read');
      assert.ok(job.statementId);
    });

    test('two copies of one file read at once: one pays, the other is free', async () => {
      const m = await makeMember(h, 100);
      const bytes = csv(120, 'RACE');
      const [a, b] = [await dropOne(m.id, bytes), await dropOne(m.id, bytes)];
      assert.deepEqual(await Promise.all([readDroppedFile(deps(), a), readDroppedFile(deps(), b)]), [
        'read',
        'read',
      ]);
      const charged = [(await jobOf(a)).pagesCharged, (await jobOf(b)).pagesCharged].sort();
      assert.deepEqual(charged, [0, 3]);
      assert.equal(await pagesOf(h, m.id), 97);
      const spends = await h.database.db.select().from(pageLedger).where(eq(pageLedger.userId, m.id));
      assert.equal(spends.length, 1);
    });

    test('a balance short of the cost: the file fails with the words, nothing spent or kept', async () => {
      const m = await makeMember(h, 2);
      const jobId = await dropOne(m.id, csv(120, 'SHORT'));
      assert.equal(await readDroppedFile(deps(), jobId), 'failed');
      const job = await jobOf(jobId);
      assert.equal(job.state, 'failed');
      assert.equal(job.reasonCode, 'NOT_ENOUGH_PAGES');
      assert.match(job.reason ?? '', /this needs 3 pages and you have 2 left/);
      assert.equal(job.statementId, null);
      assert.equal(await pagesOf(h, m.id), 2);
      const db = h.database.db;
      assert.equal((await db.select().from(pageLedger).where(eq(pageLedger.userId, m.id))).length, 0);
      assert.equal((await db.select().from(extractions).where(eq(extractions.userId, m.id))).length, 0);
      assert.equal(
        (await db.select().from(statementResults).where(eq(statementResults.userId, m.id))).length,
        0,
      );
      assert.equal(
        (await db.select().from(statementRowChunks).where(eq(statementRowChunks.userId, m.id))).length,
        0,
        'the staged rows went too',
      );
    });

    test('a job another delivery ended meanwhile is left as it is: nothing spent, saved or filed', async () => {
      const m = await makeMember(h, 100);
      const jobId = await dropOne(m.id, csv(120, 'TWICE'));
      // the other delivery's end, between this one's claim and its end
      const endedElsewhere = async (id: string) =>
        void (await h.database.db
          .update(officeJobs)
          .set({ state: 'failed', reasonCode: 'INTERNAL' })
          .where(and(eq(officeJobs.id, id), eq(officeJobs.state, 'reading'))));
      assert.equal(await readDroppedFile(deps(endedElsewhere), jobId), 'skipped');
      const job = await jobOf(jobId);
      assert.deepEqual([job.state, job.pagesCharged, job.statementId], ['failed', 0, null]);
      assert.equal(await pagesOf(h, m.id), 100);
      const db = h.database.db;
      assert.equal((await db.select().from(pageLedger).where(eq(pageLedger.userId, m.id))).length, 0);
      assert.equal((await db.select().from(extractions).where(eq(extractions.userId, m.id))).length, 0);
      assert.equal(
        (await db.select().from(statementResults).where(eq(statementResults.userId, m.id))).length,
        0,
      );
      assert.equal(
        (await db.select().from(unfiledStatements).where(eq(unfiledStatements.userId, m.id))).length,
        0,
      );
      assert.equal(
        (await db.select().from(statementRowChunks).where(eq(statementRowChunks.userId, m.id))).length,
        0,
      );
    });

    /** An account's book as its rows' fields, in the order of their narrations. */
    async function bookOf(accountId: string) {
      const rows = await h.database.db.select().from(bookRows).where(eq(bookRows.accountId, accountId));
      return rows
        .map((r) => ({
          date: r.date,
          description: r.description,
          withdrawal: r.withdrawal,
          deposit: r.deposit,
          balance: r.balance,
          reference: r.reference,
        }))
        .sort((a, b) => a.description.localeCompare(b.description));
    }

    async function unfiledOf(statementId: string) {
      const [u] = await h.database.db
        .select()
        .from(unfiledStatements)
        .where(eq(unfiledStatements.statementId, statementId));
      return u!;
    }

    test('kept as unfiled, the statement names its stored rows: the end copies none, filing books every one', async () => {
      const m = await makeMember(h, 100);
      const jobId = await dropOne(m.id, csv(120, 'NAMED'));
      const pglite = h.database.pglite as PGlite | undefined;
      const watch = pglite && watchTransactions(pglite);
      try {
        assert.equal(await readDroppedFile(deps(), jobId), 'read');
      } finally {
        watch?.stop();
      }
      if (watch) {
        const at = watch.transactions.findIndex((t) => t.some((q) => q.includes('pg_advisory_xact_lock')));
        const sent = watch.parameters[at]!.join('\n');
        // the statement's detail shows its first rows (the XML preview); the rows past them were
        // sent again whole, as one JSONB for the unfiled statement, until session 17
        assert.doesNotMatch(sent, /NAMED NEFT 119\b/, "the end sent the statement's rows again");
      }
      const job = await jobOf(jobId);
      const u = await unfiledOf(job.statementId!);
      assert.equal(u.rows, null, 'the rows are named, not copied');
      assert.deepEqual([u.rowCount, u.firstDate, u.lastDate], [120, '2024-04-01', '2024-04-28']);

      // filed once its account is added: every row as the file printed it
      const client = await makeClient(h, m.id, ['50100012345678']);
      const filed = await fileUnfiled(h.database.db, m.id, u.id, client.accountIds[0]!, new Date());
      assert.equal(filed?.added, 120);
      assert.deepEqual(await bookOf(client.accountIds[0]!), csvBookRows(120, 'NAMED'));
      const left = await h.database.db.select().from(unfiledStatements).where(eq(unfiledStatements.id, u.id));
      assert.equal(left.length, 0);
    });

    test('filed into the account its number names: the end is six statements, the book, ledgers, trail and approvals as before', async () => {
      const m = await makeMember(h, 100);
      const client = await makeClient(h, m.id, ['50100123456789']);
      const accountId = client.accountIds[0]!;
      const db = h.database.db;
      // a rule (rows with 'neft 7' in them), the memory (every narration's 'filed' and 'neft'),
      // and two approved months, one of which the statement touches
      await db.insert(clientRules).values({
        userId: m.id,
        clientId: client.id,
        position: 0,
        name: 'Sevens',
        words: ['neft 7'],
        match: 'any',
        direction: 'any',
        ledger: 'Cash',
        voucherType: 'Contra',
      });
      await rememberClientLedgers(
        db,
        client.id,
        [{ description: 'FILED NEFT 3', ledger: 'Acme' }],
        new Date(),
      );
      await db.insert(monthApprovals).values(
        ['2024-04', '2024-06'].map((month) => ({
          clientId: client.id,
          month,
          approvedByName: 'Partner',
          approvedAt: new Date(),
        })),
      );
      const printed = (n: number, tag: string, month = '04') =>
        Buffer.from(
          'Account Number: 50100123456789\n' +
            csv(n, tag).toString().replaceAll('/04/2024', `/${month}/2024`),
        );
      const pglite = h.database.pglite as PGlite | undefined;
      const ends: string[][] = [];
      for (const [n, tag, month] of [
        [120, 'FILED', '04'],
        [10, 'EARLY', '03'],
      ] as const) {
        const jobId = await dropOne(m.id, printed(n, tag, month));
        const watch = pglite && watchTransactions(pglite);
        try {
          assert.equal(await readDroppedFile(deps(), jobId), 'read');
        } finally {
          watch?.stop();
        }
        if (watch)
          ends.push(watch.transactions.find((t) => t.some((q) => q.includes('pg_advisory_xact_lock')))!);
        assert.equal((await jobOf(jobId)).accountId, accountId, `${tag}: filed into the account`);
      }
      // the spend's lock; the job, spend, history, statement and the accounts; the job's statement
      // and upload (these three sent together); the job's account (sent with the account's lock);
      // the account's lock, what the merge reads, what it writes. Sixteen until session 18 (a
      // savepoint and its release, the match, the book, the rules, the memory, the rows, the trail,
      // the approvals and the statement's row each a statement of its own); six until session 22,
      // in five round trips as now.
      for (const end of ends)
        assert.ok(end.length <= 7, `the end sent ${end.length} statements:\n${end.join('\n---\n')}`);

      // the book: every row as the files printed them, March's ten before April's 120, in one order
      const book = await db
        .select()
        .from(bookRows)
        .where(eq(bookRows.accountId, accountId))
        .orderBy(bookRows.position);
      assert.deepEqual(
        book.map((r) => r.position),
        book.map((_, i) => i),
      );
      assert.ok(
        book.slice(0, 10).every((r) => r.date.startsWith('2024-03')) && book[10]!.date === '2024-04-01',
      );
      const fields = (r: (typeof book)[number]) => ({
        date: r.date,
        description: r.description,
        withdrawal: r.withdrawal,
        deposit: r.deposit,
        balance: r.balance,
        reference: r.reference,
      });
      const byName = (a: { description: string }, b: { description: string }) =>
        a.description.localeCompare(b.description);
      assert.deepEqual(
        book.map(fields).sort(byName),
        [
          ...csvBookRows(10, 'EARLY').map((r) => ({ ...r, date: r.date.replace('2024-04', '2024-03') })),
          ...csvBookRows(120, 'FILED'),
        ].sort(byName),
      );
      // each row's ledger as assignLedgers (the statements it was filed with before) gives it
      const expected = await assignLedgers(db, client.id, await loadRules(db, client.id), book);
      assert.deepEqual(
        book.map((r) => [r.ledger, r.ledgerSource, r.ledgerReason, r.voucherType, r.taxSplit]),
        expected.map((l) => [
          l?.ledger ?? '',
          l?.source ?? null,
          l?.reason ?? '',
          l?.voucherType ?? null,
          l?.taxSplit ?? null,
        ]),
      );
      assert.ok(book.some((r) => r.ledgerSource === 'rule') && book.some((r) => r.ledgerSource === 'memory'));
      assert.ok(book.every((r) => r.userId === m.id && r.statementId));

      // the trail: a 'file' line per month with new rows, the approved month withdrawn with its line
      const trail = await db.select().from(bookChanges).where(eq(bookChanges.clientId, client.id));
      assert.deepEqual(
        trail
          .map((c) => [c.kind, c.month, c.rows, c.accountId, c.actorId, c.actorName, c.detail])
          .sort((a, b) => String(a).localeCompare(String(b))),
        [
          ['file', '2024-03', 10, accountId, null, '', 'statement april.csv filed'],
          ['file', '2024-04', 120, accountId, null, '', 'statement april.csv filed'],
          ['withdraw', '2024-04', 0, null, null, '', 'statement april.csv filed'],
        ],
      );
      const approved = await db.select().from(monthApprovals).where(eq(monthApprovals.clientId, client.id));
      assert.deepEqual(
        approved.map((a) => a.month),
        ['2024-06'],
      );
      // the statements' rows in account_statements
      const filed = await db
        .select()
        .from(accountStatements)
        .where(eq(accountStatements.accountId, accountId));
      assert.deepEqual(
        filed
          .map((f) => [f.periodFrom, f.periodTo, f.rows, f.added, f.recognised, f.fileName, f.userId])
          .sort((a, b) => String(a).localeCompare(String(b))),
        [
          ['2024-03-01', '2024-03-10', 10, 10, 0, 'april.csv', m.id],
          ['2024-04-01', '2024-04-28', 120, 120, 0, 'april.csv', m.id],
        ],
      );
    });

    test("the statement's rows edited after: the unfiled statement still files them as read", async () => {
      const m = await makeMember(h, 100);
      const jobId = await dropOne(m.id, csv(30, 'EDIT'));
      assert.equal(await readDroppedFile(deps(), jobId), 'read');
      const { statementId } = await jobOf(jobId);
      const [stored] = await h.database.db
        .select({ revision: statementResults.revision })
        .from(statementResults)
        .where(eq(statementResults.id, statementId!));
      // the user keeps one row of the thirty, its narration changed
      const edited = await saveStatementRows(
        h.database.db,
        m.id,
        statementId!,
        {
          revision: stored!.revision,
          rows: [['01-04-2024', 'CHANGED', '', '100.00', '100.00']],
          ledgers: [''],
        },
        new Date(),
      );
      assert.ok(typeof edited === 'object', `the edit was refused: ${String(edited)}`);
      const u = await unfiledOf(statementId!);
      assert.equal(u.rows?.length, 30, 'the unfiled statement took its copy before the edit');
      const client = await makeClient(h, m.id, ['50100087654321']);
      const filed = await fileUnfiled(h.database.db, m.id, u.id, client.accountIds[0]!, new Date());
      assert.equal(filed?.added, 30);
      assert.deepEqual(await bookOf(client.accountIds[0]!), csvBookRows(30, 'EDIT'));
    });
  });
}
