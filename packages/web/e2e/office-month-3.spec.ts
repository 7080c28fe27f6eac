import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { defaultBankLedger } from '@bahi/core';
import { drawnRows, drawStatement } from '../../server/test/helpers/draw-statement.ts';
import { addRateRule, collectAlerts, ensureAdmin, logIn, signUpAndLogIn } from './support/helpers.ts';

// Issue 34, round three (decision 053): the client page in tabs, the inbox's statements only in the
// inbox, "same party, same ledger?" in the book.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });

async function newClient(page: Page, name: string): Promise<string> {
  await page.goto('/app/clients');
  await page.getByRole('button', { name: 'Add client' }).click();
  const form = page.getByRole('form', { name: 'Save client' });
  await form.getByRole('textbox', { name: 'Client name' }).fill(name);
  await form.getByRole('combobox', { name: 'State' }).selectOption('27');
  await form.getByRole('button', { name: 'Save client' }).click();
  await expect(page).toHaveURL(/\/app\/clients\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

async function addAccount(page: Page, bank: string, number: string) {
  await page.getByRole('button', { name: 'Add account' }).click();
  const add = page.getByRole('form', { name: 'Add account' });
  await add.getByRole('combobox', { name: 'Bank' }).selectOption(bank);
  await add.getByRole('textbox', { name: 'Account number' }).fill(number);
  await add.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByRole('row', { name: `Account ${number}` })).toBeVisible();
}

const token = (page: Page) => page.evaluate(() => String(localStorage.getItem('access_token')));

test("the client's page is in tabs, reached by the keyboard, the tab kept in the address", async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, 'office3-tabs');
  const clientId = await newClient(page, 'Tabbed Traders');
  await addAccount(page, 'HDFC', '50100099887766');
  await addAccount(page, 'SBI', '30011122233');

  const tabs = page.getByRole('tablist', { name: 'Parts of the client' });
  await expect(tabs.getByRole('tab')).toHaveText(['Statements', 'Book', 'Rules', 'Months', 'History']);
  const tab = (name: string) => tabs.getByRole('tab', { name, exact: true });
  await expect(tab('Statements')).toHaveAttribute('aria-selected', 'true');
  // the statements' part holds the drop and the accounts, not the rules or the history
  await expect(page.getByTestId('drop-input')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Ledger rules' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'History' })).toHaveCount(0);

  // the keyboard: the chosen tab takes focus, → moves to the next and shows it
  await tab('Statements').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Book')).toBeFocused();
  await expect(tab('Book')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`/app/clients/${clientId}\\?tab=book`));
  // the first account's book is shown; the other is one click away and kept in the address
  await expect(page.getByLabel('Book of 50100099887766')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bank accounts' })).toHaveCount(0);
  await page
    .getByRole('group', { name: 'Book of account' })
    .getByRole('button', { name: /30011122233/ })
    .click();
  await expect(page.getByLabel('Book of 30011122233')).toBeVisible();
  await expect(page).toHaveURL(/tab=book&account=[0-9a-f-]{36}$/);
  await page.reload();
  await expect(tab('Book')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Book of 30011122233')).toBeVisible();

  await tab('Book').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('Rules')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Ledger rules' })).toBeVisible();
  await expect(page.getByTestId('drop-input')).toHaveCount(0);
  await page.reload();
  await expect(tab('Rules')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Ledger rules' })).toBeVisible();

  await tab('History').click();
  // the book's account stays in the address for when the Book tab is back
  await expect(page).toHaveURL(/\?tab=history&account=[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  await tab('Months').click();
  await expect(page).toHaveURL(/\?tab=months&account=[0-9a-f-]{36}$/);
  // back: the address's tab is followed
  await page.goBack();
  await expect(tab('History')).toHaveAttribute('aria-selected', 'true');
  // "Open book" on an account goes to its book
  await tab('Statements').click();
  await expect(page).toHaveURL(new RegExp(`/app/clients/${clientId}\\?account=[0-9a-f-]{36}$`));
  await page
    .getByRole('row', { name: 'Account 50100099887766' })
    .getByRole('button', { name: 'Open book' })
    .click();
  await expect(tab('Book')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Book of 50100099887766')).toBeVisible();
});

test('a statement no client has is shown in the inbox only, and filed from there', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUpAndLogIn(page, request, 'office3-inbox');
  const clientId = await newClient(page, 'Inbox Owner Co');
  await addAccount(page, 'HDFC', '50100011112222');

  await page.goto('/app/inbox');
  await page
    .getByTestId('drop-input')
    .setInputFiles(pdf('nobody.pdf', await drawStatement({ rows: drawnRows(5, 6), account: '99990000111' })));
  await expect(page.getByTestId('jobs-table').locator('tr[data-file="nobody.pdf"]')).toHaveAttribute(
    'data-state',
    'read',
    { timeout: 60_000 },
  );
  // listed in the inbox without a reload, with what can be done with it
  const nobody = page
    .getByRole('region', { name: 'No client found' })
    .getByLabel('Waiting statement nobody.pdf');
  await expect(nobody).toContainText('99990000111');
  await expect(nobody).toContainText('5 rows');

  // not on the client's page (it was on every client's page)
  await page.goto(`/app/clients/${clientId}`);
  await expect(page.getByRole('row', { name: 'Account 50100011112222' })).toBeVisible();
  await expect(page.getByText('nobody.pdf')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Statements' })).toHaveText('Statements');

  // the inbox makes the account for the client chosen: the statement is filed into it
  await page.goto('/app/inbox');
  const row = page
    .getByRole('region', { name: 'No client found' })
    .getByLabel('Waiting statement nobody.pdf');
  await row.getByRole('combobox', { name: 'Add the account to' }).click();
  await page.getByRole('option', { name: 'Inbox Owner Co' }).click();
  // the drawn statement names no bank: it is chosen for the account
  await row.getByRole('combobox', { name: 'Bank of the account' }).selectOption('HDFC');
  await row.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText('Account added; 1 waiting statement(s) filed into it.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'No client found' })).toHaveCount(0);
  await page.goto(`/app/clients/${clientId}`);
  const made = page.getByRole('row', { name: 'Account 99990000111' });
  await expect(made.getByRole('cell').nth(4)).toHaveText('5');
  // named as the bank's ledger is everywhere (defaultBankLedger), not typed
  await expect(made.getByRole('cell').nth(2)).toHaveText(defaultBankLedger('HDFC', '99990000111'));
});

test('same party, same ledger: a ledger typed on one row is offered to the payee’s other rows in one action', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUpAndLogIn(page, request, 'office3-party');
  const clientId = await newClient(page, 'Party Traders');
  await addAccount(page, 'HDFC', '50100033334444');
  let bal = 100_000;
  const row = (day: number, desc: string, out: number) => {
    bal -= out;
    const money = (r: number) => r.toLocaleString('en-IN', { minimumFractionDigits: 2 });
    return {
      Date: `${String(day).padStart(2, '0')}-01-2026`,
      Description: desc,
      Withdrawal: money(out),
      Deposit: '',
      ClosingBalance: money(bal),
    };
  };
  const transactions = [
    row(2, 'UPI-RAMESH KUMAR-ramesh.k@okaxis-601234', 500),
    row(5, 'UPI-SITA STORES-sita@ybl-601235', 250),
    row(9, 'UPI-RAMESH K-ramesh.k@okaxis-601236', 700),
    row(14, 'UPI-RAMESH KUMAR-ramesh.k@okaxis-601237', 300),
    row(20, 'NEFT-GOPAL AND SONS-N1234', 1_000),
  ];
  const filed = await request.post('/api/office/statements/file', {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: { client_id: clientId, bank: 'HDFC', account_number: '50100033334444', transactions },
  });
  expect(filed.status(), await filed.text()).toBe(200);
  await page.reload();
  await page
    .getByRole('row', { name: 'Account 50100033334444' })
    .getByRole('button', { name: 'Open book' })
    .click();
  const book = page.getByLabel('Book of 50100033334444');
  const cell = (date: string, desc: string) =>
    book.getByRole('combobox', { name: `Ledger for ${date} ${desc}` });
  const [r1, s1, r2, r3, g1] = transactions.map((t) => cell(t.Date, t.Description));

  // Gopal's one row: nobody else is that party, nothing is offered
  await g1.fill('Gopal and Sons');
  await g1.press('Tab');
  await expect(book.getByTestId('book-counts')).toBeVisible();
  await expect(g1).toHaveValue('Gopal and Sons');
  const offer = page.getByRole('group', { name: 'Same party, same ledger?' });
  await expect(offer).toHaveCount(0);

  await r1.fill('Ramesh Kumar');
  await r1.press('Tab');
  await expect(offer).toContainText('2 other row(s) of UPI ID ramesh.k@okaxis');
  await offer.getByRole('button', { name: 'Use Ramesh Kumar for them' }).click();
  await expect(page.getByText('2 more row(s) now use Ramesh Kumar.')).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(r2).toHaveValue('Ramesh Kumar');
  await expect(r3).toHaveValue('Ramesh Kumar');
  await expect(s1).toHaveValue('');
  await expect(g1).toHaveValue('Gopal and Sons');

  // "No, only that row": the others stay as they are; a row set by hand is never offered over
  await s1.fill('Sita Stores');
  await s1.press('Tab');
  await expect(s1).toHaveValue('Sita Stores');
  await expect(offer).toHaveCount(0);
  await r2.fill('Ramesh Personal');
  await r2.press('Tab');
  // r1 and r3 were set by hand (r3 through the offer): nothing to offer
  await expect(r2).toHaveValue('Ramesh Personal');
  await expect(offer).toHaveCount(0);

  // the server keeps what the screen shows
  const answer = await request.get(
    `/api/office/accounts/${await accountId(page, clientId, '50100033334444')}/book`,
    { headers: { authorization: `Bearer ${await token(page)}` } },
  );
  const rows = ((await answer.json()) as { rows: { Description: string; LedgerName: string }[] }).rows;
  expect(rows.map((r) => r.LedgerName)).toEqual([
    'Ramesh Kumar',
    'Sita Stores',
    'Ramesh Personal',
    'Ramesh Kumar',
    'Gopal and Sons',
  ]);
});

async function accountId(page: Page, clientId: string, number: string): Promise<string> {
  const res = await page.request.get(`/api/office/clients/${clientId}`, {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  const body = (await res.json()) as { accounts: { id: string; account_number: string }[] };
  return body.accounts.find((a) => a.account_number === number)!.id;
}

test('the PDF beside the rows: "Show row N" marks the row\'s line on its page', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1500, height: 900 });
  await signUpAndLogIn(page, request, 'office3-pdf');
  // 30 rows on one page; row 21 (index 20) printed 100.00 off: the chain breaks there
  const rows = drawnRows(30, 5);
  await page.goto('/app/select');
  await page.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
  await page
    .locator('#statement-file')
    .setInputFiles(pdf('beside.pdf', await drawStatement({ rows, misprint: { row: 20, by: 100 } })));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByLabel('Balance chain', { exact: true })).toContainText(
    'Row 21: the balance chain breaks here',
  );
  await expect(page.getByLabel('PDF pages')).toHaveCount(0);

  await page.getByRole('button', { name: 'Show row 21' }).click();
  // the preview opens beside the table, not above the balances
  const pages = page.getByLabel('PDF pages');
  await expect(page.getByLabel('Row in the PDF')).toHaveText('Row 21 is on page 1, marked.', {
    timeout: 20_000,
  });
  const table = page.locator('tr[data-break="first"]');
  await expect(table).toHaveAttribute('data-row', '20');
  const [pdfBox, rowBox] = [await pages.boundingBox(), await table.boundingBox()];
  expect(pdfBox && rowBox).toBeTruthy();
  // the row's first cells (number, date) left of the PDF, on the same screen
  const dateBox = (await table.locator('td, [role="cell"], [role="gridcell"]').nth(1).boundingBox())!;
  expect(pdfBox!.x).toBeGreaterThan(dateBox.x + dateBox.width);
  // both on screen at once
  for (const b of [pdfBox!, rowBox!]) {
    expect(b.y + b.height).toBeGreaterThan(0);
    expect(b.y).toBeLessThan(900);
  }
  expect(rowBox!.y + rowBox!.height).toBeLessThanOrEqual(900);
  // the mark is on row 21's line (drawn at 222 + 20 × 18 points of the 841.89-point page; the next
  // line is 0.021 of the page away) and scrolled into the pages' view
  const mark = page.getByTestId('pdf-row-mark');
  const top = Number(await mark.getAttribute('data-top'));
  expect(Math.abs(top - (222 + 20 * 18) / 841.89)).toBeLessThan(0.009);
  const markBox = (await mark.boundingBox())!;
  const view = (await pages.boundingBox())!;
  expect(markBox.y).toBeGreaterThanOrEqual(view.y);
  expect(markBox.y + markBox.height).toBeLessThanOrEqual(view.y + view.height);
});

test("billing: the workbooks' columns listed, their templates downloaded and read back into invoices", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await ensureAdmin(request);
  const alerts = await collectAlerts(page);
  await page.goto('/login');
  await logIn(page, admin);
  await expect(page).toHaveURL(/\/app\/home$/);
  const setName = `e2e-template-${Date.now() % 100000}`;
  await page.goto('/app/rules');
  await page.getByLabel('New Rule Set Name').fill(setName);
  await page.getByRole('button', { name: 'Add Set' }).click();
  await addRateRule(page, ['0', '100000', '1', '5']);
  await page.getByRole('button', { name: 'Save All Rules' }).click();
  await expect.poll(() => alerts).toContain('Rules saved!');

  // Select Billing names the items workbook's columns, one line each; no amounts workbook there
  await page.goto('/app/selectbilling');
  const columns = page.getByRole('region', { name: 'Workbook columns' });
  await expect(
    columns.getByRole('list', { name: 'Columns of the items workbook' }).getByRole('listitem'),
  ).toHaveText([
    /^Item Name: /,
    /^HSN: optional/,
    /^Quantity: /,
    /^Selling Price: rupees per unit, before GST/,
    /^GST: percent/,
  ]);
  await expect(columns.getByRole('list', { name: 'Columns of the amounts workbook' })).toHaveCount(0);
  // the specification's words stay
  await expect(page.getByText('Use statements downloaded from the bank portal.')).toBeVisible();

  await page.goto('/app/genratebilling');
  await expect(
    columns.getByRole('list', { name: 'Columns of the amounts workbook' }).getByRole('listitem'),
  ).toHaveText([/^Date: DD-MM-YYYY/, /^Amount: rupees, tax included/]);
  const save = async (name: string) => {
    const download = page.waitForEvent('download');
    await columns.getByRole('button', { name }).click();
    const d = await download;
    return { name: d.suggestedFilename(), path: (await d.path())! };
  };
  const items = await save('Download the items template');
  const amounts = await save('Download the amounts template');
  expect([items.name, amounts.name]).toEqual([
    'billing-items-template.xlsx',
    'billing-amounts-template.xlsx',
  ]);

  // the templates, as downloaded, are read by the server: invoices dated by the amounts' days
  await page.getByRole('combobox', { name: 'Rule Set Name' }).fill(setName);
  await page.keyboard.press('Escape');
  await page.getByLabel('Amount to Allocate').fill('1');
  const file = (d: { name: string; path: string }) => ({
    name: d.name,
    mimeType: XLSX,
    buffer: readFileSync(d.path),
  });
  await page.getByLabel('Upload XLSX', { exact: true }).setInputFiles(file(items));
  await page.getByLabel('Upload Additional XLSX').setInputFiles(file(amounts));
  expect(alerts.filter((a) => a !== 'Rules saved!')).toEqual([]);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/billing$/, { timeout: 30_000 });
  await expect(page.locator('main')).toContainText('01-04-2025');
  await expect(page.locator('main')).toContainText('02-04-2025');
});
