import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { shot, signUpAndLogIn } from './support/helpers.ts';

// Issue 34, "remembered ledgers are shown but not used": a statement read again offers the ledgers
// given before, and one "Use all suggestions" takes them all (Enter in a row takes its own).

const PDF = path.resolve(import.meta.dirname, '../../../../shared/corpus/HDFC/HDFC_short.pdf');

async function read(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const res = await request.post('/api/hdfc/extract-statement', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'HDFC_short.pdf', mimeType: 'application/pdf', buffer: readFileSync(PDF) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { token, id: ((await res.json()) as { statement_id: string }).statement_id };
}

test('use all suggestions fills every empty ledger that has one; Enter takes a row’s own', async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, 'ledgers');
  // The first read: three ledgers given (what the table's cells save), so they are remembered.
  const first = await read(page, request);
  const saved = await request.post(`/api/statements/${first.id}/ledgers`, {
    headers: { authorization: `Bearer ${first.token}` },
    data: {
      revision: 1,
      changes: [
        { ledger: 'Rent', rows: [0] },
        { ledger: 'Bank Charges', rows: [1] },
        { ledger: 'Office Expenses', rows: [7] },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The same file read again: its rows are offered those ledgers.
  const second = await read(page, request);
  await page.goto(`/app/bank/${second.id}`);
  const useAll = page.getByRole('button', { name: /^Use all suggestions \(\d+\)$/ });
  await expect(useAll).toBeVisible();
  const ledger = (n: number) => page.getByRole('textbox', { name: `Ledger Name, row ${n}`, exact: true });
  await expect(ledger(7)).toHaveAttribute('placeholder', 'Bank Charges');
  await expect(ledger(7)).toHaveValue('');

  // Enter on row 7 (SMS alert charges, like row 2) takes its suggestion and goes to row 8.
  await ledger(7).focus();
  await page.keyboard.press('Enter');
  await expect(ledger(7)).toHaveValue('Bank Charges');
  await expect(ledger(8)).toBeFocused();

  const offered = Number(/\((\d+)\)/.exec((await useAll.textContent()) ?? '')?.[1]);
  expect(offered).toBeGreaterThanOrEqual(3);
  await shot(page, '34-use-all-suggestions');
  await useAll.click();
  await expect(page.getByText(`${offered} suggested ledger(s) used.`)).toBeVisible();
  await expect(ledger(1)).toHaveValue('Rent');
  await expect(ledger(2)).toHaveValue('Bank Charges');
  await expect(ledger(8)).toHaveValue('Office Expenses');
  await expect(useAll).toBeHidden();

  // Saved on the server: a reload shows them.
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.reload();
  await expect(ledger(1)).toHaveValue('Rent');
  await expect(ledger(7)).toHaveValue('Bank Charges');
  await expect(ledger(8)).toHaveValue('Office Expenses');
});
