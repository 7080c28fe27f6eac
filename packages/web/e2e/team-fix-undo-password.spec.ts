import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { drawnRows, drawStatement } from '../../server/test/helpers/draw-statement.ts';
import { createVerifiedUser, logIn, newUser, shot, signUpAndLogIn } from './support/helpers.ts';
import { mailsTo } from './support/mail.ts';

// Issue 35, what round three left to a browser (decision 057): the statement table's GST/TDS column
// (a split set on a row, its ledger parts shown and kept over a reload); a book row fixed in place and the
// payee's remembered ledger undone in one click, each seen in the book and in the client's trail;
// and a member of an office (an accountant who joined with the mailed code) marking the columns of
// a password-protected workbook: the password asked, a wrong one said so, the right one opening the
// file's first rows and reading it with the marks.

const fmt = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });
const tokenOf = (page: Page) => page.evaluate(() => String(localStorage.getItem('access_token')));

async function api(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'get' | 'put',
  url: string,
  data?: unknown,
) {
  const res = await request[method](`/api${url}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Rows of a month, a chained balance from `opening` paise: [day, narration, withdrawal paise]. */
function monthRows(month: string, opening: number, rows: [number, string, number][]) {
  let balance = opening;
  return rows.map(([day, description, paise]) => {
    balance -= paise;
    return {
      Date: `${String(day).padStart(2, '0')}-${month}-2026`,
      Description: description,
      Withdrawal: fmt(paise),
      Deposit: '',
      ClosingBalance: fmt(balance),
    };
  });
}

test('a book row fixed in place, and the remembered ledger undone in one click, both in the trail', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpAndLogIn(page, request, 'fixer');
  const token = await tokenOf(page);
  const client = (await api(request, token, 'post', '/office/clients', {
    name: `Fix Traders ${Date.now() % 100_000}`,
    state_code: '27',
  })) as { id: string };
  const account = (
    await api(request, token, 'post', `/office/clients/${client.id}/accounts`, {
      bank: 'HDFC',
      account_number: '50100777788889',
      tally_ledger: 'HDFC Bank A/c',
    })
  ).account as { id: string };
  const file = (name: string, transactions: unknown[]) =>
    api(request, token, 'post', '/office/statements/file', {
      client_id: client.id,
      account_number: '50100777788889',
      file_name: name,
      transactions,
    });
  // January: the landlord's rent is given its ledger by hand, which the client's memory keeps.
  await file(
    'january.pdf',
    monthRows('01', 5_000_000, [
      [3, 'UPI-RAVI KUMAR-ravi.kumar@okaxis-RENT JAN', 2_000_000],
      [9, 'UPI-CORNER SHOP-shop9@ybl-GROCERY', 123_400],
    ]),
  );
  const book = await api(request, token, 'get', `/office/accounts/${account.id}/book`);
  const rent = book.rows.find((r: { Description: string }) => r.Description.includes('RENT JAN'));
  await api(request, token, 'put', `/office/accounts/${account.id}/ledgers`, {
    rows: [{ id: rent.id, ledger: 'Rent' }],
  });
  // February: the same landlord, filed: the memory gives the row Rent on its own.
  await file(
    'february.pdf',
    monthRows('02', 2_876_600, [[4, 'UPI-RAVI KUMAR-ravi.kumar@okaxis-RENT FEB', 2_000_000]]),
  );

  await page.goto(`/app/clients/${client.id}?tab=book&account=${account.id}`);
  const rows = page.getByRole('table', { name: 'Book rows' });
  const feb = '04-02-2026 UPI-RAVI KUMAR-ravi.kumar@okaxis-RENT FEB';
  await expect(page.getByLabel(`Ledger for ${feb}`)).toHaveValue('Rent', { timeout: 30_000 });
  // Undo: the row is given back without a ledger, Rent still offered as a suggestion.
  await page.getByRole('button', { name: `Undo the remembered Rent for ${feb}` }).click();
  await expect(page.getByLabel(`Ledger for ${feb}`)).toHaveValue('');
  await expect(page.getByRole('button', { name: `Undo the remembered Rent for ${feb}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Use Rent for ${feb}` })).toBeVisible();

  // Fix: the grocery row's amount and narration as the paper says them; the balance is left.
  const grocery = '09-01-2026 UPI-CORNER SHOP-shop9@ybl-GROCERY';
  await page.getByRole('button', { name: `Fix the row ${grocery}` }).click();
  const dialog = page.getByRole('dialog', { name: `Fix the row: ${grocery}` });
  await expect(dialog.getByRole('button', { name: 'Save the fix' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Narration' }).fill('UPI-CORNER SHOP-shop9@ybl-GROCERIES');
  await dialog.getByRole('textbox', { name: 'Withdrawal' }).fill('1,243.00');
  await dialog.getByRole('button', { name: 'Save the fix' }).click();
  await expect(dialog).toBeHidden();
  const fixed = rows.getByRole('row').filter({ hasText: 'UPI-CORNER SHOP-shop9@ybl-GROCERIES' });
  await expect(fixed).toContainText('1,243.00');
  await expect(fixed).toContainText(owner.name);
  await expect(
    rows.getByRole('row').filter({ hasText: 'GROCERY' }).filter({ hasNotText: 'GROCERIES' }),
  ).toHaveCount(0);
  await shot(page, '35-row-fixed');

  // The trail: the ledger undone and the fix, each with its author.
  await page.goto(`/app/clients/${client.id}?tab=months`);
  const changes = page.getByRole('table', { name: 'Changes' });
  const line = (what: string) => changes.getByRole('row').filter({ hasText: what });
  await expect(line('Row fixed')).toContainText(owner.name, { timeout: 30_000 });
  await expect(line('Row fixed')).toContainText('Withdrawal “1,234.00” → “1,243.00”');
  await expect(line('Row fixed')).toContainText(
    'Description “UPI-CORNER SHOP-shop9@ybl-GROCERY” → “UPI-CORNER SHOP-shop9@ybl-GROCERIES”',
  );
  await expect(line('Ledger set').filter({ hasText: 'Feb 2026' })).toContainText(owner.name);
});

/** An XLSX of a bank Bahi has no reader for (headings it cannot name), protected with `password`. */
async function protectedWorkbook(password: string): Promise<Buffer> {
  // exceljs and officecrypto-tool are the reader's own (@bahi/statements): officecrypto-tool writes
  // the ECMA-376 agile encryption Excel uses
  const require = createRequire(path.resolve(import.meta.dirname, '../../statements/package.json'));
  const ExcelJS = require('exceljs') as typeof import('exceljs');
  const crypto = require('officecrypto-tool') as { encrypt: (b: Buffer, o: { password: string }) => Buffer };
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Statement');
  sheet.addRow(['Quuxbank Cooperative Ltd']);
  sheet.addRow(['Account 009988776655']);
  sheet.addRow(['Wibble', 'Frob', 'Plonk Out', 'Plonk In', 'Saldo']);
  sheet.addRow(['02/03/2026', 'NEFT ACME TRADERS', '', 5000, 25000]);
  sheet.addRow(['05/03/2026', 'UPI GROCER', 250.5, '', 24749.5]);
  sheet.addRow(['11/03/2026', 'RENT MARCH', 12000, '', 12749.5]);
  const plain = Buffer.from(await book.xlsx.writeBuffer());
  return crypto.encrypt(plain, { password });
}

async function person(browser: Browser, request: APIRequestContext, prefix: string) {
  const user = newUser(prefix);
  await createVerifiedUser(request, user);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, user);
  await expect(page).toHaveURL(/\/app\/home$/);
  return { user, page, close: () => context.close() };
}

test('an accountant of an office marks the columns of a protected workbook: the password asked, a wrong one said', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  await signUpAndLogIn(page, request, 'pwowner');
  const accountant = await person(browser, request, 'pwaccountant');
  try {
    // The owner invites; the accountant joins with the code the mail carries.
    await page.goto('/app/team');
    const form = page.getByRole('form', { name: 'Invite a member' });
    await form.getByRole('textbox', { name: 'E-mail' }).fill(accountant.user.email);
    await form.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: /^Accountant:/ }).click();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('table', { name: 'Invitations' })).toContainText(accountant.user.email);
    let code: string | undefined;
    await expect
      .poll(
        async () =>
          (code = (await mailsTo(accountant.user.email))
            .map((m) => /your code is (\d{4})/.exec(m.subject)?.[1])
            .find(Boolean)),
        { timeout: 15_000 },
      )
      .toBeTruthy();
    const acc = accountant.page;
    await acc.goto('/app/team');
    const received = acc.getByRole('region', { name: 'Invitations to you' });
    await received.getByRole('textbox', { name: 'Code from the mail' }).fill(code!);
    await received.getByRole('button', { name: /^Join / }).click();
    await expect(acc.getByText(/You joined .* as /)).toBeVisible();

    // The protected workbook on the selection screen: its password first, then no table Bahi knows.
    const file = {
      name: 'quuxbank-march.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await protectedWorkbook('quux-42'),
    };
    await acc.goto('/app/select');
    await acc.locator('#statement-file').setInputFiles(file);
    await acc.getByRole('button', { name: 'Submit' }).click();
    const modal = acc.getByRole('dialog', { name: 'Password required' });
    await modal.getByLabel('Statement password').fill('quux-42', { timeout: 30_000 });
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await expect(acc.getByRole('button', { name: 'Mark the columns' })).toBeVisible({ timeout: 45_000 });
    await acc.getByRole('button', { name: 'Mark the columns' }).click();
    await expect(acc).toHaveURL(/\/app\/map$/);

    // The map screen asks the password again (it is never kept); a wrong one is said under the field.
    const ask = acc.getByLabel('The file’s password');
    await expect(ask).toBeVisible({ timeout: 30_000 });
    await expect(acc.getByRole('table', { name: "The file's first rows" })).toHaveCount(0);
    await ask.fill('not-it');
    await acc.getByRole('button', { name: 'Open the file' }).click();
    await expect(acc.getByText('That password did not open the file.')).toBeVisible({ timeout: 30_000 });
    await ask.fill('quux-42');
    await acc.getByRole('button', { name: 'Open the file' }).click();
    const table = acc.getByRole('table', { name: "The file's first rows" });
    await expect(table.getByRole('cell', { name: 'Wibble' })).toBeVisible({ timeout: 30_000 });
    await expect(ask).toHaveCount(0);
    await shot(acc, '35-protected-workbook-opened');

    // Marked and read with the same password: the rows balance.
    const roles: [string, string][] = [
      ['A', 'Date'],
      ['B', 'Narration'],
      ['C', 'Withdrawal'],
      ['D', 'Deposit'],
      ['E', 'Balance'],
    ];
    for (const [col, role] of roles)
      await acc.getByRole('combobox', { name: `Column ${col}` }).selectOption({ label: role });
    await acc.getByRole('radio', { name: 'Row 4 is the first transaction' }).check();
    await acc.getByRole('button', { name: 'Read with these columns' }).click();
    await expect(acc.getByLabel('Read with your columns').getByRole('status').first()).toHaveText(
      'Read 3 rows with your columns · the balances reconcile',
      { timeout: 45_000 },
    );
  } finally {
    await accountant.close();
  }
});

test('the statement table’s GST/TDS column: a charge split with GST, its ledger parts shown and kept over a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUpAndLogIn(page, request, 'splitter');
  const rows = drawnRows(4);
  // The first row is a withdrawal of ₹1,025.00: 868.64 of charges and 78.18 + 78.18 of GST at 18%.
  expect(rows[0]!.withdrawal).toBe(1025);
  await page.goto('/app/select');
  await page.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
  await page.locator('#statement-file').setInputFiles({
    name: 'charges.pdf',
    mimeType: 'application/pdf',
    buffer: await drawStatement({ rows }),
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('columnheader', { name: 'GST/TDS' })).toBeVisible();

  await page.getByRole('button', { name: 'GST/TDS split, row 1: none' }).click();
  const dialog = page.getByRole('dialog', { name: 'GST/TDS split: row 1' });
  await dialog.getByText('Charge + GST').click();
  await expect(dialog.getByRole('table', { name: 'Voucher legs for row 1' }).locator('tbody tr')).toHaveText([
    /1,025\.00/,
    /Suspense\s*868\.64/,
    /Input CGST\s*78\.18/,
    /Input SGST\s*78\.18/,
  ]);
  await dialog.getByRole('button', { name: 'Save split' }).click();
  await expect(dialog).toBeHidden();
  const split = page.getByRole('button', { name: 'GST/TDS split, row 1: GST 18% (CGST + SGST)' });
  await expect(split).toBeVisible();
  const parts = page.locator('tr[data-row="0"] .split-legs');
  await expect(parts).toHaveText('Suspense 868.64 · Input CGST 78.18 · Input SGST 78.18');
  await shot(page, '35-statement-split-column');
  // kept with the statement: the same after a reload
  await page.reload();
  await expect(split).toBeVisible({ timeout: 30_000 });
  await expect(parts).toHaveText('Suspense 868.64 · Input CGST 78.18 · Input SGST 78.18');
  await expect(page.getByRole('button', { name: 'GST/TDS split, row 2: none' })).toBeVisible();
});
