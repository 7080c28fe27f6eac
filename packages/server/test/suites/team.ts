import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { balance, grantPages } from '../../src/credits.ts';
import { issueToken } from '../../src/auth/tokens.ts';
import { eq, sql } from 'drizzle-orm';
import { PLANS, planPricePaise } from '@bahi/core';
import { pushUnpushed } from '../../src/office/pushes.ts';
import { bookRows, officeAccounts } from '../../src/office/tables.ts';
import { tallyExports, taughtLayouts } from '../../src/statements/tables.ts';
import { withdrawApprovals } from '../../src/office/team.ts';
import { configureWorkLimits } from '../../src/statements/work-limits.ts';
import { call, startApp } from '../helpers/harness.ts';
import { makeMember } from '../helpers/queue.ts';
import { startMailbox } from '../helpers/smtp.ts';

// An office with a team (issue 35, decision 054), run on PGlite and on PostgreSQL: an owner invites
// an accountant and a reviewer by mail with a one-time code; every client-taking route answers each
// role as the table says (an accountant's unassigned client and another office's client answer 404,
// like a client that does not exist; what a role may not do 403); a push waits for the reviewer's
// approval of its month, a change after approval withdraws it, the trail names every author; pages
// are the office's; a member removed is signed out at once.

type Who = 'owner' | 'accountant' | 'unassigned' | 'reviewer' | 'stranger';
const WHO: Who[] = ['owner', 'accountant', 'unassigned', 'reviewer', 'stranger'];

/** What each kind of use answers, in WHO's order. */
const EXPECT = {
  see: [200, 200, 404, 200, 404],
  work: [200, 200, 404, 403, 404],
  manage: [200, 403, 404, 403, 404],
  approve: [200, 403, 404, 200, 404],
} as const;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const fmt = (p: number) => (p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });

/** Rows of January and February 2026, a running balance from 10,000.00. */
function statementRows(seed: number) {
  let bal = 1_000_000;
  return Array.from({ length: 6 }, (_, i) => {
    const paise = 10_000 + seed * 100 + i * 250;
    bal -= paise;
    return {
      Date: `${String(5 + i * 3).padStart(2, '0')}-${i < 3 ? '01' : '02'}-2026`,
      Description: `UPI-SHOP ${seed}-${i}`,
      Withdrawal: fmt(paise),
      Deposit: '',
      ClosingBalance: fmt(bal),
    };
  });
}

export function teamSuite(label: string, databaseUrl: () => string | undefined) {
  describe(`office team on ${label}`, () => {
    let h: Awaited<ReturnType<typeof startApp>>;
    let mail: Awaited<ReturnType<typeof startMailbox>>;
    const tokens = {} as Record<'owner' | 'accountant' | 'reviewer' | 'stranger', string>;
    const ids = {} as Record<'owner' | 'accountant' | 'reviewer' | 'stranger', string>;
    let assigned: string; // the accountant's client
    let other: string; // a client of the office not assigned to the accountant
    let n = 0;

    const api = (token: string, method: Method, url: string, json?: unknown) =>
      call(h.app, method, `/api${url}`, { token, json });
    const owner = (method: Method, url: string, json?: unknown) => api(tokens.owner, method, url, json);

    /** One account of each client, with a statement filed into it, for the table (20 a client at most). */
    const shared = new Map<string, Awaited<ReturnType<typeof accountWithRows>>>();
    async function sharedAccount(clientId: string) {
      if (!shared.has(clientId)) shared.set(clientId, await accountWithRows(clientId));
      return shared.get(clientId)!;
    }

    /** A new account of a client, with a statement filed into it; its id and its first row's. */
    async function accountWithRows(clientId: string) {
      const number = String(90_000_000 + ++n);
      const made = await owner('POST', `/office/clients/${clientId}/accounts`, {
        bank: 'HDFC',
        account_number: number,
        tally_ledger: 'HDFC Bank A/c',
      });
      assert.equal(made.status, 200, made.raw);
      const filed = await owner('POST', '/office/statements/file', {
        client_id: clientId,
        account_number: number,
        file_name: `s${n}.pdf`,
        transactions: statementRows(n),
      });
      assert.equal(filed.body.kind, 'filed', filed.raw);
      const book = await owner('GET', `/office/accounts/${made.body.account.id}/book`);
      return { account: made.body.account.id as string, row: book.body.rows[0].id as string, number };
    }

    async function invite(email: string, role: 'accountant' | 'reviewer') {
      const before = mail.count(email);
      const sent = await owner('POST', '/office/team/invitations', { email, role });
      assert.equal(sent.status, 200, sent.raw);
      const deadline = Date.now() + 5000;
      while (mail.count(email) === before && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const letter = mail.mails.filter((m) => m.to === email).at(-1)!;
      const code = /your code is (\d{4})/.exec(letter.subject)?.[1];
      assert.ok(code, letter.subject);
      assert.match(letter.text, new RegExp(`as ${role}`));
      return { id: sent.body.id as string, code };
    }

    before(async () => {
      mail = await startMailbox();
      h = await startApp({ databaseUrl: databaseUrl(), env: { SMTP_URL: mail.url, BAHI_PAYMENTS: 'test' } });
      for (const who of ['owner', 'accountant', 'reviewer', 'stranger'] as const) {
        const m = await makeMember(h, 100);
        tokens[who] = m.token;
        ids[who] = m.id;
      }
      const client = async (name: string, token = tokens.owner) =>
        (await api(token, 'POST', '/office/clients', { name, state_code: '27' })).body.id as string;
      assigned = await client('Assigned Traders');
      other = await client('Other Traders');
      await client('Stranger’s Own Client', tokens.stranger);
    });
    after(async () => {
      await h?.close();
      await mail?.close();
    });

    const emailOf = async (who: 'accountant' | 'reviewer') =>
      (await api(tokens[who], 'GET', '/account/profile')).body.email as string;

    test('invitations: mailed with a code; a wrong code is refused; the right one joins', async () => {
      assert.equal((await owner('GET', '/office/team')).body.approval_required, false);
      const acc = await invite(await emailOf('accountant'), 'accountant');
      const rev = await invite(await emailOf('reviewer'), 'reviewer');
      // Only the invited address sees (and may take) its invitation.
      const seen = await api(tokens.accountant, 'GET', '/office/team');
      assert.deepEqual(
        seen.body.received.map((r: { id: string }) => r.id),
        [acc.id],
      );
      const stolen = await api(tokens.stranger, 'POST', '/office/team/join', {
        invitation_id: acc.id,
        code: acc.code,
      });
      assert.equal(stolen.status, 400);
      const wrong = await api(tokens.accountant, 'POST', '/office/team/join', {
        invitation_id: acc.id,
        code: acc.code === '0000' ? '0001' : '0000',
      });
      assert.equal(wrong.status, 400);
      for (const [who, inv] of [
        ['accountant', acc],
        ['reviewer', rev],
      ] as const) {
        const joined = await api(tokens[who], 'POST', '/office/team/join', {
          invitation_id: inv.id,
          code: inv.code,
        });
        assert.equal(joined.status, 200, joined.raw);
        assert.equal(joined.body.role, who);
      }
      // used once
      const again = await api(tokens.accountant, 'POST', '/office/team/join', {
        invitation_id: acc.id,
        code: acc.code,
      });
      assert.equal(again.status, 400);
      const team = (await owner('GET', '/office/team')).body;
      assert.deepEqual(team.members.map((m: { role: string }) => m.role).sort(), [
        'accountant',
        'owner',
        'reviewer',
      ]);
      assert.equal(team.approval_required, true);
      assert.equal(
        (await owner('PUT', `/office/team/members/${ids.accountant}/clients`, { client_ids: [assigned] }))
          .status,
        200,
      );
    });

    test('the team is the owner’s to change: members and strangers are refused', async () => {
      for (const who of ['accountant', 'reviewer'] as const) {
        const t = tokens[who];
        assert.equal(
          (await api(t, 'POST', '/office/team/invitations', { email: 'x@example.com', role: 'reviewer' }))
            .status,
          403,
        );
        assert.equal((await api(t, 'DELETE', `/office/team/members/${ids.reviewer}`)).status, 403);
        assert.equal(
          (await api(t, 'PUT', `/office/team/members/${ids.accountant}/clients`, { client_ids: [other] }))
            .status,
          403,
        );
        assert.equal(
          (await api(t, 'POST', '/office/clients', { name: 'New', state_code: '27' })).status,
          403,
        );
      }
      // Another office's owner: these are not members of theirs.
      const s = tokens.stranger;
      assert.equal((await api(s, 'DELETE', `/office/team/members/${ids.accountant}`)).status, 404);
      assert.equal(
        (await api(s, 'PUT', `/office/team/members/${ids.accountant}`, { role: 'reviewer' })).status,
        404,
      );
      assert.equal(
        (await api(s, 'PUT', `/office/team/members/${ids.accountant}/clients`, { client_ids: [] })).status,
        404,
      );
      // and the owner cannot assign another office's client
      const theirs = (await api(s, 'GET', '/office/clients')).body.clients[0].id;
      assert.equal(
        (await owner('PUT', `/office/team/members/${ids.accountant}/clients`, { client_ids: [theirs] }))
          .status,
        404,
      );
    });

    test('client lists: the accountant sees the clients assigned, the reviewer all, a stranger none', async () => {
      const names = async (t: string) =>
        (await api(t, 'GET', '/office/clients')).body.clients.map((c: { id: string }) => c.id).sort();
      assert.deepEqual(await names(tokens.accountant), [assigned]);
      assert.deepEqual(await names(tokens.reviewer), [assigned, other].sort());
      assert.deepEqual(await names(tokens.owner), [assigned, other].sort());
      assert.ok(!(await names(tokens.stranger)).includes(assigned));
    });

    /** Every client-taking route: what it needs made first (by the owner), the call, and its use. */
    type Case = {
      name: string;
      use: keyof typeof EXPECT;
      call: (client: string, made: Awaited<ReturnType<typeof accountWithRows>>) => [Method, string, unknown?];
    };
    const rule = { name: 'Shop', words: ['SHOP'], ledger: 'Shop Expenses' };
    const ruleOf = async (client: string) =>
      (await owner('POST', `/office/clients/${client}/rules`, rule)).body.rule.id as string;
    const unfiledOf = async (client: string) =>
      (
        await owner('POST', '/office/statements/file', {
          client_id: client,
          account_number: String(80_000_000 + ++n),
          transactions: statementRows(n),
        })
      ).body.unfiled_id as string;
    const CASES: (Case & { prep?: (client: string) => Promise<string> })[] = [
      { name: 'GET client', use: 'see', call: (c) => ['GET', `/office/clients/${c}`] },
      { name: 'GET client activity', use: 'see', call: (c) => ['GET', `/office/clients/${c}/activity`] },
      { name: 'GET book', use: 'see', call: (_c, m) => ['GET', `/office/accounts/${m.account}/book`] },
      { name: 'GET jobs of a client', use: 'see', call: (c) => ['GET', `/office/jobs?client_id=${c}`] },
      {
        name: 'PUT client',
        use: 'manage',
        call: (c) => ['PUT', `/office/clients/${c}`, { name: `Renamed ${++n}`, state_code: '27' }],
      },
      {
        name: 'archive client (off)',
        use: 'manage',
        call: (c) => ['POST', `/office/clients/${c}/archive`, { archived: false }],
      },
      {
        name: 'add account',
        use: 'work',
        call: (c) => [
          'POST',
          `/office/clients/${c}/accounts`,
          { bank: 'SBI', account_number: String(70_000_000 + ++n), tally_ledger: 'SBI A/c' },
        ],
      },
      {
        name: 'PUT account',
        use: 'work',
        call: (_c, m) => [
          'PUT',
          `/office/accounts/${m.account}`,
          { bank: 'HDFC', account_number: m.number, tally_ledger: 'HDFC Bank A/c' },
        ],
      },
      {
        name: 'archive account (off)',
        use: 'work',
        call: (_c, m) => ['POST', `/office/accounts/${m.account}/archive`, { archived: false }],
      },
      {
        name: 'set ledgers',
        use: 'work',
        call: (_c, m) => [
          'PUT',
          `/office/accounts/${m.account}/ledgers`,
          { rows: [{ id: m.row, ledger: 'Rent' }] },
        ],
      },
      {
        name: 'file a statement',
        use: 'work',
        call: (c, m) => [
          'POST',
          '/office/statements/file',
          { client_id: c, account_number: m.number, transactions: statementRows(++n) },
        ],
      },
      {
        name: 'fix a row',
        use: 'work',
        call: (_c, m) => [
          'PUT',
          `/office/accounts/${m.account}/fix`,
          { id: m.row, Description: `FIXED ${++n}` },
        ],
      },
      { name: 'add rule', use: 'work', call: (c) => ['POST', `/office/clients/${c}/rules`, rule] },
      {
        name: 'PUT rule',
        use: 'work',
        prep: ruleOf,
        call: () => ['PUT', `/office/rules/${prepared}`, { ...rule, apply_to_book: true }],
      },
      {
        name: 'move rule',
        use: 'work',
        prep: ruleOf,
        call: () => ['POST', `/office/rules/${prepared}/move`, { direction: 'up' }],
      },
      { name: 'DELETE rule', use: 'work', prep: ruleOf, call: () => ['DELETE', `/office/rules/${prepared}`] },
      {
        name: 'file an unfiled statement',
        use: 'work',
        prep: unfiledOf,
        call: (_c, m) => ['POST', `/office/unfiled/${prepared}/file`, { account_id: m.account }],
      },
      {
        name: 'DELETE unfiled',
        use: 'work',
        prep: unfiledOf,
        call: () => ['DELETE', `/office/unfiled/${prepared}`],
      },
      {
        name: 'approve a month',
        use: 'approve',
        call: (c) => ['POST', `/office/clients/${c}/approvals`, { month: '2025-12' }],
      },
    ];
    let prepared = '';

    for (const c of CASES) {
      test(`${c.name}: ${c.use} (${WHO.join(', ')} → ${EXPECT[c.use].join(', ')})`, async () => {
        const got: number[] = [];
        for (const who of WHO) {
          // The stranger and the accountant outside their clients aim at this office's clients.
          const client = who === 'unassigned' ? other : assigned;
          const made = await sharedAccount(client);
          if (c.prep) prepared = await c.prep(client);
          const [method, url, json] = c.call(client, made);
          const token = tokens[who === 'unassigned' ? 'accountant' : who];
          const answer = await api(token, method, url, json);
          if (answer.status !== EXPECT[c.use][WHO.indexOf(who)])
            assert.fail(`${c.name} as ${who}: ${answer.status} ${answer.raw}`);
          if (answer.status === 404) assert.match(answer.body.detail, /^No such/);
          got.push(answer.status);
        }
        assert.deepEqual(got, EXPECT[c.use]);
      });
    }

    test('a push waits for the reviewer’s approval; a change after it withdraws it; the trail names authors', async () => {
      const { account, row } = await accountWithRows(assigned);
      const push = (who: 'owner' | 'accountant' | 'reviewer', month: string) =>
        api(tokens[who], 'POST', `/office/accounts/${account}/push`, {
          month,
          new_ledger_group: 'Indirect Expenses',
        });
      const refused = await push('accountant', '2026-01');
      assert.equal(refused.status, 409);
      assert.match(refused.body.detail, /2026-01 is not approved yet: a reviewer approves a month/);
      // A push of every month names each one missing.
      const all = await api(tokens.accountant, 'POST', `/office/accounts/${account}/push`, {});
      assert.match(all.body.detail, /2026-01, 2026-02 are not approved/);
      assert.equal((await push('reviewer', '2026-01')).status, 403, 'a reviewer does not push');
      const approve = (month: string, approved = true) =>
        api(tokens.reviewer, 'POST', `/office/clients/${assigned}/approvals`, { month, approved });
      assert.equal((await approve('2026-01')).status, 200);
      assert.equal((await approve('2026-02')).status, 200);
      // The accountant changes a January row: January's approval is withdrawn.
      const set = await api(tokens.accountant, 'PUT', `/office/accounts/${account}/ledgers`, {
        rows: [{ id: row, ledger: 'Shop Expenses' }],
      });
      assert.equal(set.status, 200);
      assert.equal((await push('accountant', '2026-01')).status, 409);
      const pushedFeb = await push('accountant', '2026-02');
      assert.equal(pushedFeb.status, 200, pushedFeb.raw);
      assert.equal(pushedFeb.body.rows, 3);
      assert.equal((await approve('2026-01')).status, 200);
      const pushedJan = await push('accountant', '2026-01');
      assert.equal(pushedJan.status, 200, pushedJan.raw);

      // The row says who changed it; the trail says who did what.
      const book = (await api(tokens.reviewer, 'GET', `/office/accounts/${account}/book`)).body;
      const changed = book.rows.find((r: { id: string }) => r.id === row);
      const accountantName = (await api(tokens.accountant, 'GET', '/account/profile')).body.name;
      const reviewerName = (await api(tokens.reviewer, 'GET', '/account/profile')).body.name;
      assert.equal(changed.changed_by, accountantName);
      assert.ok(changed.changed_at);
      const activity = (await api(tokens.reviewer, 'GET', `/office/clients/${assigned}/activity`)).body;
      const mine = activity.changes.filter(
        (c: { account_id: string | null; kind: string }) => c.account_id === account || c.account_id === null,
      );
      const line = (kind: string, month: string) =>
        mine.filter((c: { kind: string; month: string }) => c.kind === kind && c.month === month);
      assert.equal(line('ledger', '2026-01')[0].actor, accountantName);
      assert.equal(line('withdraw', '2026-01')[0].actor, accountantName);
      assert.equal(line('push', '2026-02')[0].actor, accountantName);
      assert.equal(line('push', '2026-01')[0].actor, accountantName);
      assert.ok(line('approve', '2026-01').every((c: { actor: string }) => c.actor === reviewerName));
      assert.equal(line('approve', '2026-01').length, 2);
      assert.deepEqual(
        activity.approvals
          .filter((a: { month: string }) => a.month >= '2026-01')
          .map((a: { month: string; approved_by: string }) => [a.month, a.approved_by]),
        [
          ['2026-01', reviewerName],
          ['2026-02', reviewerName],
        ],
      );
      // Withdrawn by hand, too.
      assert.equal((await approve('2026-02', false)).status, 200);
      const after = (await api(tokens.owner, 'GET', `/office/clients/${assigned}/activity`)).body;
      assert.ok(!after.approvals.some((a: { month: string }) => a.month === '2026-02'));
    });

    /** A fresh client of the office with one account and its January and February rows, both approved. */
    async function approvedClient(name: string) {
      const client = (await owner('POST', '/office/clients', { name: `${name} ${++n}`, state_code: '27' }))
        .body.id as string;
      const made = await accountWithRows(client);
      for (const month of ['2026-01', '2026-02'])
        assert.equal(
          (await api(tokens.reviewer, 'POST', `/office/clients/${client}/approvals`, { month })).status,
          200,
        );
      return { client, ...made };
    }
    const approvedMonths = async (client: string) =>
      (await owner('GET', `/office/clients/${client}/activity`)).body.approvals
        .map((a: { month: string }) => a.month)
        .sort();
    const trail = async (client: string, kind: string) =>
      (await owner('GET', `/office/clients/${client}/activity`)).body.changes.filter(
        (c: { kind: string }) => c.kind === kind,
      ) as { month: string | null; actor: string; rows: number; detail: string }[];

    test('the push limit is the office’s: the owner’s and the accountant’s pushes share one hour', async () => {
      const { account } = await accountWithRows(assigned);
      // January unapproved: each push below is refused 409, and counted (a refusal costs one)
      const withdrawn = await api(tokens.reviewer, 'POST', `/office/clients/${assigned}/approvals`, {
        month: '2026-01',
        approved: false,
      });
      assert.equal(withdrawn.status, 200, withdrawn.raw);
      const db = h.database.db;
      for (const id of [ids.owner, ids.accountant])
        await db.execute(sql`delete from rate_limits where key = ${`push:user:${id}`}`);
      const before = configureWorkLimits({ push: { max: 2, windowSeconds: 3600 } });
      try {
        const push = (who: 'owner' | 'accountant') =>
          api(tokens[who], 'POST', `/office/accounts/${account}/push`, {
            month: '2026-01',
            new_ledger_group: 'Indirect Expenses',
          });
        assert.equal((await push('owner')).status, 409);
        assert.equal((await push('accountant')).status, 409);
        // the office's two are spent: the accountant's second push (their own first was one) is refused
        const third = await push('accountant');
        assert.equal(third.status, 429, third.raw);
        assert.match(third.body.detail, /Too many attempts/);
        assert.equal((await push('owner')).status, 429);
      } finally {
        configureWorkLimits(before);
      }
    });

    test('the approval is checked inside the push’s transaction: a withdrawal just before it is seen', async () => {
      const { client, account } = await approvedClient('Race Traders');
      const db = h.database.db;
      const [row] = await db.select().from(officeAccounts).where(eq(officeAccounts.id, account));
      // The withdrawal lands between whatever the caller checked and the push's transaction.
      const racing = new Proxy(db, {
        get(target, key, receiver) {
          if (key !== 'transaction') return Reflect.get(target, key, receiver);
          return async (fn: Parameters<typeof db.transaction>[0]) => {
            await db.transaction((tx) =>
              withdrawApprovals(tx, client, ['2026-01'], { id: null, name: 'race' }, h.clock.now(), 'race'),
            );
            return db.transaction(fn);
          };
        },
      });
      await assert.rejects(
        pushUnpushed(racing, row, h.clock.now(), '2026-01', undefined, {
          new_ledger_group: 'Indirect Expenses',
        }),
        /2026-01 is not approved yet/,
      );
      assert.deepEqual(await approvedMonths(client), ['2026-02']);
      // February, still approved, goes; the push's line in the trail is written with it.
      const feb = await pushUnpushed(
        db,
        row,
        h.clock.now(),
        '2026-02',
        undefined,
        { new_ledger_group: 'Indirect Expenses' },
        { id: ids.accountant, name: 'Pusher' },
      );
      assert.equal(feb.rows, 3);
      assert.deepEqual(
        (await trail(client, 'push')).map((c) => [c.month, c.actor, c.rows]),
        [['2026-02', 'Pusher', 3]],
      );
    });

    test('a withdrawal in flight (not yet committed) holds the push, which then refuses', async (t) => {
      if (!databaseUrl()) return t.skip('PGlite has one connection: no two transactions at once');
      const { client, account } = await approvedClient('Concurrent Traders');
      const db = h.database.db;
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let started!: () => void;
      const inFlight = new Promise<void>((r) => (started = r));
      const withdrawal = db.transaction(async (tx) => {
        await withdrawApprovals(tx, client, ['2026-01'], { id: ids.reviewer, name: 'r' }, h.clock.now(), 'x');
        started();
        await held; // uncommitted while the push starts
      });
      await inFlight;
      const push = api(tokens.owner, 'POST', `/office/accounts/${account}/push`, {
        month: '2026-01',
        new_ledger_group: 'Indirect Expenses',
      });
      await new Promise((r) => setTimeout(r, 400));
      release();
      await withdrawal;
      const answer = await push;
      assert.equal(answer.status, 409, answer.raw);
      assert.match(answer.body.detail, /2026-01 is not approved yet/);
    });

    test('a GST/TDS split set on a row is in the trail and withdraws its month’s approval', async () => {
      const { client, account, row } = await approvedClient('Split Traders');
      const set = await api(tokens.owner, 'PUT', `/office/accounts/${account}/splits`, {
        rows: [{ id: row, tax_split: { kind: 'gst', ratePercent: 18, interstate: false } }],
      });
      assert.equal(set.status, 200, set.raw);
      assert.deepEqual(await approvedMonths(client), ['2026-02']);
      const ownerName = (await owner('GET', '/account/profile')).body.name;
      assert.deepEqual(
        (await trail(client, 'split')).map((c) => [c.month, c.actor, c.rows, c.detail]),
        [['2026-01', ownerName, 1, 'split set to GST 18% (CGST + SGST)']],
      );
      assert.equal((await trail(client, 'withdraw'))[0].month, '2026-01');
      const book = (await owner('GET', `/office/accounts/${account}/book`)).body;
      assert.equal(book.rows.find((r: { id: string }) => r.id === row).changed_by, ownerName);
      // The same split again changes nothing: no line, nothing withdrawn.
      assert.equal(
        (await api(tokens.reviewer, 'POST', `/office/clients/${client}/approvals`, { month: '2026-01' }))
          .status,
        200,
      );
      await api(tokens.owner, 'PUT', `/office/accounts/${account}/splits`, {
        rows: [{ id: row, tax_split: { interstate: false, ratePercent: 18, kind: 'gst' } }],
      });
      assert.deepEqual(await approvedMonths(client), ['2026-01', '2026-02']);
      assert.equal((await trail(client, 'split')).length, 1);
    });

    test('rules copied from a client, or the office’s set taken, are in the trail and withdraw the months they change', async () => {
      const source = (await owner('POST', '/office/clients', { name: `Source ${++n}`, state_code: '27' }))
        .body.id;
      assert.equal(
        (
          await owner('POST', `/office/clients/${source}/rules`, {
            name: 'UPI',
            words: ['UPI'],
            ledger: 'Purchases',
          })
        ).status,
        200,
      );
      const copied = await approvedClient('Copy Traders');
      const answer = await owner('POST', `/office/clients/${copied.client}/rules/copy`, {
        from_client_id: source,
      });
      assert.equal(answer.body.copied, 1, answer.raw);
      // Both months' open rows are now suggested Purchases: what a push with suggestions would send.
      assert.deepEqual(await approvedMonths(copied.client), []);
      const lines = await trail(copied.client, 'rule');
      assert.deepEqual(lines.map((c) => [c.month, c.rows]).sort(), [
        ['2026-01', 3],
        ['2026-02', 3],
      ]);
      assert.match(lines[0].detail, /^rules copied from Source \d+: 1 rule\(s\)$/);
      // Copied again: nothing new, nothing recorded.
      assert.equal(
        (await owner('POST', `/office/clients/${copied.client}/rules/copy`, { from_client_id: source })).body
          .copied,
        0,
      );
      assert.equal((await trail(copied.client, 'rule')).length, 2);

      assert.equal((await owner('PUT', '/office/rule-set', { from_client_id: source })).status, 200);
      const took = await approvedClient('Taking Traders');
      const taken = await api(tokens.owner, 'POST', `/office/clients/${took.client}/rules/take-office-set`);
      assert.equal(taken.body.copied, 1, taken.raw);
      assert.deepEqual(await approvedMonths(took.client), []);
      assert.ok((await trail(took.client, 'rule')).every((c) => /office’s rule set taken/.test(c.detail)));
      assert.equal((await trail(took.client, 'withdraw')).length, 2);
    });

    test('a push refused for want of approval counts against the hour’s push limit', async () => {
      const { client, account } = await approvedClient('Limit Traders');
      // January's approval withdrawn by hand: a push of January is refused 409.
      assert.equal(
        (
          await api(tokens.reviewer, 'POST', `/office/clients/${client}/approvals`, {
            month: '2026-01',
            approved: false,
          })
        ).status,
        200,
      );
      // the hour starts afresh for the owner (earlier tests of the suite pushed as the owner)
      await h.database.db.execute(sql`delete from rate_limits where key = ${`push:user:${ids.owner}`}`);
      const before = configureWorkLimits({ push: { max: 2, windowSeconds: 3600 } });
      try {
        const push = (month: string) =>
          owner('POST', `/office/accounts/${account}/push`, { month, new_ledger_group: 'Indirect Expenses' });
        for (let i = 0; i < 2; i++) {
          const refused = await push('2026-01');
          assert.equal(refused.status, 409, refused.raw);
          assert.match(refused.body.detail, /not approved yet/);
        }
        // February is approved, but the hour's two pushes were spent on the refusals.
        const third = await push('2026-02');
        assert.equal(third.status, 429, third.raw);
        assert.match(third.body.detail, /Too many attempts/);
      } finally {
        configureWorkLimits(before);
      }
    });

    test('a rule created, changed, moved or deleted is in the trail, with the months whose suggestions it moves', async () => {
      const { client, account } = await approvedClient('Rule Trail Traders');
      const ownerName = (await owner('GET', '/account/profile')).body.name as string;
      const seen = new Set<string>();
      /** the trail's rule lines since the last call: [month, rows, detail] */
      const fresh = async () => {
        const lines = (await trail(client, 'rule')) as {
          id: string;
          month: string | null;
          actor: string;
          rows: number;
          detail: string;
        }[];
        const out = lines.filter((l) => !seen.has(l.id));
        for (const l of out) seen.add(l.id);
        assert.ok(out.every((l) => l.actor === ownerName));
        return out.map((l) => [l.month, l.rows, l.detail] as const).sort();
      };
      const rule = (json: Record<string, unknown>) => ({ match: 'all', direction: 'any', ...json });
      // Created: every open row now suggests Shop Expenses (three a month); both months unapproved.
      const shop = await owner(
        'POST',
        `/office/clients/${client}/rules`,
        rule({ words: ['UPI-SHOP'], ledger: 'Shop Expenses' }),
      );
      assert.equal(shop.status, 200, shop.raw);
      const added = '“Shop Expenses” added: “UPI-SHOP” → Shop Expenses';
      assert.deepEqual(await fresh(), [
        ['2026-01', 3, `rule ${added}`],
        ['2026-02', 3, `rule ${added}`],
      ]);
      assert.deepEqual(await approvedMonths(client), []);
      // A second rule the first one shadows moves no suggestion: one line of no month.
      const second = await owner(
        'POST',
        `/office/clients/${client}/rules`,
        rule({ name: 'Repairs rule', words: ['UPI-SHOP'], ledger: 'Repairs' }),
      );
      assert.deepEqual(await fresh(), [[null, 0, 'rule “Repairs rule” added: “UPI-SHOP” → Repairs']]);
      const id = second.body.rule.id as string;
      // Moved up: it now wins for every row.
      for (const month of ['2026-01', '2026-02'])
        await api(tokens.reviewer, 'POST', `/office/clients/${client}/approvals`, { month });
      const moved = await owner('POST', `/office/rules/${id}/move`, { direction: 'up' });
      assert.deepEqual(moved.body, { ok: true, moved: true });
      const movedLines = await fresh();
      assert.deepEqual(
        movedLines.map(([m, n]) => [m, n]),
        [
          ['2026-01', 3],
          ['2026-02', 3],
        ],
      );
      assert.match(movedLines[0][2], /^rule “Repairs rule” moved up to place 1: /);
      assert.deepEqual(
        await approvedMonths(client),
        [],
        'a move that changes suggestions withdraws approvals',
      );
      // At the top already: nothing moves, nothing recorded.
      assert.deepEqual((await owner('POST', `/office/rules/${id}/move`, { direction: 'up' })).body, {
        ok: true,
        moved: false,
      });
      assert.deepEqual(await fresh(), []);
      // Changed to the same values: no line; to another ledger: a line saying what was and is.
      const same = await owner(
        'PUT',
        `/office/rules/${id}`,
        rule({ name: 'Repairs rule', words: ['UPI-SHOP'], ledger: 'Repairs' }),
      );
      assert.equal(same.status, 200, same.raw);
      assert.deepEqual(await fresh(), []);
      await owner(
        'PUT',
        `/office/rules/${id}`,
        rule({ name: 'Repairs rule', words: ['UPI-SHOP'], ledger: 'Maintenance' }),
      );
      const changed = await fresh();
      assert.equal(changed.length, 2);
      assert.match(
        changed[0][2],
        /^rule “Repairs rule” changed: “UPI-SHOP” → Repairs → now rule “Repairs rule” “UPI-SHOP” → Maintenance$/,
      );
      // Deleted: Shop Expenses is suggested again.
      assert.equal((await owner('DELETE', `/office/rules/${id}`)).status, 200);
      const deleted = await fresh();
      assert.deepEqual(
        deleted.map(([m, n]) => [m, n]),
        [
          ['2026-01', 3],
          ['2026-02', 3],
        ],
      );
      assert.match(deleted[0][2], /^rule “Repairs rule” deleted: “UPI-SHOP” → Maintenance$/);
      // The client page's trail (activity) lists them, and the rows say who changed them.
      const rows = (await owner('GET', `/office/accounts/${account}/book`)).body.rows;
      assert.ok(rows.every((r: { changed_by: string }) => r.changed_by === ownerName));
    });

    test('a single user (an office without a reviewer) pushes without approval, as before', async () => {
      const s = tokens.stranger;
      const client = (await api(s, 'POST', '/office/clients', { name: 'Solo', state_code: '27' })).body.id;
      const acct = await api(s, 'POST', `/office/clients/${client}/accounts`, {
        bank: 'HDFC',
        account_number: '12345678',
        tally_ledger: 'HDFC Bank A/c',
      });
      await api(s, 'POST', '/office/statements/file', {
        client_id: client,
        account_number: '12345678',
        transactions: statementRows(99),
      });
      const pushed = await api(s, 'POST', `/office/accounts/${acct.body.account.id}/push`, {
        month: '2026-01',
      });
      assert.equal(pushed.status, 200, pushed.raw);
      assert.equal((await api(s, 'GET', '/office/team')).body.role, 'owner');
    });

    test('a row fixed in place: the values change, the row and the trail name who, both months lose approval', async () => {
      const { account, row } = await accountWithRows(assigned);
      for (const month of ['2026-01', '2026-02'])
        assert.equal(
          (await api(tokens.reviewer, 'POST', `/office/clients/${assigned}/approvals`, { month })).status,
          200,
        );
      const before = (await owner('GET', `/office/accounts/${account}/book`)).body.rows[0];
      assert.equal(before.id, row);
      const fix = (json: Record<string, unknown>, token = tokens.accountant) =>
        api(token, 'PUT', `/office/accounts/${account}/fix`, { id: row, ...json });
      // The date moves the row from January into February; the amount and narration change too.
      const fixed = await fix({
        Date: '02-02-2026',
        Withdrawal: '1,234.50',
        Description: 'UPI-SHOP FIXED',
        LedgerName: 'Repairs',
      });
      assert.equal(fixed.status, 200, fixed.raw);
      assert.deepEqual(
        fixed.body.changed.map((c: { field: string }) => c.field),
        ['Date', 'Description', 'Withdrawal', 'LedgerName'],
      );
      const after = (await owner('GET', `/office/accounts/${account}/book`)).body.rows[0];
      const accountantName = (await api(tokens.accountant, 'GET', '/account/profile')).body.name;
      assert.equal(after.id, row, 'the row keeps its place');
      assert.deepEqual(
        [
          after.Date,
          after.Withdrawal,
          after.Description,
          after.LedgerName,
          after.ledger_source,
          after.changed_by,
        ],
        ['02-02-2026', '1,234.50', 'UPI-SHOP FIXED', 'Repairs', 'manual', accountantName],
      );
      assert.equal(after.ClosingBalance, before.ClosingBalance, 'what is not given stays');
      const activity = (await owner('GET', `/office/clients/${assigned}/activity`)).body;
      const lines = activity.changes.filter(
        (c: { kind: string; account_id: string }) => c.kind === 'fix' && c.account_id === account,
      );
      assert.deepEqual(lines.map((c: { month: string }) => c.month).sort(), ['2026-01', '2026-02']);
      assert.ok(lines.every((c: { actor: string }) => c.actor === accountantName));
      assert.match(lines[0].detail, new RegExp(`Date “${before.Date}” → “02-02-2026”`));
      assert.match(lines[0].detail, new RegExp(`Withdrawal “${before.Withdrawal}” → “1,234.50”`));
      assert.ok(
        !activity.approvals.some((a: { month: string }) => a.month === '2026-01' || a.month === '2026-02'),
        'both months unapproved',
      );
      // The same values again change nothing.
      assert.deepEqual((await fix({ Withdrawal: '1234.5' })).body.changed, []);
      // Refused: a bad date, no amount at all, nothing to fix, another account's row, a pushed row.
      const badDate = await fix({ Date: '31-02-2026' });
      assert.equal(badDate.status, 400, badDate.raw);
      assert.match(badDate.body.detail, /DD-MM-YYYY/);
      const noAmount = await fix({ Withdrawal: '', Deposit: '' });
      assert.equal(noAmount.status, 400, noAmount.raw);
      assert.match(noAmount.body.detail, /needs a withdrawal or a deposit/);
      const nothing = await fix({});
      assert.equal(nothing.status, 422, nothing.raw);
      assert.match(nothing.raw, /Say what to fix/);
      const elsewhere = await sharedAccount(assigned);
      assert.equal(
        (
          await api(tokens.accountant, 'PUT', `/office/accounts/${elsewhere.account}/fix`, {
            id: row,
            Description: 'x',
          })
        ).status,
        404,
      );
      await h.database.db.update(bookRows).set({ pushedAt: h.clock.now() }).where(eq(bookRows.id, row));
      const gone = await fix({ Description: 'too late' });
      assert.equal(gone.status, 409);
      assert.match(gone.body.detail, /gone to Tally/);
    });

    test('a row in a push waiting for Tally’s answer is not fixed until Tally answers (or a day passes)', async () => {
      const { client, account, row } = await approvedClient('Waiting Traders');
      // (February stays approved: the fixes below are of January's row)
      const db = h.database.db;
      const push = async (month: string) => {
        const res = await api(tokens.owner, 'POST', `/office/accounts/${account}/push`, {
          month,
          new_ledger_group: 'Indirect Expenses',
        });
        assert.equal(res.status, 200, res.raw);
        return res.body.xml_id as string;
      };
      const fix = (id: string, Description: string) =>
        api(tokens.owner, 'PUT', `/office/accounts/${account}/fix`, { id, Description });
      const january = await push('2026-01');
      const waiting = await fix(row, 'UPI-SHOP FIXED WHILE WAITING');
      assert.equal(waiting.status, 409, waiting.raw);
      assert.match(
        waiting.body.detail,
        /in a push waiting for Tally’s answer \(pushed \d\d-\d\d-\d{4}\): fix it once/,
      );
      // A ledger or a split set on the waiting row is refused the same way (round five): the book
      // would name a ledger or legs the file Tally is taking lacks. Nothing is changed.
      const ledgerSet = await api(tokens.owner, 'PUT', `/office/accounts/${account}/ledgers`, {
        rows: [{ id: row, ledger: 'Repairs While Waiting' }],
      });
      assert.equal(ledgerSet.status, 409, ledgerSet.raw);
      assert.match(
        ledgerSet.body.detail,
        /in a push waiting for Tally’s answer \(pushed [^)]+\): set its ledger once/,
      );
      const splitSet = await api(tokens.owner, 'PUT', `/office/accounts/${account}/splits`, {
        rows: [{ id: row, tax_split: { kind: 'gst', ratePercent: 18, interstate: false } }],
      });
      assert.equal(splitSet.status, 409, splitSet.raw);
      assert.match(splitSet.body.detail, /set its split once Tally has answered/);
      const [kept] = await db.select().from(bookRows).where(eq(bookRows.id, row));
      assert.notEqual(kept.description, 'UPI-SHOP FIXED WHILE WAITING', 'nothing changed');
      assert.notEqual(kept.ledger, 'Repairs While Waiting', 'no ledger set');
      assert.equal(kept.taxSplit, null, 'no split set');
      // A rule applied to the books skips the waiting rows (a bulk change: not refused) and sets the others.
      const ruled = await api(tokens.owner, 'POST', `/office/clients/${client}/rules`, {
        words: ['UPI-SHOP'],
        ledger: 'Rule While Waiting',
        apply_to_book: true,
      });
      assert.equal(ruled.status, 200, ruled.raw);
      assert.equal(ruled.body.applied, 3, "February's three rows, not January's in the push");
      const [skipped] = await db.select().from(bookRows).where(eq(bookRows.id, row));
      assert.equal(skipped.ledger, kept.ledger, 'the waiting row keeps what went');
      // (the rule withdrew February's approval: approved again for the push below)
      const again = await api(tokens.reviewer, 'POST', `/office/clients/${client}/approvals`, {
        month: '2026-02',
      });
      assert.equal(again.status, 200, again.raw);
      // Tally refuses the import (the bridge reports it): the row did not go, so it may be fixed now.
      const answered = await api(tokens.owner, 'POST', `/tally/exports/${january}/response`, {
        ok: false,
        status: 'error',
        detail: 'Tally refused the import',
      });
      assert.equal(answered.status, 200, answered.raw);
      const after = await fix(row, 'UPI-SHOP FIXED AFTER THE ANSWER');
      assert.equal(after.status, 200, after.raw);
      const ledgerAfter = await api(tokens.owner, 'PUT', `/office/accounts/${account}/ledgers`, {
        rows: [{ id: row, ledger: 'Repairs After The Answer' }],
      });
      assert.equal(ledgerAfter.status, 200, ledgerAfter.raw);
      assert.deepEqual(
        after.body.changed.map((c: { field: string }) => c.field),
        ['Description'],
      );
      // A push whose answer never came holds its rows a day at most.
      const february = await push('2026-02');
      const book = (await owner('GET', `/office/accounts/${account}/book`)).body.rows;
      const feb = book.find((r: { Date: string }) => r.Date.endsWith('-02-2026')).id as string;
      assert.equal((await fix(feb, 'UPI-SHOP FEB FIX')).status, 409);
      await db
        .update(tallyExports)
        .set({ createdAt: new Date(h.clock.now().getTime() - 24 * 3600 * 1000 - 1000) })
        .where(eq(tallyExports.id, february));
      const late = await fix(feb, 'UPI-SHOP FEB FIX');
      assert.equal(late.status, 200, late.raw);
    });

    test('a Tally company a member reads is the office’s: every member sees it and the push declares none of its ledgers', async () => {
      const name = `Team Co ${++n}`;
      const kept = await api(tokens.accountant, 'PUT', '/tally/company', {
        company: { name, state: 'Maharashtra', version: 'TallyPrime 4.1' },
        ledgers: [
          { name: 'HDFC Bank A/c', parent: 'Bank Accounts' },
          { name: 'Suspense', parent: 'Suspense A/c' },
        ],
      });
      assert.equal(kept.status, 200, kept.raw);
      const ledgersSeenBy = async (who: 'owner' | 'reviewer' | 'accountant' | 'stranger') => {
        const got = await api(tokens[who], 'GET', `/tally/company?name=${encodeURIComponent(name)}`);
        assert.equal(got.status, 200, got.raw);
        return got.body ? got.body.ledgers.map((l: { name: string }) => l.name).sort() : null;
      };
      for (const who of ['owner', 'reviewer', 'accountant'] as const)
        assert.deepEqual(await ledgersSeenBy(who), ['HDFC Bank A/c', 'Suspense'], who);
      assert.equal(await ledgersSeenBy('stranger'), null, 'another office reads none of it');
      // The office's push of a client of that company: its bank and Suspense are the company's, not declared.
      const { client, account } = await approvedClient('Company Traders');
      assert.equal(
        (
          await owner('PUT', `/office/clients/${client}`, {
            name: `Company Traders ${++n}`,
            state_code: '27',
            tally_company: name,
          })
        ).status,
        200,
      );
      const pushed = await owner('POST', `/office/accounts/${account}/push`, { month: '2026-01' });
      assert.equal(pushed.status, 200, pushed.raw);
      assert.deepEqual(pushed.body.masters, []);
      assert.doesNotMatch(pushed.body.xml, /<LEDGER NAME="HDFC Bank A\/c"/);
    });

    test('columns a member maps (and layouts taught) are the office’s: every member and the office’s drop have them', async () => {
      const name = `Office columns ${++n}`;
      const saved = await api(tokens.accountant, 'POST', '/mappings', {
        name,
        bank: 'auto',
        mapping: {
          sheet: 0,
          firstRow: 3,
          amounts: 'side',
          dateOrder: 'dmy',
          columns: { date: 0, description: 1, amount: 3, side: 4, balance: 5 },
        },
        signature: {
          kind: 'sheet',
          headings: ['date', 'particulars', 'ref', 'amt', 'drcr', 'bal'],
          headingRow: 2,
        },
      });
      assert.equal(saved.status, 200, saved.raw);
      const names = async (who: 'owner' | 'reviewer' | 'accountant' | 'stranger') =>
        (await api(tokens[who], 'GET', '/layouts')).body.layouts.map((l: { name: string }) => l.name);
      for (const who of ['owner', 'reviewer', 'accountant'] as const)
        assert.ok((await names(who)).includes(name), who);
      assert.ok(!(await names('stranger')).includes(name), 'another office has none of it');
      // stored under the office (the owner's id), where the office's drop (queue/read.ts) looks
      const [kept] = await h.database.db
        .select()
        .from(taughtLayouts)
        .where(eq(taughtLayouts.id, saved.body.id));
      assert.equal(kept.userId, ids.owner);
      // the owner may remove what a member taught: it is gone for every member
      assert.equal((await owner('DELETE', `/layouts/${saved.body.id}`)).status, 200);
      assert.ok(!(await names('accountant')).includes(name));
    });

    test('joining brings the company one read and the columns one mapped alone into the office (copies)', async () => {
      const joiner = await makeMember(h, 10);
      const joinerApi = (method: Method, url: string, json?: unknown) => api(joiner.token, method, url, json);
      const company = `Joiner Co ${++n}`;
      const columns = `Joiner columns ${n}`;
      assert.equal(
        (
          await joinerApi('PUT', '/tally/company', {
            company: { name: company, state: 'Maharashtra', version: 'TallyPrime 4.1' },
            ledgers: [{ name: 'Joiner Bank A/c', parent: 'Bank Accounts' }],
          })
        ).status,
        200,
      );
      const mapped = await joinerApi('POST', '/mappings', {
        name: columns,
        bank: 'auto',
        mapping: {
          sheet: 0,
          firstRow: 3,
          amounts: 'side',
          dateOrder: 'dmy',
          columns: { date: 0, description: 1, amount: 3, side: 4, balance: 5 },
        },
        signature: {
          kind: 'sheet',
          headings: ['when', 'what', 'ref', 'sum', 'dc', 'bal', `j${n}`],
          headingRow: 2,
        },
      });
      assert.equal(mapped.status, 200, mapped.raw);
      const officeHas = async () => ({
        company:
          (await owner('GET', `/tally/company?name=${encodeURIComponent(company)}`)).body?.company?.name ??
          null,
        columns: (await owner('GET', '/layouts')).body.layouts.some(
          (l: { name: string }) => l.name === columns,
        ),
      });
      assert.deepEqual(await officeHas(), { company: null, columns: false }, 'the office has neither before');
      const email = (await joinerApi('GET', '/account/profile')).body.email as string;
      const inv = await invite(email, 'reviewer');
      const joined = await joinerApi('POST', '/office/team/join', { invitation_id: inv.id, code: inv.code });
      assert.equal(joined.status, 200, joined.raw);
      assert.deepEqual(await officeHas(), { company, columns: true });
      // copies: the person's own stay theirs (for when they leave)
      const own = await h.database.db.select().from(taughtLayouts).where(eq(taughtLayouts.userId, joiner.id));
      assert.equal(own.filter((l) => l.name === columns).length, 1);
      assert.equal((await owner('DELETE', `/office/team/members/${joiner.id}`)).status, 200);
    });

    test('buying pages is the owner’s: members are refused 403, another office’s owner buys for theirs', async () => {
      const plan = PLANS[0];
      const order = { amount: planPricePaise(plan), pages: plan.pages, user_order: 'Plan purchase' };
      const got: Record<string, number> = {};
      for (const who of ['owner', 'accountant', 'reviewer', 'stranger'] as const) {
        const r = await api(tokens[who], 'POST', '/payment/create_order', order);
        got[who] = r.status;
        if (r.status === 403) assert.match(r.body.detail, /Only the office’s owner/);
      }
      assert.deepEqual(got, { owner: 200, accountant: 403, reviewer: 403, stranger: 200 });
    });

    test('pages are the office’s: a member spends the owner’s balance and is shown it', async () => {
      const db = h.database.db;
      const before = await balance(db, ids.owner);
      await db.transaction((tx) => grantPages(tx, ids.accountant, -3, 'spend', 'team-test'));
      assert.equal(await balance(db, ids.owner), before - 3);
      assert.equal(await balance(db, ids.accountant), before - 3);
      const shown = await api(tokens.accountant, 'GET', '/auth/check/pages');
      assert.equal(shown.body.page_left, before - 3);
    });

    test('a member removed loses access at once: sessions end, the office’s clients are a stranger’s', async () => {
      assert.equal((await api(tokens.accountant, 'GET', `/office/clients/${assigned}`)).status, 200);
      h.clock.advance(1000);
      assert.equal((await owner('DELETE', `/office/team/members/${ids.accountant}`)).status, 200);
      assert.equal((await api(tokens.accountant, 'GET', `/office/clients/${assigned}`)).status, 401);
      // Signed in again: their own one-person office, where the old office's client is no one's.
      h.clock.advance(1000);
      const fresh = await issueToken(
        h.config.jwtSecret,
        { id: ids.accountant, name: 'x', email: 'x', phone: null, role: 'user', pagesLeft: 0 },
        h.clock.now(),
      );
      assert.equal((await api(fresh, 'GET', `/office/clients/${assigned}`)).status, 404);
      assert.deepEqual((await api(fresh, 'GET', '/office/clients')).body.clients, []);
      assert.equal((await api(fresh, 'GET', '/office/team')).body.role, 'owner');
    });
  });
}
