import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { filterTransactions, formatDisplayDate, formatIndian, rupeesToPaise } from '@bahi/core';
import { mt940Amount, startBridge, startTallyEmulator, TallyEmulator } from '@bahi/tally';
import { collectAlerts, shot, signUpAndLogIn } from './support/helpers.ts';

// Issue 5's journey: sign in -> /app/select -> HDFC -> the protected corpus PDF -> password modal
// (wrong, then right) -> every transaction and a balanced proof -> keyword + date filter -> Apply
// Ledger to Filtered -> Download XML (imported by the Tally emulator with zero errors) -> Send to
// Tally through a running `bahi bridge` and the emulator.

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const PDF = path.join(CORPUS, 'HDFC/HDFC_protected.pdf');
const truth = JSON.parse(readFileSync(path.join(CORPUS, 'HDFC/HDFC_protected.truth.json'), 'utf8'));

type TruthRow = { date: string; description: string; withdrawal: number; deposit: number; balance: number };
const money = (r: number) => (r ? formatIndian(rupeesToPaise(r)) : '');
const rows = (truth.transactions as TruthRow[]).map((t) => ({
  Date: formatDisplayDate(t.date),
  Description: t.description,
  Withdrawal: money(t.withdrawal),
  Deposit: money(t.deposit),
  ClosingBalance: formatIndian(rupeesToPaise(t.balance)),
}));

test('bank statement: upload, password, review, filter, ledgers, download XML, send to Tally', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const emulator = await startTallyEmulator({ port: 0 });
  const bridge = await startBridge({ port: 0, origins: [String(baseURL)], tallyPort: emulator.port });
  try {
    await page.addInitScript((url) => localStorage.setItem('bahi.bridge_url', url), bridge.url);
    const alerts = await collectAlerts(page);
    await signUpAndLogIn(page, request, 'bank');
    await page.goto('/app/select');
    await expect(page.getByRole('heading', { name: 'Bank Statement Parser' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Bank' }).locator('option')).toHaveCount(14);
    await expect(page.getByText('Pages Left: 10')).toBeVisible();
    await page.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
    await page.locator('#statement-file').setInputFiles(PDF);
    await expect(submit).toBeEnabled();
    await shot(page, 'bank-01-select');
    await submit.click();

    const modal = page.getByRole('dialog', { name: 'Password required' });
    await expect(modal).toBeVisible();
    await modal.getByLabel('Statement password').fill('wrong-password');
    await shot(page, 'bank-02-password');
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => alerts).toContain('Incorrect password.');
    await expect(modal).toBeVisible();
    await modal.getByLabel('Statement password').fill(String(truth.password));
    await modal.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const total = rows.length;
    await expect(page.getByText(`Showing ${total} of ${total} transactions`)).toBeVisible();
    await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Opening balance')).toHaveText(
      `₹${formatIndian(rupeesToPaise(truth.openingBalance))}`,
    );
    await expect(page.getByLabel('Closing balance')).toHaveText(
      `₹${formatIndian(rupeesToPaise(truth.closingBalance))}`,
    );
    await shot(page, 'bank-03-result');

    // A reload keeps the result.
    await page.reload();
    await expect(page.getByText(`Showing ${total} of ${total} transactions`)).toBeVisible();

    // Keyword + date filter, checked against the same filter run on the ground truth.
    const keyword = 'UPI';
    const from = truth.transactions[5].date as string;
    const to = truth.transactions[total - 6].date as string;
    const expected = filterTransactions(rows, { keywords: [keyword], only: 'all', from, to });
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(total);
    await page.getByLabel('Keyword 1').fill(keyword.toLowerCase());
    await page.getByRole('button', { name: 'Filter by Date' }).click();
    const dates = page.getByRole('dialog', { name: 'Filter by Date' });
    await expect(dates.getByLabel('From')).toHaveValue(formatDisplayDate(truth.transactions[0].date));
    await dates.getByLabel('From').fill(formatDisplayDate(from));
    await dates.getByLabel('To').fill(formatDisplayDate(to));
    await dates.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(`Showing ${expected.length} of ${total} transactions`)).toBeVisible();

    await page.getByLabel('Ledger for the rows shown').fill('Sundry Expenses');
    await page.getByRole('button', { name: 'Apply Ledger to Filtered' }).click();
    await expect(page.getByText(`${expected.length} empty ledger names filled.`)).toBeVisible();
    await expect(page.getByLabel('Ledger Name, row', { exact: false }).first()).toHaveValue(
      'Sundry Expenses',
    );
    await shot(page, 'bank-04-filtered');

    // Download XML: the validations first, then the file, which the emulator imports cleanly.
    await page.getByRole('button', { name: 'Download XML' }).first().click();
    await expect.poll(() => alerts).toContain('Please enter the local IP of the server.');
    await page.getByLabel('Local IP of the Tally connector').fill('127.0.0.1');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download XML' }).first().click();
    // What the file will do, said first (issue 31): the new ledger's group is chosen, never Suspense A/c.
    const plan = page.getByRole('dialog', { name: 'Before Download XML' });
    await expect(plan).toContainText('Sundry Expenses');
    await expect(plan.getByRole('button', { name: 'Download XML' })).toBeDisabled();
    await plan.getByRole('combobox', { name: 'Group of Sundry Expenses' }).click();
    await page.getByRole('option', { name: 'Indirect Expenses' }).click();
    await plan.getByRole('button', { name: 'Download XML' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`statement_${truth.account.number}.xml`);
    const xml = readFileSync(await download.path(), 'utf8');
    const outcome = new TallyEmulator().importXml(xml).outcome;
    expect(outcome.errors).toBe(0);
    expect(outcome.lineErrors).toEqual([]);
    const vouchers = expected.reduce((n, r) => n + (r.Withdrawal ? 1 : 0) + (r.Deposit ? 1 : 0), 0);
    expect((xml.match(/<VOUCHER /g) ?? []).length).toBe(vouchers);
    expect(xml).toContain('Sundry Expenses');
    expect(xml).toMatch(/<LEDGER NAME="Sundry Expenses"[^]*?<PARENT>Indirect Expenses<\/PARENT>/);

    // Send to Tally: validations in order, the confirmation, then the bridge and the emulator.
    await page.getByRole('button', { name: 'Send to Tally' }).click();
    await expect.poll(() => alerts).toContain('Please enter a company name.');
    await page.getByLabel('Company name').fill(emulator.emulator.imported().companies[0].name);
    await page.getByRole('button', { name: 'Send to Tally' }).click();
    // Every row was in the file just downloaded: asked again in the page (and accepted), then the
    // plan with the specification's confirmation, the new ledger's group chosen again.
    const nothingNew = page.getByRole('dialog', { name: 'Nothing new' });
    await expect(nothingNew).toContainText('Nothing new: all');
    await nothingNew.getByRole('button', { name: 'Send to Tally again' }).click();
    const sending = page.getByRole('dialog', { name: 'Before Send to Tally' });
    await expect(sending).toContainText(
      `Are you sure you want to send ${expected.length} transactions to Tally?`,
    );
    await sending.getByRole('combobox', { name: 'Group of Sundry Expenses' }).click();
    await page.getByRole('option', { name: 'Indirect Expenses' }).click();
    await sending.getByRole('button', { name: 'Send to Tally' }).click();
    const messages = page.getByRole('status', { name: 'Tally messages' });
    await expect(messages).toContainText('✅ Transactions sent to Tally successfully!');
    await expect(messages).toContainText('✅ Transactions saved. Triggering Tally connector...');
    await expect(messages).toContainText('📤 XML sent to Tally successfully!', { timeout: 20_000 });
    const imported = emulator.emulator.imported();
    expect(imported.companies[0].vouchers.length).toBe(vouchers);
    await shot(page, 'bank-05-sent-to-tally');

    // TallyPrime's bank-statement file (MT940, issue 31): the whole statement, whatever the filter
    // shows, its balances the statement's.
    const staDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Bank statement file (MT940)' }).click();
    const sta = readFileSync(await (await staDownload).path(), 'utf8');
    const amount = (rupees: number) => mt940Amount(rupeesToPaise(rupees));
    expect(sta).toContain(`:25:${truth.account.number}\r\n`);
    expect(sta).toContain(`INR${amount(truth.openingBalance)}\r\n`);
    expect(sta).toMatch(new RegExp(`:62F:C\\d{6}INR${amount(truth.closingBalance)}\r\n$`));
    expect((sta.match(/^:61:/gm) ?? []).length).toBe(
      (truth.transactions as { withdrawal: number; deposit: number }[]).reduce(
        (n, t) => n + (t.withdrawal ? 1 : 0) + (t.deposit ? 1 : 0),
        0,
      ),
    );

    // The PDF preview asks for the password, from our own bundle.
    await page.getByRole('button', { name: 'PDF Preview' }).click();
    await expect(page.getByText('Enter the password to open this PDF file.')).toBeVisible({
      timeout: 15_000,
    });
    await page.getByLabel('PDF password').fill('nope');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByText('Invalid password. Please try again.')).toBeVisible();
    await page.getByLabel('PDF password').fill(String(truth.password));
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByLabel('Page 1', { exact: true })).toBeVisible({ timeout: 15_000 });
    await shot(page, 'bank-06-pdf-preview');
  } finally {
    await bridge.close();
    await emulator.close();
  }
});

test('per-bank screens: sign-in prompt, then HDFC parse with Statement Info', async ({ page, request }) => {
  await page.goto('/app/sbi');
  await expect(page.getByText('Sign in to parse statements')).toBeVisible();
  await shot(page, 'bank-07-sbi-signed-out');

  await signUpAndLogIn(page, request, 'perbank');
  for (const [route, title] of [
    ['sbi', 'SBI Bank Statement Parser'],
    ['union', 'Union Bank Statement Parser'],
    ['bob', 'Bank of Baroda Statement Parser'],
    ['pnb', 'PNB Bank Statement Parser'],
  ]) {
    await page.goto(`/app/${route}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload & Parse' })).toBeDisabled();
    await shot(page, `bank-08-${route}`);
  }
  await page.goto('/app/hdfc');
  await page.locator('#hdfc-file').setInputFiles(path.join(CORPUS, 'HDFC/HDFC_short.pdf'));
  await page.getByRole('button', { name: 'Upload & Parse' }).click();
  const short = JSON.parse(readFileSync(path.join(CORPUS, 'HDFC/HDFC_short.truth.json'), 'utf8'));
  await expect(page.getByLabel('Statement Info')).toContainText(short.account.number, { timeout: 30_000 });
  await expect(page.getByText('Tally XML Preview')).toBeVisible();
  await shot(page, 'bank-09-hdfc-result');
});
