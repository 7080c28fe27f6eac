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
  // its other tabs (issue 34 round three), a book with rows, and the office's team page (round five:
  // these office screens were not walked)
  const headers = { authorization: `Bearer ${token}` };
  const made = await request.post(`/api/office/clients/${clientId}/accounts`, {
    headers,
    data: { bank: 'HDFC', account_number: '50100424242', tally_ledger: 'HDFC Bank A/c 4242' },
  });
  expect(made.status(), await made.text()).toBe(200);
  const filed = await request.post('/api/office/statements/file', {
    headers,
    data: {
      client_id: clientId,
      account_number: '50100424242',
      transactions: [
        {
          Date: '02-01-2026',
          Description: 'NEFT CR-ACME',
          Withdrawal: '',
          Deposit: '1,000.00',
          ClosingBalance: '11,000.00',
        },
        {
          Date: '03-01-2026',
          Description: 'RENT JAN',
          Withdrawal: '500.00',
          Deposit: '',
          ClosingBalance: '10,500.00',
        },
      ],
    },
  });
  expect(filed.status(), await filed.text()).toBe(200);
  await check(page, 'client-book', `/app/clients/${clientId}?tab=book`, (p) =>
    expect(p.getByRole('table', { name: 'Book rows' }).locator('tbody tr')).toHaveCount(2),
  );
  await check(page, 'client-rules', `/app/clients/${clientId}?tab=rules`, (p) =>
    expect(p.getByRole('tab', { name: 'Rules', selected: true })).toBeVisible(),
  );
  await check(page, 'client-months', `/app/clients/${clientId}?tab=months`, heading('Approvals and changes'));
  await check(page, 'client-history', `/app/clients/${clientId}?tab=history`, (p) =>
    expect(p.getByRole('tab', { name: 'History', selected: true })).toBeVisible(),
  );
  await check(page, 'team', '/app/team', heading('Team'));

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
