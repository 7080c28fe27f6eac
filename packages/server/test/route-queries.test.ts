// The routes the office's screens poll answer in one query each after the guard's (issue 37,
// decision 052 round four): the book took nine round trips and the jobs list up to three, each a
// wait for the embedded database (on its own thread, two hand-offs a query). Counts the statements
// PGlite runs per request, and checks that a page, a month and a words view of the book are what
// the whole book says, so one query did not change the answer.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { randomUUID } from 'node:crypto';
import { officeMembers, clientAssignments } from '../src/office/team-tables.ts';
import { insertDrop } from '../src/queue/store.ts';
import { forgetSignIns } from '../src/auth/sign-in-cache.ts';
import { call, startApp } from './helpers/harness.ts';
import { member, type Harness } from './helpers/security.ts';

type Row = { Date: string; Description: string; Withdrawal: string; Deposit: string; ClosingBalance: string };
const fmt = (p: number) => (p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });

/** Rows over January and February: kirana payments, rent, receipts; one balance printed wrong (a gap). */
function rows(): Row[] {
  let bal = 5_000_000;
  return Array.from({ length: 20 }, (_, i) => {
    const kind = i % 3;
    const paise = 10_000 + i * 517;
    const out = kind !== 2;
    bal += out ? -paise : paise;
    return {
      Date: `${String((i % 10) + 2).padStart(2, '0')}-${i < 10 ? '01' : '02'}-2026`,
      Description:
        kind === 0
          ? `UPI-KIRANA STORE-kirana${i}@okaxis-PAY`
          : kind === 1
            ? `NEFT-SHARMA ESTATES-RENT ${i}`
            : `NEFT-ACME CORP-INV ${i}`,
      Withdrawal: out ? fmt(paise) : '',
      Deposit: out ? '' : fmt(paise),
      ClosingBalance: fmt(i === 13 ? bal + 100 : bal),
    };
  });
}

let h: Harness;
let owner: string;
let accountant: string;
let assigned: { client: string; account: string };
let other: { client: string; account: string };
let jobs: { inbox: string; assigned: string; other: string };

/** The statements the embedded database ran during `work`, but the health probe's. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const pglite = h.database.pglite!;
  const query = pglite.query.bind(pglite);
  const seen: string[] = [];
  pglite.query = ((sql: string, ...rest: unknown[]) => {
    // (the health route's database probe runs `select 1` every second on its own timer)
    if (sql !== 'select 1') seen.push(sql);
    return (query as (...a: unknown[]) => unknown)(sql, ...rest);
  }) as typeof pglite.query;
  try {
    await work();
  } finally {
    pglite.query = query;
  }
  return seen;
}

const get = (token: string, url: string) => call(h.app, 'GET', `/api/office${url}`, { token });
const post = (token: string, url: string, json: unknown) =>
  call(h.app, 'POST', `/api/office${url}`, { token, json });

/** The answer of GET `url` and the statements it ran (after the guard's one). */
async function counted(token: string, url: string) {
  let answer: Awaited<ReturnType<typeof get>> | undefined;
  // (the guard's answer kept from the call before would spare its query: counted here as a first call's)
  forgetSignIns(h.app.bahi.db);
  const run = await statementsDuring(async () => {
    answer = await get(token, url);
  });
  return { answer: answer!, run };
}

before(async () => {
  h = await startApp();
  const o = await member(h);
  const a = await member(h);
  owner = await o.token();
  accountant = await a.token();
  const client = async (name: string, number: string) => {
    const c = (await post(owner, '/clients', { name, state_code: '27' })).body;
    const acc = (
      await post(owner, `/clients/${c.id}/accounts`, {
        bank: 'HDFC',
        account_number: number,
        tally_ledger: 'HDFC',
      })
    ).body.account;
    return { client: c.id as string, account: acc.id as string };
  };
  assigned = await client('Assigned Traders', '50100111');
  other = await client('Other Traders', '50100222');
  const filed = await post(owner, '/statements/file', {
    client_id: assigned.client,
    account_number: '50100111',
    transactions: rows(),
  });
  assert.equal(filed.body.kind, 'filed', filed.raw);
  // a rule for the rent, and a ledger set by hand on a kirana row (the memory learns its payee)
  const rule = await post(owner, `/clients/${assigned.client}/rules`, {
    words: ['SHARMA'],
    ledger: 'Office Rent',
  });
  assert.equal(rule.status, 200, rule.raw);
  const book = (await get(owner, `/accounts/${assigned.account}/book`)).body;
  const kirana = book.rows.find((r: Row) => r.Description.startsWith('UPI-KIRANA'));
  const set = await call(h.app, 'PUT', `/api/office/accounts/${assigned.account}/ledgers`, {
    token: owner,
    json: { rows: [{ id: kirana.id, ledger: 'Purchases' }] },
  });
  assert.equal(set.status, 200, set.raw);
  // the second member works in the owner's office as an accountant of the first client only
  const db = h.database.db;
  await db.insert(officeMembers).values({ userId: a.id, officeId: o.id, role: 'accountant' });
  await db.insert(clientAssignments).values({ clientId: assigned.client, userId: a.id });
  // a file on the inbox and one on each client, as a drop leaves them
  const file = () => ({ fileName: 'a.pdf', key: `k/${randomUUID()}`, size: 10, sha256: 'ab'.repeat(32) });
  const dropped = async (clientId: string | null) =>
    (await insertDrop(db, o.id, clientId, randomUUID(), [file()]))[0].id;
  jobs = {
    inbox: await dropped(null),
    assigned: await dropped(assigned.client),
    other: await dropped(other.client),
  };
  // one signed-in call each first: the session's first use may write its last-seen time
  await get(owner, '/clients');
  await get(accountant, '/clients');
});
after(() => h?.close());

test('the book: the guard, one query, and the memory recalled for open rows no rule sets', async () => {
  const { answer, run } = await counted(owner, `/accounts/${assigned.account}/book`);
  assert.equal(answer.status, 200, answer.raw);
  const book = answer.body;
  assert.equal(book.rows.length, 20);
  assert.equal(book.account.rows, 20);
  assert.equal(book.account.gaps, 2, 'the wrong balance on the 14th row: a gap before it and after it');
  assert.equal(book.gaps.length, 2);
  assert.equal(book.months.length, 2);
  assert.equal(book.statements.length, 1);
  // the rule's rows and the kirana payee's are offered their ledgers
  assert.ok(book.rows.some((r: { suggested_ledger?: string }) => r.suggested_ledger === 'Office Rent'));
  assert.ok(book.rows.some((r: { suggested_ledger?: string }) => r.suggested_ledger === 'Purchases'));
  assert.equal(run.length, 3, run.join('\n---\n'));
  assert.match(run[2], /client_ledger_memory/);

  // a page, a month and a words view: one query as well, and the whole book's rows
  const page = await counted(owner, `/accounts/${assigned.account}/book?rows_from=12&rows_limit=4`);
  assert.equal(page.run.length, 3, page.run.join('\n---\n'));
  assert.deepEqual(page.answer.body.rows, book.rows.slice(12, 16));
  assert.equal(page.answer.body.rows.filter((r: { gap_before: boolean }) => r.gap_before).length, 2);
  assert.deepEqual({ ...page.answer.body, rows: [], rows_from: 0 }, { ...book, rows: [] });

  const feb = await counted(
    owner,
    `/accounts/${assigned.account}/book?month=2026-02&rows_from=2&rows_limit=5`,
  );
  assert.equal(feb.run.length, 3, feb.run.join('\n---\n'));
  const febRows = book.rows.filter((r: Row) => r.Date.endsWith('-02-2026'));
  assert.equal(feb.answer.body.rows_total, febRows.length);
  assert.deepEqual(feb.answer.body.rows, febRows.slice(2, 7));

  const words = await counted(owner, `/accounts/${assigned.account}/book?words=acme&rows_limit=3`);
  assert.equal(words.run.length, 3, words.run.join('\n---\n'));
  const acme = book.rows.filter((r: Row) => r.Description.includes('ACME'));
  assert.equal(words.answer.body.rows_total, acme.length);
  assert.deepEqual(words.answer.body.rows, acme.slice(0, 3));
});

test('an empty book, and a book with no open row: the guard and one query', async () => {
  const empty = await counted(owner, `/accounts/${other.account}/book`);
  assert.equal(empty.answer.status, 200);
  assert.equal(empty.answer.body.rows_total, 0);
  assert.equal(empty.run.length, 2, empty.run.join('\n---\n'));
});

test('an accountant: the assigned client’s book in the same queries; another’s is 404 in one', async () => {
  const mine = await counted(accountant, `/accounts/${assigned.account}/book`);
  assert.equal(mine.answer.status, 200, mine.answer.raw);
  assert.equal(mine.run.length, 3, mine.run.join('\n---\n'));
  const theirs = await counted(accountant, `/accounts/${other.account}/book`);
  assert.equal(theirs.answer.status, 404, theirs.answer.raw);
  assert.equal(theirs.run.length, 2, theirs.run.join('\n---\n'));
});

test('the jobs list: the guard and one query, for the owner and for an accountant', async () => {
  const inbox = await counted(owner, '/jobs?inbox=1');
  assert.equal(inbox.answer.status, 200, inbox.answer.raw);
  assert.deepEqual(
    inbox.answer.body.jobs.map((j: { id: string }) => j.id),
    [jobs.inbox],
  );
  assert.equal(inbox.run.length, 2, inbox.run.join('\n---\n'));
  const all = await counted(accountant, '/jobs');
  assert.equal(all.answer.status, 200, all.answer.raw);
  assert.deepEqual(
    all.answer.body.jobs.map((j: { id: string }) => j.id),
    [jobs.assigned],
    'only the assigned client’s file',
  );
  assert.equal(all.run.length, 2, all.run.join('\n---\n'));
  // a client's files: found, one query; none found (another drop), the client is looked up
  const found = await counted(accountant, `/jobs?client_id=${assigned.client}`);
  assert.equal(found.answer.body.jobs.length, 1);
  assert.equal(found.run.length, 2, found.run.join('\n---\n'));
  const none = await counted(accountant, `/jobs?client_id=${assigned.client}&drop_id=${randomUUID()}`);
  assert.equal(none.answer.status, 200);
  assert.deepEqual(none.answer.body.jobs, []);
  assert.equal(none.run.length, 3, none.run.join('\n---\n'));
  const refused = await counted(accountant, `/jobs?client_id=${other.client}`);
  assert.equal(refused.answer.status, 404, refused.answer.raw);
});

test('one file: the guard and one query; an accountant sees only an assigned client’s', async () => {
  const mine = await counted(owner, `/jobs/${jobs.inbox}`);
  assert.equal(mine.answer.status, 200, mine.answer.raw);
  assert.equal(mine.answer.body.id, jobs.inbox);
  assert.equal(mine.run.length, 2, mine.run.join('\n---\n'));
  const theirs = await counted(accountant, `/jobs/${jobs.assigned}`);
  assert.equal(theirs.answer.status, 200, theirs.answer.raw);
  assert.equal(theirs.run.length, 2, theirs.run.join('\n---\n'));
  for (const id of [jobs.inbox, jobs.other])
    assert.equal(
      (await get(accountant, `/jobs/${id}`)).status,
      404,
      'the inbox and an unassigned client’s file',
    );
});
