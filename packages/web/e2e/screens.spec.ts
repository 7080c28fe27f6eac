import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addRateRule, collectAlerts, ensureAdmin, logIn, shot, signUpAndLogIn } from './support/helpers.ts';

// A walk through every screen at a desktop (1366x800) and a phone (375x812) width, signed out, as a
// user and as an admin, with real data where the screen shows data. Each stop saves screenshots
// (test-results/screens/walk-<name>-<width>.png, for a person to look at) and checks what a machine
// can: the page never scrolls sideways on a phone (wide tables scroll inside their own box) and the
// browser console stays free of errors.

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const WIDTHS = [
  { width: 1366, height: 800 },
  { width: 375, height: 812 },
];

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function capture(page: Page, name: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await shot(page, `walk-${name}-${size.width}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect
      .soft(overflow, `${name} at ${size.width} px scrolls sideways by ${overflow} px`)
      .toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(WIDTHS[0]);
}

test('signed out: every public screen', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/home$/, { timeout: 15_000 });
  for (const [route, heading] of [
    ['/signup', 'Create your account'],
    ['/verify', /Verify/],
    ['/login', /Sign in/],
    ['/forget', /Forgot/],
    ['/reset', 'Choose a new password'],
    ['/app/home', /Welcome/],
    ['/app/unauthorized', '403 - Unauthorized'],
    ['/app/rules', 'Chunking Rules Manager'],
    ['/app/hdfc', /HDFC/],
    ['/app/pnb', 'PNB Bank Statement Parser'],
    ['/app/no-such-screen', /not found/i],
  ] as const) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 2, name: heading }).first()).toBeVisible();
    await capture(page, `out${route.replaceAll('/', '-')}`);
  }
  expect.soft(errors).toEqual([]);
});

test('signed in: plans, bank statement, vouchers, account screens', async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const alerts = await collectAlerts(page);
  const user = await signUpAndLogIn(page, request, 'walker');
  await capture(page, 'user-home');
  await page.getByRole('button', { name: user.name }).click();
  await expect(page.getByRole('menuitem', { name: 'My Plan' })).toBeVisible();
  await capture(page, 'user-menu');
  await page.keyboard.press('Escape');

  // HDFC_multi.pdf has 13 pages and signup gives 10: buy the Basic plan first (test mode).
  await page.goto('/app/pay');
  await page.getByRole('radio', { name: 'Basic Plan' }).click();
  await capture(page, 'user-pay');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  await capture(page, 'user-test-checkout');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/app\/home$/);

  await page.goto('/app/bank');
  await capture(page, 'user-bank-empty');
  await page.goto('/app/select');
  await page.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
  await page.locator('#statement-file').setInputFiles(path.join(CORPUS, 'HDFC/HDFC_multi.pdf'));
  await capture(page, 'user-select');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(page.getByText(/^Showing \d+ of \d+ transactions$/)).toBeVisible();
  await capture(page, 'user-bank');
  await page.getByRole('button', { name: 'Hint' }).click();
  await capture(page, 'user-bank-hint');
  await page.getByRole('button', { name: 'Filter by Date' }).click();
  await expect(page.getByRole('dialog', { name: 'Filter by Date' })).toBeVisible();
  await capture(page, 'user-bank-dates');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Filter by Date' })).toHaveCount(0);

  await page.goto('/app/createvoucher');
  await capture(page, 'user-vouchers-empty');
  const cell = (label: string, n: number) => page.getByLabel(`${label}, row ${n}`, { exact: true });
  for (const [n, date, party] of [
    [1, '01-04-2025', 'Asha Traders'],
    [2, '02-04-2025', ''],
  ] as const) {
    if (n > 1) await page.getByRole('button', { name: 'Add Row' }).click();
    await cell('Date', n).fill(date);
    await cell('Voucher Type', n).selectOption('Receipt');
    await cell('Ledger Name', n).fill('Cash');
    await cell('Party Name', n).fill(party);
    await cell('Net Amount', n).fill('1250.5');
  }
  await page.getByRole('button', { name: 'Export XML from Backend' }).click();
  await expect(page.locator('tr[data-problem]')).toHaveCount(1);
  await capture(page, 'user-vouchers-problem');
  await page.getByRole('button', { name: 'Duplicate row 1' }).click();
  await capture(page, 'user-vouchers-duplicate');
  await page.keyboard.press('Escape');
  await page.goto('/app/profile');
  await capture(page, 'user-profile');
  await page.goto('/app/account');
  await capture(page, 'user-account');
  await page.goto('/app/history');
  await expect(page.getByText('HDFC_multi.pdf').first()).toBeVisible();
  await capture(page, 'user-history');
  await page.goto('/app/selectbilling');
  await expect(page).toHaveURL(/\/app\/unauthorized$/);
  expect(alerts).toEqual([expect.stringMatching(/^Error exporting XML: .*Row 2: Party name is missing\./)]);
  // The refused export is logged by the browser as a failed resource: that one is expected.
  expect.soft(errors.filter((e) => !/status of 422 .*generate-xml/.test(e))).toEqual([]);
});

test('admin: rules, billing upload and result', async ({ page, request }) => {
  const errors = watchConsole(page);
  const alerts = await collectAlerts(page);
  const admin = await ensureAdmin(request);
  await page.goto('/login');
  await logIn(page, admin);
  await expect(page).toHaveURL(/\/app\/home$/);
  await page.goto('/app/rules');
  await page.getByLabel('New Rule Set Name').fill(`walk-${Date.now() % 100000}`);
  await page.getByRole('button', { name: 'Add Set' }).click();
  await addRateRule(page, ['0', '100000', '1', '5']);
  await capture(page, 'admin-rules');
  await page.getByRole('button', { name: 'Save All Rules' }).click();
  await expect.poll(() => alerts).toEqual(['Rules saved!']);

  await page.goto('/app/genratebilling');
  await capture(page, 'admin-genratebilling');
  await page.goto('/app/selectbilling');
  await page.getByLabel('Amount to Allocate').fill('25000');
  await page.getByLabel('Upload XLSX').setInputFiles(path.join(CORPUS, 'billing/items_small.xlsx'));
  await capture(page, 'admin-selectbilling');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/billing$/);
  await expect(page.getByTestId('grand-total')).toBeVisible();
  await capture(page, 'admin-billing');
  expect.soft(errors).toEqual([]);
});
