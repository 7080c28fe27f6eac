import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { el, importXml, leaf, startBridge, startTallyEmulator } from '@bahi/tally';
import { collectAlerts, shot, signUpAndLogIn } from './support/helpers.ts';

// Issue 12's "done", in the browser: the bookkeeper connects the bridge and reads the company, its
// ledgers fill the bank-ledger picker, Send to Tally warns about the ledgers Tally lacks, pushes (in
// parts, with progress), and a second push finds each transaction already there: the books hold
// each once, the bank lines carry their banker's date, and the company's own ledgers are unchanged.

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const PDF = path.join(CORPUS, 'HDFC/HDFC_protected.pdf');
const truth = JSON.parse(readFileSync(path.join(CORPUS, 'HDFC/HDFC_protected.truth.json'), 'utf8'));
const COMPANY = 'Sharma & Sons (2025-26)';

test('Tally company through the bridge: ledger picker, missing-ledger warning, push twice, books once', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tally = await startTallyEmulator({
    port: 0,
    companies: [{ name: COMPANY, state: 'Uttar Pradesh', gstin: '09AAACS1234K1Z2' }],
    version: 'TallyPrime 4.1',
  });
  tally.emulator.importXml(
    importXml({
      report: 'All Masters',
      company: COMPANY,
      objects: [
        el('LEDGER', { NAME: 'HDFC OD 5020' }, [leaf('PARENT', 'Bank OD A/c')]),
        el('LEDGER', { NAME: 'Rent' }, [leaf('PARENT', 'Indirect Expenses')]),
      ],
    }),
  );
  const bridge = await startBridge({ port: 0, origins: [String(baseURL)], tallyPort: tally.port });
  try {
    await page.addInitScript((url) => localStorage.setItem('bahi.bridge_url', url), bridge.url);
    // Confirmations are accepted as the user would.
    await collectAlerts(page);
    await signUpAndLogIn(page, request, 'tallyco');

    // A statement, read as the bookkeeper reads one.
    await page.goto('/app/select');
    await page.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
    await page.locator('#statement-file').setInputFiles(PDF);
    await page.getByRole('button', { name: 'Submit' }).click();
    const modal = page.getByRole('dialog', { name: 'Password required' });
    await modal.getByLabel('Statement password').fill(String(truth.password));
    await modal.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const total = truth.transactions.length as number;
    await expect(page.getByText(`Showing ${total} of ${total} transactions`)).toBeVisible();

    // Connect: read the company through the bridge.
    await page.getByLabel('Local IP of the Tally connector').fill('127.0.0.1');
    await page.getByLabel('Company name').fill(COMPANY);
    await page.getByRole('button', { name: 'Read company from Tally' }).click();
    await expect(page.getByTestId('tally-company-name')).toHaveText(COMPANY);
    await expect(page.getByTestId('tally-company-counts')).toContainText('4 ledgers');
    await expect(page.getByTestId('tally-company-counts')).toContainText('CGST, SGST/UTGST, IGST');

    // The bank ledger field offers the company's ledgers (with their groups); the one typed is known.
    const ledger = page.getByRole('combobox', { name: 'Ledger name', exact: true });
    const listId = await ledger.getAttribute('list');
    await expect(page.locator(`datalist[id="${listId}"] option[value="HDFC OD 5020"]`)).toHaveAttribute(
      'label',
      'Bank OD A/c',
    );
    await ledger.fill('HDFC OD 5020');
    await expect(page.getByText('In Tally under Bank OD A/c')).toBeVisible();
    await shot(page, 'tally-01-company-and-picker');

    // Send: the confirmation, then the warning naming the one ledger Tally lacks (rows without a
    // ledger go to Suspense), then the push in parts.
    const vouchers = (truth.transactions as { withdrawal: number; deposit: number }[]).reduce(
      (n, t) => n + (t.withdrawal ? 1 : 0) + (t.deposit ? 1 : 0),
      0,
    );
    const messages = page.getByRole('status', { name: 'Tally messages' });
    await page.getByRole('button', { name: 'Send to Tally' }).click();
    // Said before the push (issue 31): the one master Tally lacks and its group; the company's bank
    // ledger is not created again.
    const plan = page.getByRole('dialog', { name: 'Before Send to Tally' });
    await expect(plan).toContainText(`${vouchers} voucher(s) go to Tally.`);
    await expect(plan).toContainText('Suspense A/c');
    await expect(plan).not.toContainText('HDFC OD 5020');
    await plan.getByRole('button', { name: 'Send to Tally' }).click();
    await expect(messages).toContainText('📤 XML sent to Tally successfully!', { timeout: 30_000 });
    await expect(messages).toContainText(
      `All ${vouchers} vouchers are in Tally (1 part): ${vouchers} new, 0 already there and updated. 1 ledger created.`,
    );
    await expect(page.getByLabel('Tally push progress')).toContainText(
      `Part 1 of 1 · ${vouchers} of ${vouchers} vouchers`,
    );
    await shot(page, 'tally-02-pushed');

    // The same statement again: every transaction went to Tally before, none is sent (decision 037).
    await page.getByRole('button', { name: 'Send to Tally' }).click();
    // asked in the page whether to send them again (yes): what Tally holds answers for every one
    await page
      .getByRole('dialog', { name: 'Nothing new' })
      .getByRole('button', { name: 'Send to Tally again' })
      .click();
    await expect(messages).toContainText(`Nothing new: all ${vouchers} voucher(s) went to Tally before`, {
      timeout: 30_000,
    });

    const books = tally.emulator.imported().companies[0];
    expect(books.vouchers.length).toBe(vouchers);
    expect(new Set(books.vouchers.map((v) => v.remoteId)).size).toBe(vouchers);
    const bankLegs = books.vouchers.flatMap((v) => v.legs.filter((l) => l.ledger === 'HDFC OD 5020'));
    expect(bankLegs.length).toBe(vouchers);
    // reconciliation stays the accountant's: no banker's date unless asked (decision 037)
    expect(bankLegs.some((l) => Boolean(l.bankersDate))).toBe(false);
    expect(books.ledgers.find((l) => l.name === 'HDFC OD 5020')?.parent).toBe('Bank OD A/c');
    expect(books.ledgers.find((l) => l.name === 'Rent')?.parent).toBe('Indirect Expenses');

    // The company stays with the user: a reload shows it without asking Tally again.
    const reads = tally.emulator.imported().requests;
    await page.reload();
    await expect(page.getByTestId('tally-company-name')).toHaveText(COMPANY);
    expect(tally.emulator.imported().requests).toBe(reads);
  } finally {
    await bridge.close();
    await tally.close();
  }
});
