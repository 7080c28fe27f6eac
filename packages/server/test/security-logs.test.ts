import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { call, startApp } from './helpers/harness.ts';
import { startMailbox } from './helpers/smtp.ts';
import { upload, type Harness } from './helpers/security.ts';
import { corpusFile, corpusJson, needsCorpus } from './helpers/shared.ts';

// DESIGN.md 'Statements' and issue 2: the log never holds passwords, codes, tokens, statement
// passwords or statement contents. A representative flow runs with the most verbose log level
// (trace) into a captured stream; then every secret the flow handled is looked for in it.

// The flow reads a protected statement of the corpus, and the later tests search what it left.
describe('security: the log holds no secrets and no statement contents', needsCorpus, () => {
  let h: Harness;
  let mail: Awaited<ReturnType<typeof startMailbox>>;
  /** Strings that must never be in the log (looked for as they are). */
  const secrets = new Set<string>();
  /** Short numeric secrets (the 4-digit codes), looked for as whole numbers only. */
  const codes = new Set<string>();
  /** Of the secrets, the statement's own contents (kept with the user's history, issue 19). */
  const contents = new Set<string>();

  before(async () => {
    mail = await startMailbox();
    h = await startApp({
      env: { SMTP_URL: mail.url, LOG_LEVEL: 'trace', BAHI_SIGNUP_PAGES: '10', BAHI_PAYMENTS: 'test' },
    });
  });
  after(async () => {
    await h?.close();
    await mail?.close();
  });

  const keepSecret = (value: string) => {
    assert.ok(value, 'a secret to keep');
    secrets.add(value);
    return value;
  };
  const keepToken = (body: { access_token?: string } | undefined) => {
    const token = body?.access_token;
    if (token) {
      secrets.add(token);
      // A logged signature alone would be as bad as the whole token.
      secrets.add(token.split('.')[2]);
    }
    return token as string;
  };

  /**
   * Where each secret occurs in `text` (codes as whole numbers only: 4 digits are common, and a
   * uuid's or a hash's hex holds them between letters: 'e8478a' is no code).
   */
  function leaksIn(text: string): string[] {
    const found: string[] = [];
    for (const s of secrets) {
      if (s && (text.includes(s) || text.includes(JSON.stringify(s).slice(1, -1)))) found.push(s);
    }
    for (const c of codes) {
      if (new RegExp(`(?<![0-9a-zA-Z.:-])${c}(?![0-9a-zA-Z.:-])`).test(text)) found.push(`code ${c}`);
    }
    return found;
  }

  async function codeFor(email: string, index: number) {
    const code = await mail.codeOf(email, index);
    codes.add(code);
    return code;
  }

  test('an account, a protected statement and a payment, then the log is searched', async (t) => {
    const pdf = corpusFile('HDFC/HDFC_protected.pdf');
    const truth = corpusJson('HDFC/HDFC_protected.truth.json');
    const id = randomUUID().slice(0, 8);
    const email = `log.${id}@example.com`;
    const [first, wrong, second, third] = ['first', 'wrong', 'second', 'third'].map((w) => `${w}-Pw-${id}!`);
    [first, wrong, second, third].forEach((p) => secrets.add(p));

    // Signup, a wrong code, the right code, sign-in with the password and with a wrong one.
    const signup = {
      name: `Log ${id}`,
      email,
      phone: String(6_000_000_000 + Math.floor(Math.random() * 1e9)),
      password: first,
    };
    assert.equal((await call(h.app, 'POST', '/api/auth/signUp', { json: signup })).status, 200);
    const code = await codeFor(email, 0);
    const bad = String((Number(code) + 1) % 10000).padStart(4, '0');
    codes.add(bad);
    assert.equal(
      (await call(h.app, 'POST', '/api/verification/verfiy-otp', { json: { email, otp: bad } })).status,
      400,
    );
    assert.equal(
      (await call(h.app, 'POST', '/api/verification/verfiy-otp', { json: { email, otp: code } })).status,
      200,
    );
    const refused = await call(h.app, 'POST', '/api/auth/sign/token', {
      form: { username: email, password: wrong },
    });
    assert.equal(refused.status, 401);
    const signin = await call(h.app, 'POST', '/api/auth/sign/token', {
      form: { username: email, password: first },
    });
    assert.equal(signin.status, 200);
    let token = keepToken(signin.body);

    // Forgot and reset (after the 50 s resend wait), then change the password.
    h.clock.advance(51_000);
    assert.equal((await call(h.app, 'POST', '/api/auth/forgot-password', { json: { email } })).status, 200);
    const resetCode = await codeFor(email, 1);
    const resetVerified = await call(h.app, 'POST', '/api/verification/verfiy-otp', {
      json: { email, otp: resetCode },
    });
    assert.equal(resetVerified.status, 200);
    const resetToken = keepSecret(resetVerified.body.reset_token);
    const reset = await call(h.app, 'POST', '/api/auth/reset-password', {
      json: { email, new_password: second, reset_token: resetToken },
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    token = keepToken(
      (await call(h.app, 'POST', '/api/auth/sign/token', { form: { username: email, password: second } }))
        .body,
    );
    const changed = await call(h.app, 'POST', '/api/account/change-password', {
      token,
      json: { current_password: second, new_password: third },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    token = keepToken(changed.body);
    // A stale token (issued before the change) is refused; it is in a header the log must not show.
    h.clock.advance(5);

    // The protected statement: no password, a wrong one (query), the right one (query), then again
    // with the right one as a form field.
    const statementPassword = truth.password as string;
    const wrongStatementPassword = `9${statementPassword}7`;
    secrets.add(statementPassword);
    secrets.add(wrongStatementPassword);
    const send = (url: string, fields?: Record<string, string>) =>
      upload(h.app, url, { token, bytes: pdf, name: 'hdfc-july.pdf', fields });
    assert.equal((await send('/api/hdfc/check-password')).body.password_required, true);
    assert.equal((await send('/api/hdfc/extract-statement')).body.code, 'PASSWORD_REQUIRED');
    const wrongPdf = await send(`/api/hdfc/extract-statement?password=${wrongStatementPassword}`);
    assert.equal(wrongPdf.body.code, 'WRONG_PASSWORD');
    const extracted = await send(`/api/hdfc/extract-statement?password=${statementPassword}`);
    assert.equal(extracted.status, 200, extracted.raw.slice(0, 300));
    assert.equal(extracted.body.transactions.length, truth.transactions.length);
    keepToken(extracted.body);
    const again = await send('/api/hdfc/extract-statement', { password: statementPassword });
    assert.equal(again.status, 200);
    token = keepToken(again.body);

    // Statement contents: every narration, the printed amounts and balances, the account and holder.
    for (const tr of extracted.body.transactions as Record<string, string>[]) {
      secrets.add(tr.Description);
      // Amounts of four or more digits, as printed ('89,746.00'): short ones are too common a string.
      for (const amount of [tr.Withdrawal, tr.Deposit, tr.ClosingBalance])
        if (amount?.includes(',')) secrets.add(amount);
    }
    for (const tr of truth.transactions as { description: string }[]) secrets.add(tr.description);
    secrets.add(truth.account.number);
    secrets.add(truth.account.holder);
    for (const tr of extracted.body.transactions as Record<string, string>[])
      for (const v of [tr.Description, tr.Withdrawal, tr.Deposit, tr.ClosingBalance]) if (v) contents.add(v);
    for (const tr of truth.transactions as { description: string }[]) contents.add(tr.description);
    contents.add(truth.account.number);
    contents.add(truth.account.holder);

    // A payment: order, test checkout, verify (the signature is a secret of the checkout).
    const plans = await call(h.app, 'GET', '/api/payment/plans');
    const plan = plans.body.plans.find((p: { price_paise: number }) => p.price_paise > 0);
    const order = await call(h.app, 'POST', '/api/payment/create_order', {
      token,
      json: { amount: plan.price_paise, pages: plan.pages, user_order: 'Plan purchase' },
    });
    assert.equal(order.status, 200);
    const paid = await call(h.app, 'POST', '/api/payment/test/complete', {
      token,
      json: { order_id: order.body.id },
    });
    secrets.add(paid.body.razorpay_signature);
    const tampered = await call(h.app, 'POST', '/api/payment/verify_payment', {
      token,
      json: {
        ...paid.body,
        razorpay_signature: paid.body.razorpay_signature.replace(/^./, (c: string) =>
          c === 'a' ? 'b' : 'a',
        ),
      },
    });
    assert.equal(tampered.status, 400);
    const verified = await call(h.app, 'POST', '/api/payment/verify_payment', { token, json: paid.body });
    assert.equal(verified.status, 200, JSON.stringify(verified.body));
    keepToken(verified.body);

    // The log was captured: the flow's events are there.
    const log = h.logs.join('');
    for (const event of ['statement extracted', 'payment verified', 'incoming request']) {
      assert.ok(log.includes(event), `the captured log has '${event}'`);
    }
    t.diagnostic(`log: ${h.logs.length} lines; looked for ${secrets.size} secrets and ${codes.size} codes`);

    const leaks = leaksIn(log);
    const lines = (s: string) => h.logs.filter((l) => l.includes(s)).slice(0, 2);
    assert.deepEqual(
      leaks.map((s) => ({ s: s.slice(0, 60), lines: lines(s.replace(/^code /, '')) })),
      [],
      'secrets in the log',
    );
  });

  test('the database holds no plain password, code, token or statement password; statement text only in the kept results', async () => {
    assert.ok(secrets.size > 100, 'the flow ran first');
    const tables = await h.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    assert.ok(names.includes('users') && names.includes('otp_codes'), names.join(','));
    const leaks: string[] = [];
    for (const name of names) {
      const rows = await h.database.db.execute(sql.raw(`select row_to_json(t)::text as j from "${name}" t`));
      const text = (rows as unknown as { rows: { j: string }[] }).rows.map((r) => r.j).join('\n');
      // A read statement is kept with the user's history (issue 19, statement_results, its rows in
      // statement_row_chunks): its rows are there by design. No password, code or token may be,
      // there or anywhere.
      const kept = name === 'statement_results' || name === 'statement_row_chunks';
      const byDesign = kept ? contents : new Set<string>();
      // (a one-time code is 4 random digits: a kept statement's own narration or figure may hold them)
      const statementsOwn = (s: string) =>
        kept && s.startsWith('code ') && [...contents].some((c) => c.includes(s.slice(5)));
      leaks.push(
        ...leaksIn(text)
          .filter((s) => !byDesign.has(s) && !statementsOwn(s))
          .map((s) => `${name}: ${s.slice(0, 60)}`),
      );
    }
    assert.deepEqual(leaks, []);
  });

  test('a failing database gives 500 { detail } with no stack, and its log holds no token', async () => {
    const [, token] = [...secrets].filter((s) => s.startsWith('eyJ'));
    const linesBefore = h.logs.length;
    await h.database.close();
    const res = await call(h.app, 'GET', '/api/auth/check/pages', { token });
    assert.equal(res.status, 500);
    assert.equal(typeof res.body.detail, 'string');
    assert.doesNotMatch(JSON.stringify(res.body), /\bat .+\.[cm]?[jt]s:\d+|stack|select|PGlite/i);
    const log = h.logs.slice(linesBefore).join('');
    assert.match(log, /request failed/);
    assert.deepEqual(leaksIn(log), []);
    // The harness closes the app only: the database is closed already.
    await h.close(false);
    h = undefined as unknown as Harness;
  });
});
