import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { formatIndian, lineTotal } from '@bahi/core';
import { readImportXml, startTallyEmulator, type ImportedVoucher, type RunningEmulator } from '@bahi/tally';
import { addRateRule, collectAlerts, ensureAdmin, logIn, shot } from './support/helpers.ts';

// The admin's billing journey end to end: a chunking rule set, items_small.xlsx with an amount, one
// line edited on the billing screen, tax_invoices.xml downloaded and imported by the Tally emulator
// with zero errors.

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus/billing');

let tally: RunningEmulator;
test.beforeAll(async () => {
  tally = await startTallyEmulator();
});
test.afterAll(async () => {
  await tally?.close();
});

const money = (rupees: number) => `₹${formatIndian(Math.round(rupees * 100))}`;

test('admin: rule set, items_small.xlsx with an amount, edit a line, tax invoices Tally imports', async ({
  page,
  request,
}) => {
  const admin = await ensureAdmin(request);
  const alerts = await collectAlerts(page);
  await page.goto('/login');
  await logIn(page, admin);
  await expect(page).toHaveURL(/\/app\/home$/);

  // A rule set: cheap items 1-10 a line, dear ones 1-3.
  const setName = `e2e-kirana-${Date.now() % 100000}`;
  await page.goto('/app/rules');
  await expect(page.getByRole('heading', { name: 'Chunking Rules Manager' })).toBeVisible();
  await page.getByLabel('New Rule Set Name').fill(setName);
  await page.getByRole('button', { name: 'Add Set' }).click();
  await expect(page.getByLabel('Rule Set', { exact: true })).toHaveValue(setName);
  await addRateRule(page, ['0', '100', '1', '10']);
  await addRateRule(page, ['100.01', '100000', '1', '3']);
  await expect(page.getByRole('table', { name: 'RATE rules' }).getByRole('row')).toHaveCount(3);
  await shot(page, '60-billing-rules');
  await page.getByRole('button', { name: 'Save All Rules' }).click();
  await expect.poll(() => alerts).toContain('Rules saved!');

  // Select Billing: the rule set, an amount and the workbook.
  await page.goto('/app/selectbilling');
  await expect(
    page.getByRole('heading', { name: 'Convert XLSX Billing Statement into Tally XML or Excel' }),
  ).toBeVisible();
  // Suggestions come from the saved rule sets.
  await page.getByRole('combobox', { name: 'Rule Set Name' }).fill('e2e-kirana');
  await expect(page.getByRole('option', { name: setName })).toBeVisible();
  await page.getByRole('combobox', { name: 'Rule Set Name' }).fill(setName);
  await page.keyboard.press('Escape');
  await page.getByLabel('Amount to Allocate').fill('50000');
  await page.getByLabel('Upload XLSX').setInputFiles(path.join(CORPUS, 'items_small.xlsx'));
  await expect(page.getByTestId('file-name')).toHaveText('items_small.xlsx');
  await page.getByRole('button', { name: 'Submit' }).click();
  // Allocating the workbook takes seconds; more on a loaded machine.
  await expect(page).toHaveURL(/\/app\/billing$/, { timeout: 60_000 });
  // The billing screen's code loads on first visit: slow on a loaded machine.
  await expect(page.getByLabel('Party Ledger')).toHaveValue('Cash', { timeout: 30_000 });
  await expect(page.getByLabel('Sales Ledger')).toHaveValue('Sales A/c');
  await expect(page.getByLabel('Narration')).toHaveValue('Being sale.');
  await expect(page.getByLabel('Force State')).toHaveValue('Uttar Pradesh');
  await expect(page.getByLabel('Invoice Type')).toHaveValue('Tax Invoice');
  await expect(page.getByTestId('grand-total')).toHaveText(money(50000));
  await shot(page, '61-billing-result');

  // Edit the first line's quantity: its Total and the table total follow.
  const line = page.getByTestId('line-0-0');
  const qty = Number(await line.getByLabel('Quantity').inputValue());
  const price = Number(await line.getByLabel('Selling Price').inputValue());
  const gst = Number(await line.getByLabel('GST').inputValue());
  const before = lineTotal(price, gst, qty);
  await line.getByLabel('Quantity').fill(String(qty + 1));
  const after = lineTotal(price, gst, qty + 1);
  await expect(line.getByTestId('line-total')).toHaveText(money(after));
  await expect(page.getByTestId('grand-total')).toHaveText(money(50000 - before + after));

  // Survives a reload (sessionStorage).
  await page.reload();
  await expect(page.getByTestId('line-0-0').getByLabel('Quantity')).toHaveValue(String(qty + 1));

  // Download (XML): the emulator imports it with zero errors.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download (XML)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('tax_invoices.xml');
  const xml = await readFile(await file.path(), 'utf8');
  const vouchers = readImportXml(xml).objects.filter((o) => o.kind === 'VOUCHER') as ImportedVoucher[];
  expect(vouchers.length).toBeGreaterThan(0);
  const res = await fetch(tally.url, { method: 'POST', body: xml, headers: { 'Content-Type': 'text/xml' } });
  const answer = await res.text();
  expect(answer).toContain('<ERRORS>0</ERRORS>');
  const books = tally.emulator.imported().companies[0];
  expect(books.vouchers).toHaveLength(vouchers.length);
  expect(books.vouchers.every((v) => v.type === 'Sales' && v.party === 'Cash')).toBe(true);

  // Excel too.
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download (Excel)' }).click();
  expect((await xlsx).suggestedFilename()).toBe('billing_vouchers.xlsx');

  // Full screen, closed by Escape.
  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect(page.getByRole('dialog', { name: /full screen/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /full screen/ })).toHaveCount(0);
  expect(alerts).toEqual(['Rules saved!']);
});

test('Select Billing alerts: wrong file type, invalid amount', async ({ page, request }) => {
  const admin = await ensureAdmin(request);
  const alerts = await collectAlerts(page);
  await page.goto('/login');
  await logIn(page, admin);
  await expect(page).toHaveURL(/\/app\/home$/);
  await page.goto('/app/genratebilling');
  await expect(page.getByText('Upload Additional XLSX', { exact: true })).toBeVisible();
  await page
    .getByLabel('Upload XLSX')
    .setInputFiles({ name: 'items.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
  await expect.poll(() => alerts).toEqual(['Only XLSX files are allowed.']);
  await page.getByLabel('Upload XLSX').setInputFiles(path.join(CORPUS, 'items_small.xlsx'));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect
    .poll(() => alerts)
    .toEqual(['Only XLSX files are allowed.', 'Please enter a valid amount to allocate.']);
});
