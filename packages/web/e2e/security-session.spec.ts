import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndLogIn } from './support/helpers.ts';

// Issue 18 where the browser matters: the test-checkout banner (the e2e server runs
// BAHI_PAYMENTS=test), logout that ends the session on the server, and no statement rows left in
// the browser's storage after a read.

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const PDF = path.join(CORPUS, 'AXIS/AXIS_short.pdf');
const truth = JSON.parse(readFileSync(path.join(CORPUS, 'AXIS/AXIS_short.truth.json'), 'utf8')) as {
  transactions: { description: string }[];
};

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

test('security: the test-payments banner shows on every screen while BAHI_PAYMENTS=test', async ({
  page,
  request,
}) => {
  const config = await request.get('/api/config');
  expect((await config.json()).payments_mode).toBe('test');
  await signUpAndLogIn(page, request, 'banner');
  const banner = page.getByRole('status').filter({ hasText: 'TEST PAYMENTS' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('without taking any payment');
  await page.goto('/app/pay');
  await expect(banner).toBeVisible();
});

test('security: logout ends the session on the server, the old token is refused', async ({
  page,
  request,
}) => {
  const user = await signUpAndLogIn(page, request, 'logout');
  const token = await tokenOf(page);
  expect(token).toBeTruthy();
  const auth = { Authorization: `Bearer ${token}` };
  expect((await request.get('/api/', { headers: auth })).status()).toBe(200);

  await page.getByRole('button', { name: user.name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect.poll(() => tokenOf(page)).toBeNull();
  // The token copied before logout (as a thief would have) is refused by the server, not only
  // forgotten by the browser.
  await expect.poll(async () => (await request.get('/api/', { headers: auth })).status()).toBe(401);
  const answer = await request.get('/api/auth/check/pages', { headers: auth });
  expect(answer.status()).toBe(401);
  expect((await answer.json()).detail).toMatch(/signed out/i);
});

test('security: after a statement is read, no statement rows are in sessionStorage or localStorage', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUpAndLogIn(page, request, 'storage');
  await page.goto('/app/select');
  await page.getByRole('combobox', { name: 'Bank' }).selectOption('AXIS');
  await page.locator('#statement-file').setInputFiles(PDF);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 45_000 });
  const total = truth.transactions.length;
  await expect(page.getByText(`Showing ${total} of ${total} transactions`)).toBeVisible();

  const stored = await page.evaluate(() => {
    const all: Record<string, string> = {};
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i) as string;
        all[`${store === localStorage ? 'local' : 'session'}:${key}`] = store.getItem(key) ?? '';
      }
    }
    return all;
  });
  const text = Object.values(stored).join('\n');
  for (const row of truth.transactions) {
    expect(text, `a row's narration is in the browser's storage: ${row.description}`).not.toContain(
      row.description,
    );
  }
  expect(text).not.toMatch(/ClosingBalance|"Withdrawal"|"Deposit"/);
  // The token and a few small settings, nothing the size of a statement.
  expect(text.length, JSON.stringify(Object.keys(stored))).toBeLessThan(4000);
});
