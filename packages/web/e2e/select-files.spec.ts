import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { drawnRows, drawStatement } from '../../server/test/helpers/draw-statement.ts';
import { collectAlerts, shot, signUpAndLogIn } from './support/helpers.ts';

// Issue 34, the selection screen: the specification's controls stay (Bank, the file picker,
// Submit, the password modal, the Processing overlay); the bank is read from the file when none is
// chosen, a warning says so whenever it is not the bank chosen, several files are read at once
// (each its own result) and photos are read by OCR.

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const corpus = (name: string) => path.join(CORPUS, name);

async function choose(page: Page, bank: string, files: Parameters<Page['setInputFiles']>[1]) {
  await page.goto('/app/select');
  await page.getByRole('combobox', { name: 'Bank' }).selectOption(bank);
  await page.locator('#statement-file').setInputFiles(files);
}

test('no bank chosen: the bank is read from the file', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUpAndLogIn(page, request, 'detect');
  const alerts = await collectAlerts(page);
  await page.goto('/app/select');
  const bank = page.getByRole('combobox', { name: 'Bank' });
  await expect(bank).toHaveValue('');
  await expect(bank.locator('option')).toHaveCount(14);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.locator('#statement-file').setInputFiles(corpus('SBI/SBI_short.pdf'));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(
    page.getByRole('heading', { name: 'State Bank of India statement · A/c 31488226527' }),
  ).toBeVisible();
  await expect(page.getByLabel('Bank read from the file')).toHaveCount(0);
  await expect(page.getByLabel('Ledger name', { exact: true })).toHaveValue(
    'State Bank of India A/c 31488226527',
  );
  expect(alerts).toEqual([]);
});

test('a statement of a bank without a profile, read as the wrong bank chosen, is named and warned about', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUpAndLogIn(page, request, 'central');
  const pdf = await drawStatement({
    rows: drawnRows(10),
    bank: { name: 'CENTRAL BANK OF INDIA', ifsc: 'CBIN0281234' },
  });
  await choose(page, 'SBI', { name: 'central.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByLabel('Bank read from the file')).toHaveText(
    'This statement is from Central Bank of India, not the bank chosen (SBI): it was read as Central Bank of India.',
  );
  await expect(page.getByRole('heading', { name: /^Central Bank of India statement/ })).toBeVisible();
  // never booked under the chosen bank's name
  await expect(page.getByLabel('Ledger name', { exact: true })).toHaveValue(
    'Central Bank of India A/c 00112233445566',
  );
  await shot(page, '34-select-other-bank');
});

test('several files at once, a photo and a protected file among them: each its own result', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signUpAndLogIn(page, request, 'many');
  const alerts = await collectAlerts(page);
  await choose(page, 'HDFC', [
    corpus('HDFC/HDFC_short.pdf'),
    corpus('SBI/SBI_short.pdf'),
    corpus('PNB/PNB_photo.png'),
    corpus('HDFC/HDFC_protected.pdf'),
  ]);
  await expect(page.getByTestId('file-name')).toHaveCount(4);
  await page.getByRole('button', { name: 'Submit' }).click();

  const list = page.getByRole('list', { name: 'Files read' });
  const item = (name: string) => list.getByRole('listitem', { name });
  await expect(item('HDFC_short.pdf')).toContainText('HDFC Bank · A/c 50100965668015 · 18 rows · Balanced', {
    timeout: 30_000,
  });
  await expect(item('HDFC_short.pdf').getByRole('status')).toHaveCount(0);
  await expect(item('SBI_short.pdf')).toContainText('State Bank of India · A/c 31488226527 · 19 rows', {
    timeout: 30_000,
  });
  await expect(item('SBI_short.pdf').getByRole('status')).toContainText(
    'This statement is from State Bank of India, not the bank chosen (HDFC)',
  );
  await expect(item('PNB_photo.png')).toContainText('Punjab National Bank · A/c 2675009071711822', {
    timeout: 120_000,
  });
  const locked = item('HDFC_protected.pdf');
  await expect(locked).toContainText('Needs a password', { timeout: 30_000 });
  await locked.getByLabel('Password for HDFC_protected.pdf').fill('wrong');
  await locked.getByRole('button', { name: 'Read' }).click();
  await expect(locked).toContainText('Incorrect password.');
  await locked.getByLabel('Password for HDFC_protected.pdf').fill('122659308');
  await locked.getByRole('button', { name: 'Read' }).click();
  await expect(locked).toContainText('HDFC Bank · A/c 50100139977344 · 64 rows · Balanced', {
    timeout: 30_000,
  });
  await shot(page, '34-select-many');
  expect(alerts).toEqual([]);

  // each result opens on its own screen
  await item('SBI_short.pdf').getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Showing 19 of 19 transactions')).toBeVisible();
});
