import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations as violations, type Violation } from './support/axe.ts';
import { ensureAdmin, logIn } from './support/helpers.ts';

// Issue 34: every screen of the specification and the office screens pass axe-core's WCAG 2 AA
// rules (2.0, 2.1 and 2.2, levels A and AA) with no violation.

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');

const summary = (list: Violation[]) =>
  list
    .map(
      (v) =>
        `${v.id} (${v.nodes.length}): ${v.help}\n    ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}`)
          .join('\n    ')}`,
    )
    .join('\n');

const found: Record<string, Violation[]> = {};
async function check(page: Page, name: string, url: string, ready: (p: Page) => Promise<unknown>) {
  await page.goto(url);
  await ready(page);
  found[name] = await violations(page);
}

test.afterAll(() => {
  // what failed, for the person fixing it (the assertion below names only the rules)
  for (const [name, list] of Object.entries(found).filter(([, l]) => l.length > 0))
    console.log(`\n== ${name}: ${list.length} rule(s)\n${summary(list)}`);
});

test('the specification screens and the office screens pass axe-core WCAG 2 AA', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const heading = (name: string | RegExp) => (p: Page) =>
    expect(p.getByRole('heading', { name }).first()).toBeVisible();
  await check(page, 'signup', '/signup', heading(/sign up|create/i));
  await check(page, 'login', '/login', heading('Sign in'));
  await check(page, 'forget', '/forget', (p) =>
    expect(p.getByRole('button', { name: 'Send Code' })).toBeVisible(),
  );
  await check(page, 'verify', '/verify', heading('Verify your e-mail'));
  await check(page, 'reset', '/reset', (p) => p.waitForLoadState('networkidle'));
  await check(page, 'home-anonymous', '/app/home', (p) =>
    expect(p.getByText('Choose a module to get started.')).toBeVisible(),
  );
  await check(page, 'rules', '/app/rules', heading('Chunking Rules Manager'));
  for (const bank of ['hdfc', 'sbi', 'union', 'bob', 'pnb'])
    await check(page, `parser-${bank}`, `/app/${bank}`, (p) => p.waitForLoadState('networkidle'));
  await check(page, 'unauthorized', '/app/unauthorized', heading('403 - Unauthorized'));

  const admin = await ensureAdmin(request);
  await page.goto('/login');
  await logIn(page, admin);
  await expect(page).toHaveURL(/\/app\/home$/);
  await check(page, 'home', '/app/home', (p) =>
    expect(p.getByText('Choose a module to get started.')).toBeVisible(),
  );
  await check(page, 'select', '/app/select', heading('Bank Statement Parser'));
  await page.locator('#statement-file').setInputFiles(path.join(CORPUS, 'HDFC/HDFC_short.pdf'));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await check(page, 'bank', page.url(), (p) =>
    expect(p.getByText(/^Showing \d+ of \d+ transactions$/)).toBeVisible(),
  );
  await check(page, 'createvoucher', '/app/createvoucher', (p) =>
    expect(p.getByRole('button', { name: 'Add Row' })).toBeVisible(),
  );
  await check(page, 'pay', '/app/pay', heading('Choose Your Plan'));
  await check(
    page,
    'selectbilling',
    '/app/selectbilling',
    heading('Convert XLSX Billing Statement into Tally XML or Excel'),
  );
  await check(
    page,
    'genratebilling',
    '/app/genratebilling',
    heading('Convert XLSX Billing Statement into Tally XML or Excel'),
  );
  await check(page, 'history', '/app/history', (p) => p.waitForLoadState('networkidle'));
  await check(page, 'clients', '/app/clients', (p) => p.waitForLoadState('networkidle'));
  await check(page, 'inbox', '/app/inbox', (p) => p.waitForLoadState('networkidle'));

  // a client's page (the office), with an account
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const client = await request.post('/api/office/clients', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `A11y Traders ${Date.now() % 100000}`, state_code: '27' },
  });
  expect(client.status(), await client.text()).toBe(200);
  const { id: clientId, name: clientName } = (await client.json()) as { id: string; name: string };
  await check(page, 'client', `/app/clients/${clientId}`, heading(clientName));

  // the billing result (admin): a workbook allocated
  await page.goto('/app/selectbilling');
  await page.getByLabel('Amount to Allocate').fill('50000');
  await page.getByLabel('Upload XLSX').setInputFiles(path.join(CORPUS, 'billing/items_small.xlsx'));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/billing$/, { timeout: 60_000 });
  await expect(page.getByLabel('Party Ledger')).toHaveValue('Cash', { timeout: 30_000 });
  found.billing = await violations(page);

  const failing = Object.entries(found).filter(([, list]) => list.length > 0);
  expect(failing.map(([name, list]) => `${name}: ${list.map((v) => v.id).join(', ')}`)).toEqual([]);
});
