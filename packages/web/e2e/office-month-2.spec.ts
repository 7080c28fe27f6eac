import { gstinCheckCharacter } from '@bahi/contract';
import { defaultBankLedger } from '@bahi/core';
import { expect, test } from '@playwright/test';
import { drawnRows, drawStatement } from '../../server/test/helpers/draw-statement.ts';
import { signUpAndLogIn } from './support/helpers.ts';

// Issue 34, round two (decision 053): the office's screens where they cost the bookkeeper time.

const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });

test('home has Clients and Inbox; the client form holds the state it shows, takes it from the GSTIN, and names the bank ledger', async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, 'office2-form');
  await expect(page.getByRole('link', { name: /^Inbox/ })).toHaveAttribute('href', '/app/inbox');
  await page.getByRole('link', { name: /^Clients/ }).click();
  await expect(page).toHaveURL(/\/app\/clients$/);

  await page.getByRole('button', { name: 'Add client' }).click();
  const form = page.getByRole('form', { name: 'Save client' });
  const state = form.getByRole('combobox', { name: 'State' });
  // a placeholder that holds nothing, then the states in code order
  await expect(state).toHaveValue('');
  await expect(state.locator('option').first()).toHaveText('Choose the state');
  const codes = await state
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(codes.slice(1, 4)).toEqual(['01', '02', '03']);
  expect(codes.at(-1)).toBe('97');
  expect(codes.slice(1)).toEqual([...codes.slice(1)].sort());

  // a valid GSTIN of Maharashtra (27): the state follows it, nothing is flagged
  const first14 = '27AAPFU0939F1Z';
  await form.getByRole('textbox', { name: 'Client name' }).fill('Kiran Stores');
  await form.getByRole('textbox', { name: 'GSTIN (optional)' }).fill(first14 + gstinCheckCharacter(first14));
  await expect(state).toHaveValue('27');
  await form.getByRole('button', { name: 'Save client' }).click();
  await expect(page).toHaveURL(/\/app\/clients\/[0-9a-f-]{36}$/);

  // the account's Tally bank ledger is named from the bank and number until typed over
  await page.getByRole('button', { name: 'Add account' }).click();
  const add = page.getByRole('form', { name: 'Add account' });
  await add.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
  await add.getByRole('textbox', { name: 'Account number' }).fill('50100012345678');
  await expect(add.getByRole('textbox', { name: 'Tally bank ledger' })).toHaveValue(
    defaultBankLedger('HDFC', '50100012345678'),
  );
  await add.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByRole('row', { name: 'Account 50100012345678' })).toContainText(
    defaultBankLedger('HDFC', '50100012345678'),
  );
});

test("a client's page follows its drops: the waiting list at once, earlier drops' finished files folded", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUpAndLogIn(page, request, 'office2-live');
  await page.goto('/app/clients');
  await page.getByRole('button', { name: 'Add client' }).click();
  const form = page.getByRole('form', { name: 'Save client' });
  await form.getByRole('textbox', { name: 'Client name' }).fill('Live Traders');
  await form.getByRole('combobox', { name: 'State' }).selectOption('29');
  await form.getByRole('button', { name: 'Save client' }).click();
  await expect(page).toHaveURL(/\/app\/clients\/[0-9a-f-]{36}$/);

  const table = page.getByTestId('jobs-table');
  const waiting = page.getByRole('region', { name: 'Waiting for an account' });
  await page
    .getByTestId('drop-input')
    .setInputFiles(
      pdf('live-jan.pdf', await drawStatement({ rows: drawnRows(6, 1), account: '11112222333' })),
    );
  await expect(table.locator('tr[data-file="live-jan.pdf"]')).toHaveAttribute('data-state', 'read', {
    timeout: 60_000,
  });
  // no account has its number: it waits, listed without a reload (the page re-read the client
  // only every 30 s, so the list lagged behind the jobs)
  await expect(waiting.getByLabel('Waiting statement live-jan.pdf')).toBeVisible();

  await page
    .getByTestId('drop-input')
    .setInputFiles(
      pdf('live-feb.pdf', await drawStatement({ rows: drawnRows(5, 2), account: '44445555666' })),
    );
  await expect(table.locator('tr[data-file="live-feb.pdf"]')).toHaveAttribute('data-state', 'read', {
    timeout: 60_000,
  });
  await expect(waiting.getByLabel('Waiting statement live-feb.pdf')).toBeVisible();
  // the first drop's finished file is folded under one line, shown on demand
  await expect(table.locator('tr[data-file="live-jan.pdf"]')).toHaveCount(0);
  const earlier = page.getByRole('button', { name: 'Show the 1 finished file of earlier drops' });
  await earlier.click();
  await expect(table.locator('tr[data-file="live-jan.pdf"]')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Fold the 1 finished file of earlier drops' }),
  ).toHaveAttribute('aria-expanded', 'true');
});

test('the rules screen says what RATE, QUANTITY, Min, Max and the chunks mean, one line each', async ({
  page,
}) => {
  await page.goto('/app/rules');
  await expect(page.getByLabel('Type', { exact: true })).toHaveAccessibleDescription(
    /^RATE: for items whose selling price .* QUANTITY: for items whose stock left/,
  );
  await expect(page.getByLabel('Min', { exact: true })).toHaveAccessibleDescription(
    /lowest price .* or stock/,
  );
  await expect(page.getByLabel('Max', { exact: true })).toHaveAccessibleDescription(
    /highest price .* or stock/,
  );
  await expect(page.getByLabel('Chunk Min')).toHaveAccessibleDescription(
    'The fewest units of such an item on one invoice line.',
  );
  await expect(page.getByLabel('Chunk Max')).toHaveAccessibleDescription(
    'The most units of such an item on one invoice line.',
  );
});

test("the result screen shows the period under the account; the Tally panel sets the bridge's address", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUpAndLogIn(page, request, 'office2-bridge');
  await page.goto('/app/select');
  await page
    .locator('#statement-file')
    .setInputFiles(
      pdf('bridge-jan.pdf', await drawStatement({ rows: drawnRows(4, 3), account: '77778888999' })),
    );
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByLabel('Statement period')).toHaveText('01-01-2026 to 31-01-2026');
  // the bridge's address could only be set in the browser's storage
  const field = page.getByRole('textbox', { name: 'Bridge address' });
  await expect(field).toHaveValue('http://127.0.0.1:9100');
  await field.fill('not an address');
  await field.blur();
  await expect(page.getByText('An address like http://127.0.0.1:9100')).toBeVisible();
  await field.fill('http://127.0.0.1:9555/');
  await field.blur();
  await expect(field).toHaveValue('http://127.0.0.1:9555');
  expect(await page.evaluate(() => localStorage.getItem('bahi.bridge_url'))).toBe('http://127.0.0.1:9555');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Bridge address' })).toHaveValue('http://127.0.0.1:9555');
});

test("a book's month is shown alone when clicked; dates do not wrap", async ({ page, request }) => {
  test.setTimeout(120_000);
  await signUpAndLogIn(page, request, 'office2-month');
  await page.goto('/app/clients');
  await page.getByRole('button', { name: 'Add client' }).click();
  const form = page.getByRole('form', { name: 'Save client' });
  await form.getByRole('textbox', { name: 'Client name' }).fill('Month Traders');
  await form.getByRole('combobox', { name: 'State' }).selectOption('24');
  await form.getByRole('button', { name: 'Save client' }).click();
  await expect(page).toHaveURL(/\/app\/clients\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Add account' }).click();
  const add = page.getByRole('form', { name: 'Add account' });
  await add.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
  await add.getByRole('textbox', { name: 'Account number' }).fill('12341234123');
  await add.getByRole('button', { name: 'Save account' }).click();
  const account = page.getByRole('row', { name: 'Account 12341234123' });
  await expect(account).toBeVisible();

  // ten rows: five in January, five in February
  const rows = drawnRows(10, 4).map((r, i) => (i < 5 ? r : { ...r, date: r.date.replace('/01/', '/02/') }));
  await page
    .getByTestId('drop-input')
    .setInputFiles(pdf('two-months.pdf', await drawStatement({ rows, account: '12341234123' })));
  await expect(page.getByTestId('jobs-table').locator('tr[data-file="two-months.pdf"]')).toHaveAttribute(
    'data-state',
    'read',
    { timeout: 60_000 },
  );
  await expect(account.getByRole('cell').nth(4)).toHaveText('10');
  await account.getByRole('button', { name: 'Open book' }).click();
  const book = page.getByLabel('Book of 12341234123');
  const bookRows = book.getByRole('table', { name: 'Book rows' }).locator('tbody tr');
  await expect(bookRows).toHaveCount(10);
  await expect(bookRows.first().locator('td').first()).toHaveCSS('white-space', 'nowrap');

  await book.getByRole('button', { name: 'Show Feb 2026 only' }).click();
  await expect(book.getByRole('button', { name: 'Show Feb 2026 only' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(bookRows).toHaveCount(5);
  for (const d of await bookRows.locator('td:first-child').allTextContents()) expect(d).toMatch(/-02-2026$/);
  await book.getByRole('button', { name: 'Show all months' }).click();
  await expect(bookRows).toHaveCount(10);

  // a ledger for the rows shown, without a rule: the three NEFT credits
  await book.getByRole('textbox', { name: 'Narration words' }).fill('neft');
  await expect(bookRows).toHaveCount(3);
  await book
    .getByRole('textbox', { name: 'Always use this ledger for rows like these' })
    .fill('Sundry Debtors');
  await book.getByRole('button', { name: 'Apply to the rows shown' }).click();
  await expect(page.getByText('3 row(s) now use Sundry Debtors.')).toBeVisible();
  for (const input of await book.getByRole('combobox', { name: /^Ledger for / }).all())
    await expect(input).toHaveValue('Sundry Debtors');
  // no rule was made (the client's rules are on their own tab since round three)
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByRole('region', { name: 'Ledger rules' })).toContainText('No rules yet.');
  await expect(page.getByRole('table', { name: 'Rules' })).toHaveCount(0);
});
