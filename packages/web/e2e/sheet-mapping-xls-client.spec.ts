import * as XLSX from '@e965/xlsx';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndLogIn } from './support/helpers.ts';

// Issue 35, "any bank file, mapped once", the XLS half (decision 057, round five): an old Excel
// (.xls, BIFF8) download of a bank Bahi has no reader for, headings it cannot name, gives no rows.
// Its columns are marked on screen and kept for one client; the next month's file of that bank,
// dropped on that client's page, is read with them without help and balances.

const ACCOUNT = '001234567890';

/** An old Excel download: dates as text, year first with dots; withdrawal and deposit columns. */
function frobXls(name: string, rows: (string | number | null)[][]) {
  const wb = XLSX.utils.book_new();
  const ws = XLSX.utils.aoa_to_sheet([
    ['Frobnitz Genossenschaftsbank'],
    [`Konto ${ACCOUNT}`],
    ['Buchung', 'Vorgang', 'Soll', 'Haben', 'Bestand'],
    ...rows,
  ]);
  XLSX.utils.book_append_sheet(wb, ws, 'Umsaetze');
  return {
    name,
    mimeType: 'application/vnd.ms-excel',
    buffer: Buffer.from(XLSX.write(wb, { type: 'buffer', bookType: 'biff8' })),
  };
}

const april = frobXls('frobnitz-2025-04.xls', [
  ['2025.04.02', 'Miete April', 12000, null, 88000],
  ['2025.04.09', 'Gehalt', null, 40000, 128000],
  ['2025.04.21', 'Strom', 1750.5, null, 126249.5],
]);

const may = frobXls('frobnitz-2025-05.xls', [
  ['2025.05.02', 'Miete Mai', 12000, null, 114249.5],
  ['2025.05.12', 'Zinsen', null, 249.5, 114499],
  ['2025.05.20', 'Gehalt', null, 40000, 154499],
  ['2025.05.28', 'Wasser', 499, null, 154000],
]);

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

test("an unknown XLS mapped on screen for a client; that client's next file is read without help", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signUpAndLogIn(page, request, 'mapxls');
  await newClient(page, 'Other Traders');
  const clientId = await newClient(page, 'Frob Traders');
  await page.getByRole('button', { name: 'Add account' }).click();
  const add = page.getByRole('form', { name: 'Add account' });
  await add.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
  await add.getByRole('textbox', { name: 'Account number' }).fill(ACCOUNT);
  await add.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByRole('row', { name: `Account ${ACCOUNT}` })).toBeVisible();

  // Bahi cannot read it alone: the way out is to mark its columns
  await page.goto('/app/select');
  await page.locator('#statement-file').setInputFiles(april);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('button', { name: 'Mark the columns' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Mark the columns' }).click();
  await expect(page).toHaveURL(/\/app\/map$/);

  const table = page.getByRole('table', { name: "The file's first rows" });
  await expect(table.getByRole('cell', { name: 'Buchung' })).toBeVisible({ timeout: 30_000 });
  const roles: [string, string][] = [
    ['A', 'Date'],
    ['B', 'Narration'],
    ['C', 'Withdrawal'],
    ['D', 'Deposit'],
    ['E', 'Balance'],
  ];
  for (const [col, role] of roles)
    await page.getByRole('combobox', { name: `Column ${col}` }).selectOption({ label: role });
  await page.getByRole('combobox', { name: 'Dates are written' }).selectOption('ymd');
  await page.getByRole('radio', { name: 'Row 4 is the first transaction' }).check();
  await page.getByRole('button', { name: 'Read with these columns' }).click();

  const read = page.getByLabel('Read with your columns');
  await expect(read.getByRole('status').first()).toHaveText(
    'Read 3 rows with your columns · the balances reconcile',
    { timeout: 30_000 },
  );
  await read.getByLabel('Name of these columns').fill('Frobnitz XLS');
  // kept for the client (the office's other client is offered too, and every client is the default)
  const keep = read.getByRole('combobox', { name: 'Keep these columns for' });
  await expect(keep.locator('option')).toHaveText(
    ['Every client of the office', 'Frob Traders', 'Other Traders'],
    {
      useInnerText: true,
    },
  );
  await keep.selectOption({ label: 'Frob Traders' });
  await read.getByRole('button', { name: 'Save columns and open' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();

  // the layouts list says whose they are
  await page.goto('/app/layouts');
  await expect(page.getByLabel('Layout Frobnitz XLS')).toContainText('for Frob Traders');

  // May's file dropped on the client's page: read with the client's columns, no help asked, balanced
  await page.goto(`/app/clients/${clientId}`);
  await page.getByTestId('drop-input').setInputFiles(may);
  const row = page.getByTestId('jobs-table').locator('tr[data-file="frobnitz-2025-05.xls"]');
  await expect(row).toHaveAttribute('data-state', 'read', { timeout: 90_000 });
  await expect(row).toContainText('Balances reconcile');
  await row.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Taught layout')).toContainText('(Frobnitz XLS)');
  await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();
  await expect(page.getByText('Showing 4 of 4 transactions')).toBeVisible();
});
