import { expect, test } from '@playwright/test';
import { drawnRows, drawStatement } from '../../server/test/helpers/draw-statement.ts';
import { axeViolations, violationLines } from './support/axe.ts';
import { shot, signInAsAdminOrNew } from './support/helpers.ts';

// Issue 35: a bank charge split into its GST legs on the book's row, then the client's month report
// listing the GST input and the rows still on Suspense, its figures computed here from the rows.

const inr = (rupees: number) =>
  rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test("a charge's GST split on the book's row, and the month report that lists it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAsAdminOrNew(page, request, 'gst', 1);
  await page.goto('/app/clients');
  const clientName = `Split Traders ${Date.now() % 100_000}`;
  await page.getByRole('button', { name: 'Add client' }).click();
  const form = page.getByRole('form', { name: 'Save client' });
  await form.getByRole('textbox', { name: 'Client name' }).fill(clientName);
  await form.getByRole('combobox', { name: 'State' }).selectOption('27');
  await form.getByRole('button', { name: 'Save client' }).click();
  await expect(page.getByRole('heading', { name: clientName })).toBeVisible();

  await page.getByRole('button', { name: 'Add account' }).click();
  const add = page.getByRole('form', { name: 'Add account' });
  await add.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
  await add.getByRole('textbox', { name: 'Account number' }).fill('00112233445566');
  await add.getByRole('textbox', { name: 'Tally bank ledger' }).fill('HDFC Bank A/c');
  await add.getByRole('button', { name: 'Save account' }).click();

  const rows = drawnRows(6);
  const read = page.getByRole('form', { name: 'Read and file a statement' });
  await read.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
  await read
    .locator('input[type="file"]')
    .setInputFiles({ name: 'jan.pdf', mimeType: 'application/pdf', buffer: await drawStatement({ rows }) });
  await read.getByRole('button', { name: 'Read and file' }).click();
  await expect(page.getByRole('status').filter({ hasText: '6 new row(s) added' })).toBeVisible({
    timeout: 45_000,
  });
  await page
    .getByRole('row', { name: 'Account 00112233445566' })
    .getByRole('button', { name: 'Open book' })
    .click();

  // The first row (a withdrawal of ₹1,025.00) is a charge with 18% GST within the state.
  const first = rows[0];
  expect(first.withdrawal).toBe(1025);
  const label = `01-01-2026 ${first.description}`;
  await page.getByLabel(`Ledger for ${label}`).fill('Bank Charges');
  await page.getByLabel(`Ledger for ${label}`).press('Tab');
  // the ledger saved (the book drawn again with it) before the split's form opens
  await expect(page.getByRole('row').filter({ hasText: first.description })).toContainText('By hand');
  await page.getByRole('button', { name: `Add GST/TDS for ${label}` }).click();
  const splitForm = page.getByRole('dialog');
  await expect(splitForm).toBeVisible();
  await splitForm.getByText('Charge + GST').click();
  // 1,025.00 = 868.64 + 78.18 + 78.18 (9% of 868.64 is 78.1776)
  const legs = page.getByRole('table', { name: `Voucher legs for ${label}` });
  await expect(legs.locator('tbody tr')).toHaveText([
    /HDFC Bank A\/c\s*1,025\.00/,
    /Bank Charges\s*868\.64/,
    /Input CGST\s*78\.18/,
    /Input SGST\s*78\.18/,
  ]);
  await page.getByRole('button', { name: 'Save split' }).click();
  await expect(page.getByRole('button', { name: `GST 18% (CGST + SGST) for ${label}` })).toBeVisible();
  await shot(page, 'book-gst-split');

  // The month report: the split's GST, the five rows left on Suspense, the account's month.
  await page.getByRole('link', { name: 'Month report' }).click();
  await expect(page).toHaveURL(/\/app\/clients\/[0-9a-f-]{36}\/report$/);
  await page.getByLabel('Month', { exact: true }).fill('2026-01');
  await expect(page.getByRole('table', { name: 'GST input and TDS' })).toContainText('Input CGST');
  await expect(page.getByRole('table', { name: 'GST input and TDS' }).locator('tbody tr')).toHaveText([
    /Input CGST\s*CGST\s*78\.18/,
    /Input SGST\s*SGST\s*78\.18/,
  ]);
  const rest = rows.slice(1);
  await expect(page.getByRole('table', { name: 'Still on Suspense' }).locator('tbody tr')).toHaveCount(
    rest.length,
  );
  const opening = rows[0].balance + rows[0].withdrawal - rows[0].deposit;
  const inflow = rows.reduce((s, r) => s + r.deposit, 0);
  const outflow = rows.reduce((s, r) => s + r.withdrawal, 0);
  await expect(page.getByRole('table', { name: 'Accounts' }).locator('tbody tr')).toHaveText(
    new RegExp(
      [inr(opening), inr(inflow), inr(outflow), inr(rows[5].balance)]
        .map((s) => s.replace(/\./g, '\\.'))
        .join('.*'),
    ),
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLSX' }).click();
  expect((await download).suggestedFilename()).toMatch(/_2026-01_report\.xlsx$/);
  await shot(page, 'month-report');
  expect(violationLines(await axeViolations(page))).toEqual([]);
});
