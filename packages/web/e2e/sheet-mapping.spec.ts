import { expect, test } from '@playwright/test';
import { axeViolations, violationLines } from './support/axe.ts';
import { collectAlerts, shot, signUpAndLogIn } from './support/helpers.ts';

// Issue 35, "any bank file, mapped once" (docs/decisions/056): a CSV of a bank Bahi has no reader
// for, with headings it cannot name, gives no rows. The user marks its columns on its first rows,
// sees it balance, saves the marks; the next month's file of that bank is read without help.

const csv = (name: string, rows: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(rows.join('\r\n')),
});

const april = csv('frobnitz-april.csv', [
  'Frobnitz Cooperative Bank,,,,,',
  'Statement for account 001234567890,,,,,',
  'Kolumn A,Frob,Zing,Plonk,Wib,Saldo',
  '04/14/2025,NEFT ACME TRADERS,N123,5000,C,"15,000.00"',
  '04/15/2025,UPI grocer,U77,250,D,"14,750.00"',
  '04/18/2025,ATM cash,,1000,D,"13,750.00"',
  '04/28/2025,Salary April,S4,40000,C,"53,750.00"',
]);

const may = csv('frobnitz-may.csv', [
  'Frobnitz Cooperative Bank,,,,,',
  'Branch: Somewhere,,,,,',
  'Statement for account 001234567890,,,,,',
  'Kolumn A,Frob,Zing,Plonk,Wib,Saldo',
  '05/14/2025,Rent May,R5,12000,D,"41,750.00"',
  '05/16/2025,Refund,,749,C,"42,499.00"',
  '05/29/2025,Salary May,S5,40000,C,"82,499.00"',
]);

test('an unknown CSV mapped on screen balances, and the next file of the bank is read without help', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUpAndLogIn(page, request, 'mapping');
  const alerts = await collectAlerts(page);

  // Bahi cannot read it alone (whole rupees under headings it does not know, the side a letter): the
  // reason, and the way out
  await page.goto('/app/select');
  await page.locator('#statement-file').setInputFiles(april);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('button', { name: 'Mark the columns' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => alerts).toContain('Failed to extract statement.');
  await expect(page.getByRole('region', { name: 'Why' })).toContainText(
    'Next step: Mark the columns: name the date',
  );
  await page.getByRole('button', { name: 'Mark the columns' }).click();
  await expect(page).toHaveURL(/\/app\/map$/);

  // the file's first rows as the reader sees them
  const table = page.getByRole('table', { name: "The file's first rows" });
  await expect(table.getByRole('cell', { name: 'Kolumn A' })).toBeVisible({ timeout: 30_000 });
  const roles: [string, string][] = [
    ['A', 'Date'],
    ['B', 'Narration'],
    ['C', 'Reference'],
    ['D', 'Amount'],
    ['E', 'Dr / Cr'],
    ['F', 'Balance'],
  ];
  for (const [col, role] of roles)
    await page.getByRole('combobox', { name: `Column ${col}` }).selectOption({ label: role });
  await page.getByRole('combobox', { name: 'Dates are written' }).selectOption('mdy');
  await expect(page.getByText('Choose the first transaction row.', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Row 4 is the first transaction' }).check();
  const violations = await axeViolations(page);
  expect(violations, violationLines(violations).join('\n')).toEqual([]);
  await page.getByRole('button', { name: 'Read with these columns' }).click();

  const read = page.getByLabel('Read with your columns');
  await expect(read.getByRole('status').first()).toHaveText(
    'Read 4 rows with your columns · the balances reconcile',
    { timeout: 30_000 },
  );
  await shot(page, '35-sheet-mapped');
  await read.getByLabel('Name of these columns').fill('Frobnitz CSV');
  await read.getByRole('button', { name: 'Save columns and open' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByLabel('Taught layout')).toContainText('Read with the columns you marked on');
  await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();

  // the next month of that bank: read with the marks, no help asked
  await page.goto('/app/select');
  await page.locator('#statement-file').setInputFiles(may);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByLabel('Taught layout')).toContainText('(Frobnitz CSV)');
  await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();
  await expect(page.getByText('Showing 3 of 3 transactions')).toBeVisible();
  await shot(page, '35-next-file-read-alone');

  // the marks are listed with the taught layouts
  await page.goto('/app/layouts');
  await expect(page.getByLabel('Layout Frobnitz CSV')).toContainText('Sheet columns · any bank');
});
