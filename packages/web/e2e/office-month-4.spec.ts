import { expect, test, type Page } from '@playwright/test';
import { toXlsxBytes, type XlsxSheet } from '@bahi/core';
import { startBridge, startTallyEmulator } from '@bahi/tally';
import { axeViolations, violationLines } from './support/axe.ts';
import {
  addRateRule,
  collectAlerts,
  ensureAdmin,
  logIn,
  signUpAndLogIn,
  useBridge,
} from './support/helpers.ts';

// Issue 34, round four (decision 053): the billing form's total from the amounts workbook and an
// invoice date range; the book's ledger picker; months and money in one style.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const xlsx = (name: string, sheet: XlsxSheet) => ({
  name,
  mimeType: XLSX,
  buffer: Buffer.from(toXlsxBytes(sheet)),
});
const ITEMS = xlsx('items.xlsx', {
  name: 'Items',
  columns: ['Item Name', 'HSN', 'Quantity', 'Selling Price', 'GST'].map((header) => ({ header })),
  rows: [
    ['Basmati Rice 5 kg', '1006', 40, 450, 5],
    ['Sunflower Oil 1 L', '1512', 60, 140, 5],
  ],
});
const AMOUNTS = xlsx('amounts.xlsx', {
  name: 'Amounts',
  columns: ['Date', 'Amount'].map((header) => ({ header })),
  rows: [
    ['01-04-2025', 1386],
    ['02-04-2025', 766.5],
  ],
});

async function billingAdmin(page: Page, request: Parameters<typeof ensureAdmin>[0]): Promise<string> {
  const admin = await ensureAdmin(request);
  const alerts = await collectAlerts(page);
  await page.goto('/login');
  await logIn(page, admin);
  await expect(page).toHaveURL(/\/app\/home$/);
  const setName = `e2e-range-${Date.now() % 100000}`;
  await page.goto('/app/rules');
  await page.getByLabel('New Rule Set Name').fill(setName);
  await page.getByRole('button', { name: 'Add Set' }).click();
  await addRateRule(page, ['0', '100000', '1', '2']);
  await page.getByRole('button', { name: 'Save All Rules' }).click();
  await expect.poll(() => alerts).toContain('Rules saved!');
  return setName;
}

const billed = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem('bahi.billing') ?? '{}') as {
        vouchers: { Date: string }[];
        totals: { amount: number };
      },
  );

test('billing: Amount to Allocate from the amounts workbook; one amount over an invoice date range', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const setName = await billingAdmin(page, request);

  // Generate Billing: choosing the amounts workbook fills the amount with its total and says its days
  await page.goto('/app/genratebilling');
  await page.getByRole('combobox', { name: 'Rule Set Name' }).fill(setName);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Invoice dates' })).toBeVisible();
  await page.getByLabel('Upload XLSX', { exact: true }).setInputFiles(ITEMS);
  await page.getByLabel('Upload Additional XLSX').setInputFiles(AMOUNTS);
  await expect(page.getByLabel('Amount to Allocate')).toHaveValue('2152.50');
  await expect(page.getByLabel('Amounts workbook total')).toContainText(
    'bills ₹2,152.50 over 2 day(s), 01-04-2025 to 02-04-2025',
  );
  // the workbook dates its own invoices: no range asked
  await expect(page.getByRole('group', { name: 'Invoice dates' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/billing$/, { timeout: 30_000 });
  const fromFile = await billed(page);
  expect(fromFile.totals.amount).toBe(2152.5);
  expect([...new Set(fromFile.vouchers.map((v) => v.Date))]).toEqual(['2025-04-01', '2025-04-02']);

  // Select Billing: one amount (20 units of each item: billable within the 1-2 chunks), invoices from
  // 01-04-2025 to 03-04-2025 (they were all dated today)
  await page.goto('/app/selectbilling');
  await page.getByRole('combobox', { name: 'Rule Set Name' }).fill(setName);
  await page.keyboard.press('Escape');
  await page.getByLabel('Amount to Allocate').fill('12390');
  await page.getByLabel('First invoice date').fill('01-04-2025');
  await page.getByLabel('Last invoice date').fill('03-04-2025');
  await page.getByLabel('Upload XLSX', { exact: true }).setInputFiles(ITEMS);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/billing$/, { timeout: 30_000 });
  const ranged = await billed(page);
  expect(ranged.totals.amount).toBe(12390);
  const dates = ranged.vouchers.map((v) => v.Date);
  expect(dates.length).toBeGreaterThanOrEqual(3);
  expect([...new Set(dates)]).toEqual(['2025-04-01', '2025-04-02', '2025-04-03']);
  expect(dates).toEqual([...dates].sort());
  await expect(page.locator('main')).toContainText('03-04-2025');
});

const MASTERS = (company: string, ledgers: [string, string][]) =>
  Buffer.from(
    '<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA>' +
      `<REQUESTDESC><REPORTNAME>All Masters</REPORTNAME><STATICVARIABLES><SVCURRENTCOMPANY>${company}</SVCURRENTCOMPANY></STATICVARIABLES></REQUESTDESC><REQUESTDATA>` +
      ledgers
        .map(
          ([name, parent]) =>
            `<TALLYMESSAGE xmlns:UDF="TallyUDF"><LEDGER NAME="${name}" RESERVEDNAME=""><PARENT>${parent}</PARENT>` +
            `<LANGUAGENAME.LIST><NAME.LIST TYPE="String"><NAME>${name}</NAME></NAME.LIST></LANGUAGENAME.LIST></LEDGER></TALLYMESSAGE>`,
        )
        .join('') +
      '</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>',
  );

const fmt = (p: number) => (p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });
/** Four January rows of 2026. */
function january() {
  let bal = 1_00_000_00;
  return ['NEFT-SHARMA ESTATES-RENT', 'UPI-KIRANA STORE-PAY', 'NEFT-GUPTA TRANSPORT', 'ATM CASH WDL'].map(
    (d, i) => {
      bal -= 1_000_00 + i;
      return {
        Date: `${String(i + 2).padStart(2, '0')}-01-2026`,
        Description: d,
        Withdrawal: fmt(1_000_00 + i),
        Deposit: '',
        ClosingBalance: fmt(bal),
      };
    },
  );
}

test("the book's ledger cell is a picker: type to filter, ↓ and Enter to choose, Esc to cancel; months as 'Jan 2026'", async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, 'office4-picker');
  const headers = {
    authorization: `Bearer ${await page.evaluate(() => String(localStorage.getItem('access_token')))}`,
  };
  const company = `Picker Traders ${Date.now() % 100000}`;
  const masters = await request.post('/api/tally/company/file', {
    headers,
    multipart: {
      company_name: company,
      file: {
        name: 'Master.xml',
        mimeType: 'application/xml',
        buffer: MASTERS(company, [
          ['Office Rent', 'Indirect Expenses'],
          ['Rent Deposit', 'Deposits (Asset)'],
          ['Purchases', 'Purchase Accounts'],
          ['Freight Inward', 'Direct Expenses'],
        ]),
      },
    },
  });
  expect(masters.ok(), await masters.text()).toBe(true);
  const client = await request.post('/api/office/clients', {
    headers,
    data: { name: 'Picker Traders', state_code: '27', tally_company: company },
  });
  expect(client.ok(), await client.text()).toBe(true);
  const clientId = ((await client.json()) as { id: string }).id;
  const account = await request.post(`/api/office/clients/${clientId}/accounts`, {
    headers,
    data: { bank: 'HDFC', account_number: '50100777', tally_ledger: 'HDFC Bank' },
  });
  const accountId = ((await account.json()) as { account: { id: string } }).account.id;
  const filed = await request.post('/api/office/statements/file', {
    headers,
    data: { client_id: clientId, account_number: '50100777', transactions: january() },
  });
  expect(filed.ok(), await filed.text()).toBe(true);

  await page.goto(`/app/clients/${clientId}?tab=book&account=${accountId}`);
  const book = page.getByLabel('Book of 50100777');
  // months in one style: "Jan 2026", not 2026-01
  await expect(book.getByRole('button', { name: 'Show Jan 2026 only' })).toHaveText('Jan 2026');
  await expect(book.getByRole('table', { name: 'Months' })).not.toContainText('2026-01');

  const cell = (date: string, desc: string) =>
    book.getByRole('combobox', { name: `Ledger for ${date} ${desc}` });
  const first = cell('02-01-2026', 'NEFT-SHARMA ESTATES-RENT');
  const second = cell('03-01-2026', 'UPI-KIRANA STORE-PAY');
  const list = (c: typeof first) =>
    book.getByRole('listbox', {
      name: `Ledgers for ${c === first ? '02-01-2026 NEFT-SHARMA ESTATES-RENT' : '03-01-2026 UPI-KIRANA STORE-PAY'}`,
    });

  // typing filters the company's ledgers: those starting with the letters first
  await first.click();
  await first.pressSequentially('ren');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(list(first).getByRole('option')).toHaveText(['Rent Deposit', 'Office Rent']);
  // ↓ twice marks the second; Enter takes it and goes to the next row's cell; leaving saved it
  await first.press('ArrowDown');
  await first.press('ArrowDown');
  await expect(list(first).getByRole('option', { name: 'Office Rent' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(first).toHaveAttribute('aria-activedescendant', /.+/);
  const saved = page.waitForResponse(
    (r) => r.url().includes(`/accounts/${accountId}/ledgers`) && r.request().method() === 'PUT',
  );
  await first.press('Enter');
  expect((await saved).ok()).toBe(true);
  await expect(first).toHaveValue('Office Rent');
  await expect(second).toBeFocused();
  await expect(list(first)).toBeHidden();

  // Esc closes the list, a second Esc gives back the saved name (nothing is saved on leaving)
  await second.pressSequentially('pur');
  await expect(list(second).getByRole('option')).toHaveText(['Purchases']);
  let puts = 0;
  page.on('request', (r) => {
    if (r.url().includes('/ledgers') && r.method() === 'PUT') puts++;
  });
  await second.press('Escape');
  await expect(list(second)).toBeHidden();
  await expect(second).toHaveValue('pur');
  await second.press('Escape');
  await expect(second).toHaveValue('');
  await second.press('Tab');
  await page.waitForTimeout(500);
  expect(puts).toBe(0);

  // the choice was kept: after a reload the first row has the ledger, the company's own (no "New ledger")
  await page.reload();
  await expect(first).toHaveValue('Office Rent');
  await expect(book.getByRole('table', { name: 'Book rows' }).locator('tbody tr').first()).not.toContainText(
    'New ledger',
  );

  // a name nobody keeps stays allowed (a new ledger) and the list has no keyboard trap: no match, no list
  await second.click();
  await second.pressSequentially('zzz');
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  // axe on the book with a list open: the combobox pattern is valid
  await second.fill('');
  await second.pressSequentially('fre');
  await expect(list(second).getByRole('option')).toHaveText(['Freight Inward']);
  const violations = await axeViolations(page);
  expect(violationLines(violations)).toEqual([]);
  await page.keyboard.press('Escape');

  // an amount typed into the filter is shown grouped once the field is left, and still filters
  const from = book.getByRole('textbox', { name: 'Amount from' });
  await from.fill('1000.02');
  await from.press('Tab');
  await expect(from).toHaveValue('1,000.02');
  await expect(book.getByText('2 row(s) shown')).toBeVisible();
  await expect(book.getByRole('table', { name: 'Book rows' }).locator('tbody tr')).toHaveCount(2);
});

test('a long book is drawn a window at a time; Enter still walks its ledger cells row by row', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUpAndLogIn(page, request, 'office4-long');
  const headers = {
    authorization: `Bearer ${await page.evaluate(() => String(localStorage.getItem('access_token')))}`,
  };
  const client = await request.post('/api/office/clients', {
    headers,
    data: { name: 'Long Book Traders', state_code: '27' },
  });
  const clientId = ((await client.json()) as { id: string }).id;
  const account = await request.post(`/api/office/clients/${clientId}/accounts`, {
    headers,
    data: { bank: 'HDFC', account_number: '50100888', tally_ledger: 'HDFC Bank' },
  });
  const accountId = ((await account.json()) as { account: { id: string } }).account.id;
  // 600 rows over January to March 2026: a page of 500 and one of 100
  let bal = 10_00_000_00;
  const rows = Array.from({ length: 600 }, (_, i) => {
    bal -= 100 + i;
    const day = new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 7)));
    return {
      Date: `${String(day.getUTCDate()).padStart(2, '0')}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-2026`,
      Description: `PAYMENT ROW ${String(i + 1).padStart(3, '0')}`,
      Withdrawal: fmt(100 + i),
      Deposit: '',
      ClosingBalance: fmt(bal),
    };
  });
  const filed = await request.post('/api/office/statements/file', {
    headers,
    data: { client_id: clientId, account_number: '50100888', transactions: rows },
  });
  expect(filed.ok(), await filed.text()).toBe(true);

  await page.goto(`/app/clients/${clientId}?tab=book&account=${accountId}`);
  const book = page.getByLabel('Book of 50100888');
  await expect(book.getByTestId('book-counts')).toHaveText('600 rows · 0 pushed · 600 unpushed');
  await expect(book.getByText('Rows 1–500 of 600')).toBeVisible();
  const drawn = book.getByRole('table', { name: 'Book rows' }).locator('tbody tr[data-index]');
  // a window of the 500: the first rows and a margin, not all of them
  await expect(drawn.first()).toHaveAttribute('data-index', '0');
  const count = await drawn.count();
  expect(count).toBeGreaterThan(5);
  expect(count).toBeLessThan(100);

  // Enter walks the cells past the window's first edge: the 41st row's cell is drawn and focused
  const cell = (i: number) =>
    book.getByRole('combobox', {
      name: `Ledger for ${rows[i].Date} ${rows[i].Description}`,
      exact: true,
    });
  await cell(0).click();
  for (let i = 0; i < 40; i++) await page.keyboard.press('Enter');
  await expect(cell(40)).toBeFocused();
  await expect(cell(40)).toBeInViewport();

  // scrolled to its end, the window holds the page's last row, and its first rows are gone
  await book.locator('[data-windowed]').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(cell(499)).toBeVisible();
  await expect(cell(0)).toHaveCount(0);
  expect(await drawn.count()).toBeLessThan(100);
});

test("Push and send: one action a book; the group chosen for the client's new ledger is not asked again", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const company = `Push Send Traders ${Date.now() % 100000}`;
  const tally = await startTallyEmulator({ companies: [company] });
  const bridge = await startBridge({ port: 0, origins: [String(baseURL)], tallyPort: tally.port });
  try {
    await useBridge(page, bridge.url);
    await signUpAndLogIn(page, request, 'office4-push');
    const headers = {
      authorization: `Bearer ${await page.evaluate(() => String(localStorage.getItem('access_token')))}`,
    };
    const client = await request.post('/api/office/clients', {
      headers,
      data: { name: 'Push Send Traders', state_code: '27', tally_company: company },
    });
    const clientId = ((await client.json()) as { id: string }).id;
    // the client's rule gives its NEFT deposits a ledger Tally does not have yet
    const rule = await request.post(`/api/office/clients/${clientId}/rules`, {
      headers,
      data: { words: ['neft'], direction: 'deposit', ledger: 'Customer Receipts' },
    });
    expect(rule.ok(), await rule.text()).toBe(true);
    const accounts: { id: string; number: string }[] = [];
    for (const number of ['50100901', '50100902']) {
      const made = await request.post(`/api/office/clients/${clientId}/accounts`, {
        headers,
        data: { bank: 'HDFC', account_number: number, tally_ledger: `HDFC ${number}` },
      });
      accounts.push({ id: ((await made.json()) as { account: { id: string } }).account.id, number });
      let bal = 50_000_00;
      const transactions = Array.from({ length: 3 }, (_, i) => {
        bal += 1_000_00 + i;
        return {
          Date: `0${i + 2}-01-2026`,
          Description: `NEFT CR-ACME CORP-${number}-${i}`,
          Withdrawal: '',
          Deposit: fmt(1_000_00 + i),
          ClosingBalance: fmt(bal),
        };
      });
      const filed = await request.post('/api/office/statements/file', {
        headers,
        data: { client_id: clientId, account_number: number, transactions },
      });
      expect(filed.ok(), await filed.text()).toBe(true);
    }

    for (const [i, acct] of accounts.entries()) {
      await page.goto(`/app/clients/${clientId}?tab=book&account=${acct.id}`);
      const book = page.getByLabel(`Book of ${acct.number}`);
      await expect(book.getByTestId('book-counts')).toHaveText('3 rows · 0 pushed · 3 unpushed');
      await book.getByRole('button', { name: 'Push and send Jan 2026' }).click();
      const ask = book.getByLabel('New ledgers', { exact: true });
      if (i === 0) {
        // the first push asks the new ledger's group once, and sends in the same action
        await ask.getByRole('combobox', { name: 'Group of the new ledgers' }).selectOption('Sundry Debtors');
        await ask.getByRole('button', { name: 'Push and send with this group' }).click();
      }
      await expect(page.getByText('Sent to Tally: 3 voucher(s).')).toBeVisible({ timeout: 20_000 });
      // the second book: the group was kept for the client, nothing asked
      await expect(ask).toHaveCount(0);
      await expect(book.getByLabel('Masters the push creates')).toContainText(
        'Customer Receipts (under Sundry Debtors)',
      );
      await expect(book.getByTestId('book-counts')).toHaveText('3 rows · 3 pushed · 0 unpushed');
      await expect.poll(() => tally.emulator.imported().companies[0]?.vouchers.length).toBe(3 * (i + 1));
    }
    const ledger = tally.emulator
      .imported()
      .companies[0]!.ledgers.find((l: { name: string }) => l.name === 'Customer Receipts');
    expect(ledger?.parent).toBe('Sundry Debtors');
  } finally {
    await bridge.close();
    await tally.close();
  }
});
