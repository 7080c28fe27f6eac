import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Response } from '@playwright/test';
import { defaultBankLedger } from '@bahi/core';
import { startBridge, startTallyEmulator } from '@bahi/tally';
import { drawnRows, drawStatement } from '../../server/test/helpers/draw-statement.ts';
import { ensureAdmin, logIn, shot, useBridge } from './support/helpers.ts';

// Issue 13's done-means: a CA office's month-end in one drop. A new client (and a ledger rule); ONE drop of 30 mixed statements on the client: four of the client's own
// (made here, two of them protected with the client's one password, two of one account whose
// periods overlap) and 26 of other banks from the corpus (PDFs, a scan read by OCR, workbooks, RPT
// reports, a consolidated statement of three accounts, long statements). Every file gets its live
// row; the password, typed once with the drop, opens the protected files; every statement waits for
// an account and the client's three accounts are created from their offers (the client's two, each
// filing its two statements, and one more); the overlapping months merge without doubled rows; the
// rule set the ledgers; the month goes to the Tally emulator through the bridge once, and a second
// push has nothing to send.
//
// Issue 34's done-means: the bookkeeper's actions (click, fill, select, file drop, as a person makes
// them; not the test's API calls, addresses, reloads or waits) are counted by `act` and must be at
// most half of the 38 the journey took before the issue.

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  rpt: 'text/plain',
};
const corpusFile = (rel: string) => ({
  name: path.basename(rel),
  mimeType: MIME[path.extname(rel).slice(1)]!,
  buffer: readFileSync(path.join(CORPUS, rel)),
});
const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });

const OTHERS = [
  'PNB/PNB_scanned.pdf', // no text layer: read by OCR
  ...['AXIS', 'BANKOFINDIA', 'BOB', 'BOM', 'CANARA', 'HDFC', 'ICICI', 'INDIANBANK', 'KOTAK', 'PNB', 'SBI']
    .concat(['UNION', 'UTKARSH'])
    .map((b) => `${b}/${b}_short.pdf`),
  'AXIS/AXIS_export.xlsx',
  'HDFC/HDFC_export.xlsx',
  'ICICI/ICICI_export.xlsx',
  'SBI/SBI_report.rpt',
  'UNION/UNION_report.rpt',
  'BOB/BOB_consolidated.pdf', // three accounts in one file
  'KOTAK/KOTAK_multi.pdf',
  'BOM/BOM_multi.pdf',
  'UNION/UNION_multi.pdf',
  'UTKARSH/UTKARSH_multi.pdf',
  'INDIANBANK/INDIANBANK_multi.pdf',
  'CANARA/CANARA_multi.pdf',
];

const PASSWORD = 'MEERA0126';
// the banks are printed on the client's statements (name and IFSC), as real ones print them: the
// accounts are made from what the statements say
const HDFC_BANK = { name: 'HDFC BANK', ifsc: 'HDFC0001234' };
const SBI_BANK = { name: 'STATE BANK OF INDIA', ifsc: 'SBIN0001234' };
const HDFC = { bank: 'HDFC', number: '00112233445566', ledger: defaultBankLedger('HDFC', '00112233445566') };
const SBI = { bank: 'SBI', number: '30001234567', ledger: defaultBankLedger('SBI', '30001234567') };
const money = (r: number) =>
  r.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('month-end: one drop of 30 mixed statements on a client, sorted, merged, ruled and pushed once', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(480_000);
  const started = Date.now();
  // The client's name, also its Tally company's (the client form names the company so, issue 34 round five).
  const COMPANY = `Meera Traders ${Date.now() % 100_000}`;
  // The bookkeeper's actions, each counted as it is made (issue 34: 38 before the issue, at most 19).
  let actions = 0;
  const act = <T>(done: Promise<T>, n = 1): Promise<T> => {
    actions += n;
    return done;
  };
  const tally = await startTallyEmulator({ companies: [COMPANY] });
  const bridge = await startBridge({ port: 0, origins: [String(baseURL)], tallyPort: tally.port });
  try {
    await useBridge(page, bridge.url);

    // The run's admin (no new sign-up), with pages for the month (bought in test mode when short).
    const admin = await ensureAdmin(request);
    await page.goto('/login');
    await act(logIn(page, admin), 3); // e-mail, password, Sign In
    await expect(page).toHaveURL(/\/app\/home$/);
    const token = String(await page.evaluate(() => localStorage.getItem('access_token')));
    const auth = { authorization: `Bearer ${token}` };
    const left = await request.get('/api/auth/check/pages', { headers: auth });
    if (((await left.json()) as { page_left: number }).page_left < 300) {
      await page.goto('/app/pay');
      await page.getByRole('radio', { name: 'Basic Plan' }).click();
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.getByRole('button', { name: /^Pay ₹/ }).click();
      await expect(page).toHaveURL(/\/app\/home$/);
    }

    // A new client, from the home screen's Clients card (issue 34: it was only in the user menu, two
    // clicks). Its Tally company is named as the client: not typed (issue 34 round five).
    await page.goto('/app/home');
    await act(page.getByRole('link', { name: /^Clients/ }).click());
    const clientName = COMPANY;
    await act(page.getByRole('button', { name: 'Add client' }).click());
    const form = page.getByRole('form', { name: 'Save client' });
    await act(form.getByRole('textbox', { name: 'Client name' }).fill(clientName));
    await expect(form.getByRole('textbox', { name: 'Tally company name' })).toHaveValue(COMPANY);
    await act(form.getByRole('combobox', { name: 'State' }).selectOption('27'));
    await act(form.getByRole('button', { name: 'Save client' }).click());
    await expect(page).toHaveURL(/\/app\/clients\/[0-9a-f-]{36}$/);
    const clientId = page.url().split('/').pop()!;
    await expect(page.getByText(`Tally company: ${COMPANY}`)).toBeVisible();
    // The client's rule, kept before the month comes in (the screen makes rules from a book's
    // filtered view, and the books are empty yet): its deposits by NEFT go to Sundry Debtors.
    const rule = await request.post(`/api/office/clients/${clientId}/rules`, {
      headers: auth,
      data: { words: ['neft', 'credit'], direction: 'deposit', ledger: 'Sundry Debtors' },
    });
    expect(rule.status(), await rule.text()).toBe(200);
    // (the client's rules are on their own tab since issue 34 round three: looked at by address,
    // not counted as the bookkeeper's actions)
    await page.goto(`/app/clients/${clientId}?tab=rules`);
    await expect(page.getByRole('table', { name: 'Rules' })).toContainText('Sundry Debtors');
    await page.goto(`/app/clients/${clientId}`);

    // The client's own statements, made here: the HDFC account's January in two parts that share
    // six rows, the SBI account's in two parts; one part of each protected with the client's password.
    const hdfcRows = drawnRows(24, 1);
    const sbiRows = drawnRows(24, 2);
    const own = [
      pdf(
        'meera-hdfc-jan-a.pdf',
        await drawStatement({ rows: hdfcRows.slice(0, 16), account: HDFC.number, bank: HDFC_BANK }),
      ),
      pdf(
        'meera-hdfc-jan-b.pdf',
        await drawStatement({
          rows: hdfcRows.slice(10),
          account: HDFC.number,
          bank: HDFC_BANK,
          password: PASSWORD,
        }),
      ),
      pdf(
        'meera-sbi-jan-a.pdf',
        await drawStatement({ rows: sbiRows.slice(0, 12), account: SBI.number, bank: SBI_BANK }),
      ),
      pdf(
        'meera-sbi-jan-b.pdf',
        await drawStatement({
          rows: sbiRows.slice(12),
          account: SBI.number,
          bank: SBI_BANK,
          password: PASSWORD,
        }),
      ),
    ];
    const files = [...own, ...OTHERS.map(corpusFile)];
    expect(files).toHaveLength(30);

    // Every state each file showed, from the screen's own polls (page progress is reported, not
    // asserted: a fast read may finish between two polls).
    const seen = new Map<string, Set<string>>();
    const watch = async (res: Response) => {
      if (!res.url().includes('/api/office/jobs') || res.request().method() !== 'GET' || !res.ok()) return;
      const body = (await res.json().catch(() => null)) as {
        jobs?: { file_name: string; state: string; pages_done: number; pages_total: number | null }[];
      } | null;
      for (const j of body?.jobs ?? []) {
        const states = seen.get(j.file_name) ?? new Set<string>();
        states.add(
          j.state === 'reading' && j.pages_total
            ? `reading page ${Math.min(j.pages_done + 1, j.pages_total)} of ${j.pages_total}`
            : j.state,
        );
        seen.set(j.file_name, states);
      }
    };
    page.on('response', (res) => void watch(res));

    // ONE drop of the 30 files on the client, the client's password typed with it (issue 34 round
    // five: it was asked after the read, typed and sent, two actions).
    await act(page.getByLabel('Password of the protected files (optional)').fill(PASSWORD));
    const dropped = Date.now();
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/office/drops'), { timeout: 90_000 });
    await act(page.getByTestId('drop-input').setInputFiles(files));
    const answer = await answered;
    expect(answer.status(), await answer.text()).toBe(202);
    await expect(page.getByText('30 files received.', { exact: false })).toBeVisible();
    const table = page.getByTestId('jobs-table');
    const row = (name: string) => table.locator(`tr[data-file="${name}"]`);
    await expect(table.locator('tbody tr')).toHaveCount(30);
    for (const f of files) await expect(row(f.name)).toBeVisible();

    // Live to the end without a reload: the two protected files are opened by the password given
    // with the drop, as they come to wait for it; nothing is typed again.
    const panel = page.getByTestId('jobs-password');
    await expect(page.getByTestId('jobs-password-said')).toHaveText(
      'The password given with the drop opened 2 files.',
      { timeout: 300_000 },
    );
    await expect(table.locator('tr[data-state="read"]')).toHaveCount(30, { timeout: 300_000 });
    const readIn = Date.now() - dropped;
    await expect(panel).toHaveCount(0);
    for (const f of own) await expect(row(f.name)).toContainText('Balances reconcile');
    await shot(page, 'office-month-end-read');

    // Sorted: the client has no account yet, so every statement waits for one, offered to be created.
    await page.reload();
    const account = (n: string) => page.getByRole('row', { name: `Account ${n}` });
    const waiting = page.getByRole('region', { name: 'Waiting for an account' });
    for (const rel of OTHERS)
      await expect(waiting.getByLabel(`Waiting statement ${path.basename(rel)}`).first()).toBeVisible();
    for (const f of own) await expect(waiting.getByLabel(`Waiting statement ${f.name}`)).toHaveCount(1);

    // The client's two accounts from their offers, one click each (issue 34 round five: the form was
    // opened, filled and saved, four actions an account): each named with Bahi's bank ledger and
    // taking both of its waiting statements, each once: 16 + 14 and 12 + 12 rows printed, 24 in
    // each book.
    for (const [a, first, second] of [
      [HDFC, 'meera-hdfc-jan-a.pdf', 'meera-hdfc-jan-b.pdf'],
      [SBI, 'meera-sbi-jan-a.pdf', 'meera-sbi-jan-b.pdf'],
    ] as const) {
      await act(
        waiting
          .getByLabel(`Waiting statement ${first}`)
          .getByRole('button', { name: 'Create this account' })
          .click(),
      );
      await expect(account(a.number).getByRole('cell').nth(2)).toHaveText(a.ledger);
      await expect(account(a.number).getByRole('cell').nth(4)).toHaveText('24');
      await expect(waiting.getByLabel(`Waiting statement ${first}`)).toHaveCount(0);
      await expect(waiting.getByLabel(`Waiting statement ${second}`)).toHaveCount(0);
    }
    // A third account from its offer: the HDFC short statement's account, which then holds its 18 rows.
    const hdfcShort = JSON.parse(readFileSync(path.join(CORPUS, 'HDFC/HDFC_short.truth.json'), 'utf8')) as {
      account: { number: string };
      transactions: unknown[];
    };
    await act(
      waiting
        .getByLabel('Waiting statement HDFC_short.pdf')
        .getByRole('button', { name: 'Create this account' })
        .click(),
    );
    await expect(account(hdfcShort.account.number).getByRole('cell').nth(2)).toHaveText(
      defaultBankLedger('HDFC', hdfcShort.account.number),
    );
    await expect(account(hdfcShort.account.number).getByRole('cell').nth(4)).toHaveText(
      String(hdfcShort.transactions.length),
    );
    await expect(waiting.getByLabel('Waiting statement HDFC_short.pdf')).toHaveCount(0);

    // The overlapping months merged: 16 + 14 rows printed, 24 in the book, each once and in the
    // account's order; no gap; the rule set every NEFT deposit's ledger.
    const books = [
      { acct: HDFC, rows: hdfcRows },
      { acct: SBI, rows: sbiRows },
    ];
    let vouchers = 0;
    for (const [i, { acct, rows }] of books.entries()) {
      // the first book from its account's row; the next from the Book tab's accounts (issue 34 round three)
      if (i === 0) await act(account(acct.number).getByRole('button', { name: 'Open book' }).click());
      else
        await act(
          page
            .getByRole('group', { name: 'Book of account' })
            .getByRole('button', { name: new RegExp(acct.number) })
            .click(),
        );
      const book = page.getByLabel(`Book of ${acct.number}`);
      const bookRows = book.getByRole('table', { name: 'Book rows' }).locator('tbody tr');
      await expect(bookRows).toHaveCount(24);
      expect(await bookRows.locator('td:nth-child(5)').allTextContents()).toEqual(
        rows.map((r) => money(r.balance)),
      );
      await expect(book.getByText('Gap in the book')).toHaveCount(0);
      const deposits = rows.filter((r) => r.deposit > 0).length;
      await expect(bookRows.filter({ hasText: 'Rule: “Sundry Debtors”' })).toHaveCount(deposits);
      await expect(book.getByTestId('book-counts')).toHaveText('24 rows · 0 pushed · 24 unpushed');

      // The month to Tally through the bridge, once: marked pushed only when Tally answers (issue 31).
      // One action since issue 34 round four: Push and send (the bridge answers), where Push and
      // then Send through the bridge were two. The first book's toast may still show: wait for it
      // to go (a pointer over a toast keeps it), so the one seen below is this push's.
      await page.mouse.move(0, 0);
      const sent = page.getByText('Sent to Tally: 24 voucher(s).');
      await expect(sent).toHaveCount(0, { timeout: 15_000 });
      await act(book.getByRole('button', { name: 'Push and send Jan 2026' }).click());
      const ask = book.getByLabel('New ledgers', { exact: true });
      if (i === 0) {
        // The rule's ledger is new to Tally: its group is chosen (issue 31), then the push is made and sent.
        // (a native list since issue 34 round five: one action, where opening the list and picking were two)
        await act(
          ask.getByRole('combobox', { name: 'Group of the new ledgers' }).selectOption('Sundry Debtors'),
        );
        await act(ask.getByRole('button', { name: 'Push and send with this group' }).click());
      }
      // The second book's push needs the same ledger: its group was kept for the client (issue 34
      // round four), so nothing is asked.
      await expect(sent).toBeVisible({ timeout: 20_000 });
      await expect(ask).toHaveCount(0);
      await expect(book.getByLabel('Masters the push creates')).toContainText(
        'Sundry Debtors (under Sundry Debtors)',
      );
      vouchers += 24;
      await expect.poll(() => tally.emulator.imported().companies[0]?.vouchers.length).toBe(vouchers);
      await expect(book.getByTestId('book-counts')).toHaveText('24 rows · 24 pushed · 0 unpushed');
      await expect(book.getByRole('button', { name: 'Everything pushed' })).toBeDisabled();
      await expect(book.getByRole('button', { name: 'Push Jan 2026' })).toHaveCount(0);
      await shot(page, `office-month-end-pushed-${acct.bank}`);
    }

    // A second push sends nothing: the server refuses it and Tally has each voucher once.
    await page.reload();
    for (const { acct } of books) {
      const again = await request.post(`/api/office/accounts/${await accountIdOf(acct.number)}/push`, {
        headers: auth,
        data: { month: '2026-01' },
      });
      expect(again.status()).toBe(400);
      expect(await again.text()).toContain('gone to Tally already');
    }
    expect(tally.emulator.imported().companies[0]!.vouchers).toHaveLength(48);

    // Sign-in 3, Clients card 1, the client form 4, the password and the drop 2, three accounts from
    // their offers 3, the first book 4 (Open book, Push and send, the group, Push and send with this
    // group), the second 2 (its account button, Push and send): 19, half of the 38 before issue 34.
    console.log(`month-end: the bookkeeper's actions: ${actions}`);
    expect(actions).toBeLessThanOrEqual(19);

    const progress = [...seen.entries()].filter(([, s]) => [...s].some((x) => x.startsWith('reading page')));
    console.log(
      `month-end: 30 files read in ${(readIn / 1000).toFixed(1)} s (the two protected by the password given with the drop); ` +
        `whole journey ${((Date.now() - started) / 1000).toFixed(1)} s; page progress seen on ` +
        `${progress.length} file(s): ${progress.map(([f, s]) => `${f} [${[...s].join(', ')}]`).join('; ')}`,
    );
  } finally {
    await bridge.close();
    await tally.close();
  }

  async function accountIdOf(number: string): Promise<string> {
    const token = String(await page.evaluate(() => localStorage.getItem('access_token')));
    const res = await request.get(`/api/office/clients/${new URL(page.url()).pathname.split('/').pop()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { accounts: { id: string; account_number: string }[] };
    return body.accounts.find((a) => a.account_number === number)!.id;
  }
});
