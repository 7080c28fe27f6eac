import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, startApp } from './helpers/harness.ts';
import { member, upload, type Harness } from './helpers/security.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

// DESIGN.md 'Security notes': every query for user data is scoped by the signed-in user's id. Two
// accounts, A and B: for every resource with an id or a name, B can neither read nor change A's,
// and A's data is the same afterwards.

const ROWS = [
  {
    Date: '02-07-2024',
    Description: 'UPI-RAHUL BANERJEE-rahul.b@okicici-PAYMENT',
    Withdrawal: '',
    Deposit: '513.00',
    ClosingBalance: '',
  },
  {
    Date: '04-07-2024',
    Description: 'CHQ PAID-SAI KRUPA ENTERPRISES',
    Withdrawal: '89,746.00',
    Deposit: '',
    ClosingBalance: '',
  },
];

describe('security: one user never reaches another user’s data', () => {
  let h: Harness;
  let a: Awaited<ReturnType<typeof member>>;
  let b: Awaited<ReturnType<typeof member>>;
  let tokenA: string;
  let tokenB: string;

  before(async () => {
    h = await startApp({ env: { BAHI_PAYMENTS: 'test' } });
    a = await member(h, { pages: 20 });
    // B is an admin so that even the billing calls, which read rule sets by name, are tried.
    b = await member(h, { pages: 20, role: 'admin' });
    tokenA = await a.token();
    tokenB = await b.token();
  });
  after(() => h?.close());

  const as = (token: string) => ({
    get: (url: string) => call(h.app, 'GET', url, { token }),
    post: (url: string, json: unknown) => call(h.app, 'POST', url, { token, json }),
    put: (url: string, json: unknown) => call(h.app, 'PUT', url, { token, json }),
    del: (url: string, json?: unknown) => call(h.app, 'DELETE', url, { token, json }),
  });

  test('Tally exports: B can neither read nor answer A’s export', async () => {
    const sent = await as(tokenA).post('/api/tally/send-to-tally', {
      transactions: ROWS,
      ledger_name: 'HDFC A/c',
      company_name: 'Metro Office Supplies',
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const id = sent.body.xml_id as string;
    const url = `/api/tally/exports/${id}`;

    const peek = await as(tokenB).get(url);
    assert.equal(peek.status, 404);
    assert.equal(typeof peek.body.detail, 'string');
    assert.doesNotMatch(JSON.stringify(peek.body), /Metro|RAHUL/);
    const write = await as(tokenB).post(`${url}/response`, { ok: false, status: 'forged' });
    assert.equal(write.status, 404);

    const mine = await as(tokenA).get(url);
    assert.equal(mine.status, 200);
    assert.equal(mine.body.company_name, 'Metro Office Supplies');
    assert.equal(mine.body.tally_response, null, 'B’s report did not land on A’s export');
  });

  test('payment orders: B cannot see, complete or verify A’s order, nor take its pages', async () => {
    const plans = await call(h.app, 'GET', '/api/payment/plans');
    const plan = plans.body.plans.find((p: { price_paise: number }) => p.price_paise > 0);
    const created = await as(tokenA).post('/api/payment/create_order', {
      amount: plan.price_paise,
      pages: plan.pages,
      user_order: 'Plan purchase',
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const orderId = created.body.id as string;

    assert.equal((await as(tokenB).get(`/api/payment/order/${orderId}`)).status, 404);
    assert.equal((await as(tokenB).post('/api/payment/test/complete', { order_id: orderId })).status, 404);

    // A's genuine checkout answer, replayed by B.
    const paid = await as(tokenA).post('/api/payment/test/complete', { order_id: orderId });
    assert.equal(paid.status, 200);
    const stolen = await as(tokenB).post('/api/payment/verify_payment', paid.body);
    assert.equal(stolen.status, 404);
    assert.equal(typeof stolen.body.detail, 'string');
    // Nor with B's own order and A's payment signature.
    const own = await as(tokenB).post('/api/payment/create_order', {
      amount: plan.price_paise,
      pages: plan.pages,
      user_order: 'Plan purchase',
    });
    const swapped = await as(tokenB).post('/api/payment/verify_payment', {
      ...paid.body,
      razorpay_order_id: own.body.id,
    });
    assert.equal(swapped.status, 400);

    assert.equal((await as(tokenB).get('/api/auth/check/pages')).body.page_left, 20, 'B gained nothing');
    const stillOpen = await as(tokenA).get(`/api/payment/order/${orderId}`);
    assert.equal(stillOpen.body.status, 'created');

    // The same answer is good for its owner: the refusals above were about whose order it is.
    const verified = await as(tokenA).post('/api/payment/verify_payment', paid.body);
    assert.equal(verified.status, 200, JSON.stringify(verified.body));
    assert.equal(verified.body.page_left, 20 + plan.pages);
  });

  test(
    'rule sets by name: B neither lists, reads nor overwrites A’s set, nor bills with it',
    needsCorpus,
    async () => {
      const rules = { RATE: [{ min: 0, max: 500, chunk_min: 1, chunk_max: 4 }] };
      const saved = await as(tokenA).post('/api/rules/chunking-rules/save', {
        rule_set_name: 'a-private',
        rules,
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));

      const list = await as(tokenB).get('/api/rules/chunking-rules/rule-sets');
      assert.equal(list.status, 200);
      assert.ok(!list.body.rule_sets.includes('a-private'));
      for (const name of ['a-private', 'A-PRIVATE', 'a-private%20', '..%2Fa-private']) {
        const got = await as(tokenB).get(`/api/rules/chunking-rules/get/${name}`);
        assert.deepEqual(got.body, { rules: {} }, name);
      }
      const billed = await upload(h.app, '/api/item-master/get-data', {
        token: tokenB,
        bytes: corpusFile('billing/items_small.xlsx'),
        name: 'items_small.xlsx',
        fields: { set_name: 'a-private', amount_given: '1000' },
      });
      assert.equal(billed.status, 400, billed.raw);
      assert.match(billed.body.detail, /no rule set named/);

      // B saving the same name makes B's own set; A's is untouched.
      const other = { QUANTITY: [{ min: 0, max: 9, chunk_min: 2, chunk_max: 2 }] };
      assert.equal(
        (
          await as(tokenB).post('/api/rules/chunking-rules/save', {
            rule_set_name: 'a-private',
            rules: other,
          })
        ).status,
        200,
      );
      assert.deepEqual((await as(tokenA).get('/api/rules/chunking-rules/get/a-private')).body, { rules });
      assert.deepEqual((await as(tokenB).get('/api/rules/chunking-rules/get/a-private')).body, {
        rules: other,
      });
    },
  );

  test('ledger memory: B gets no suggestion from A’s ledgers and cannot erase them', async () => {
    const narration = 'UPI-MEENAKSHI VERMA-meenakshi.v@okaxis-HDFC0001234-RENT JULY';
    const remembered = await as(tokenA).post('/api/ledger-memory', {
      assignments: [{ description: narration, ledger: 'Rent Meenakshi' }],
    });
    assert.equal(remembered.status, 200);
    const ask = { descriptions: [narration] };
    assert.deepEqual((await as(tokenB).post('/api/ledger-memory/suggest', ask)).body, { suggestions: [] });
    assert.equal((await as(tokenB).del('/api/ledger-memory')).status, 200);
    const mine = await as(tokenA).post('/api/ledger-memory/suggest', ask);
    assert.equal(mine.body.suggestions.length, 1);
    assert.equal(mine.body.suggestions[0].ledger, 'Rent Meenakshi');
  });

  test('extractions: history is per user, and A’s paid file is not free for B', needsCorpus, async () => {
    const bytes = corpusFile('HDFC/HDFC_short.pdf');
    const first = await upload(h.app, '/api/hdfc/extract-statement', {
      token: tokenA,
      bytes,
      name: 'a-july.pdf',
    });
    assert.equal(first.status, 200, first.raw.slice(0, 300));
    assert.ok(first.body.pages > 0);
    const second = await upload(h.app, '/api/hdfc/extract-statement', {
      token: tokenB,
      bytes,
      name: 'b-copy.pdf',
    });
    assert.equal(second.status, 200);
    assert.equal(second.body.pages, first.body.pages, 'B pays for its own extraction');

    const historyB = await as(tokenB).get('/api/account/history');
    assert.deepEqual(
      historyB.body.extractions.map((e: { file_name: string }) => e.file_name),
      ['b-copy.pdf'],
    );
    const historyA = await as(tokenA).get('/api/account/history');
    assert.deepEqual(
      historyA.body.extractions.map((e: { file_name: string }) => e.file_name),
      ['a-july.pdf'],
    );
  });

  // It checks that A keeps the statement and the rule set the two corpus tests above gave A.
  test('account: B’s profile, export, changes and deletion never touch A', needsCorpus, async () => {
    const beforeA = (await as(tokenA).get('/api/account/profile')).body;
    const exportB = await as(tokenB).get('/api/account/export');
    assert.equal(exportB.status, 200);
    const text = JSON.stringify(exportB.body);
    assert.ok(!text.includes(a.email) && !text.includes(a.id), 'B’s export holds nothing of A');
    assert.ok(!text.includes('a-july.pdf'));
    assert.equal(exportB.body.account.email, b.email);

    const renamed = await as(tokenB).put('/api/account/profile', { name: 'Bee Renamed', phone: b.phone });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const taken = await as(tokenB).put('/api/account/profile', { name: 'Bee', phone: a.phone });
    assert.equal(taken.status, 400, 'A’s phone cannot be taken over');

    assert.equal((await as(tokenB).post('/api/account/logout-all', {})).status, 200);
    h.clock.advance(5);
    const freshB = await b.token();
    const gone = await as(freshB).del('/api/account', { email: b.email });
    assert.equal(gone.status, 200, JSON.stringify(gone.body));

    // A is exactly as before, and still signed in.
    const afterA = await as(tokenA).get('/api/account/profile');
    assert.equal(afterA.status, 200);
    assert.deepEqual(afterA.body, beforeA);
    const historyA = await as(tokenA).get('/api/account/history');
    assert.equal(historyA.body.extractions.length, 1);
    assert.deepEqual((await as(tokenA).get('/api/rules/chunking-rules/rule-sets')).body.rule_sets, [
      'default',
      'a-private',
    ]);
  });
});
