import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createVerifiedUser, logIn, newUser, shot, signUpAndLogIn, type User } from './support/helpers.ts';
import { mailsTo } from './support/mail.ts';

// Issue 35's done-means, the team part: an owner invites an accountant and a reviewer from the Team
// screen (each joins with the code the invitation mail carries); the accountant maps a month of the
// client assigned to them and cannot open another client; their push of the month is refused until
// the reviewer approves it, then accepted; the client's history names the author of every change.

const fmt = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });

/** Four January rows of one account, a chained balance. */
function januaryRows() {
  let balance = 5_000_000;
  return [1, 2, 3, 4].map((i) => {
    const paise = 100_000 + i * 1_250;
    balance -= paise;
    return {
      Date: `${String(i * 5).padStart(2, '0')}-01-2026`,
      Description: `UPI-SHOP NO ${i}-PAYMENT`,
      Withdrawal: fmt(paise),
      Deposit: '',
      ClosingBalance: fmt(balance),
    };
  });
}

const tokenOf = (page: Page) => page.evaluate(() => String(localStorage.getItem('access_token')));

async function api(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'get',
  url: string,
  data?: unknown,
) {
  const res = await request[method](`/api${url}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** A second person in their own browser context, signed in. */
async function person(browser: Browser, request: APIRequestContext, prefix: string) {
  const user = newUser(prefix);
  await createVerifiedUser(request, user);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, user);
  await expect(page).toHaveURL(/\/app\/home$/);
  return { user, page, close: () => context.close() };
}

async function invite(owner: Page, user: User, role: 'Accountant' | 'Reviewer') {
  const form = owner.getByRole('form', { name: 'Invite a member' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await owner.getByRole('option', { name: new RegExp(`^${role}:`) }).click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByRole('table', { name: 'Invitations' })).toContainText(user.email);
}

/** The code of the invitation mail to `email` (its second mail: the first was the sign-up code). */
async function invitationCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () =>
        (code = (await mailsTo(email)).map((m) => /your code is (\d{4})/.exec(m.subject)?.[1]).find(Boolean)),
      { timeout: 15_000, message: `invitation mail to ${email}` },
    )
    .toBeTruthy();
  return code!;
}

async function join(page: Page, email: string) {
  await page.goto('/app/team');
  const received = page.getByRole('region', { name: 'Invitations to you' });
  await received.getByRole('textbox', { name: 'Code from the mail' }).fill(await invitationCode(email));
  await received.getByRole('button', { name: /^Join / }).click();
  await expect(page.getByText(/You joined .* as /)).toBeVisible();
}

test('an owner, an accountant and a reviewer: assigned clients only, a push waits for approval, authors in the history', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  await signUpAndLogIn(page, request, 'owner');
  const ownerToken = await tokenOf(page);
  // Two clients, the first with an account and January's statement (set up through the API).
  const client = async (name: string) =>
    (await api(request, ownerToken, 'post', '/office/clients', { name, state_code: '27' })) as { id: string };
  const assigned = await client(`Assigned Traders ${Date.now() % 100_000}`);
  const other = await client(`Other Traders ${Date.now() % 100_000}`);
  await api(request, ownerToken, 'post', `/office/clients/${assigned.id}/accounts`, {
    bank: 'HDFC',
    account_number: '50100222233334',
    tally_ledger: 'HDFC Bank A/c',
  });
  await api(request, ownerToken, 'post', '/office/statements/file', {
    client_id: assigned.id,
    account_number: '50100222233334',
    file_name: 'january.pdf',
    transactions: januaryRows(),
  });

  // The owner invites both from the Team screen; each joins with the mailed code.
  const accountant = await person(browser, request, 'accountant');
  const reviewer = await person(browser, request, 'reviewer');
  try {
    await page.goto('/app/team');
    await expect(page.getByText(/you are Owner/)).toBeVisible();
    await invite(page, accountant.user, 'Accountant');
    await invite(page, reviewer.user, 'Reviewer');
    await join(accountant.page, accountant.user.email);
    await join(reviewer.page, reviewer.user.email);

    // The owner assigns the first client to the accountant.
    await page.reload();
    const members = page.getByRole('table', { name: 'Members' });
    await expect(members).toContainText(accountant.user.email);
    await expect(members).toContainText(reviewer.user.email);
    await page.getByRole('combobox', { name: `Clients of ${accountant.user.name}` }).click();
    await page.getByRole('option', { name: /^Assigned Traders/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save clients' }).click();
    await expect(page.getByText(`Clients of ${accountant.user.name} saved.`)).toBeVisible();
    await shot(page, 'office-team');

    // The accountant lists their client only, and another client of the office is no one's to them.
    const acc = accountant.page;
    await acc.goto('/app/clients');
    await expect(acc.getByRole('link', { name: /^Assigned Traders/ })).toBeVisible();
    await expect(acc.getByRole('link', { name: /^Other Traders/ })).toHaveCount(0);
    await acc.goto(`/app/clients/${other.id}`);
    await expect(acc.getByText('No such client.')).toBeVisible();

    // The accountant maps January: a ledger on every row of the month, each row then names them.
    await acc.goto(`/app/clients/${assigned.id}`);
    await acc
      .getByRole('row', { name: 'Account 50100222233334' })
      .getByRole('button', { name: 'Open book' })
      .click();
    const bookRows = acc.getByRole('table', { name: 'Book rows' }).locator('tbody tr');
    await expect(bookRows).toHaveCount(4);
    for (const [i, day] of ['05', '10', '15', '20'].entries()) {
      const ledger = acc.getByRole('combobox', { name: new RegExp(`^Ledger for ${day}-01-2026`) });
      await ledger.fill('Shop Expenses');
      await ledger.blur();
      await expect(bookRows.nth(i).locator('[data-row-author]')).toContainText(accountant.user.name);
    }

    // Refused before approval, with the reason.
    await acc.getByRole('button', { name: 'Push Jan 2026' }).click();
    await expect(acc.getByText(/2026-01 is not approved yet: a reviewer approves a month/)).toBeVisible();

    // The reviewer approves January on the client's page.
    const rev = reviewer.page;
    await rev.goto(`/app/clients/${assigned.id}?tab=months`);
    await rev.getByRole('button', { name: 'Approve Jan 2026' }).click();
    await expect(rev.getByRole('table', { name: 'Months for approval' })).toContainText(
      `Approved by ${reviewer.user.name}`,
    );

    // Accepted after: the new ledger's group is asked, then the push is ready.
    await acc.getByRole('button', { name: 'Push Jan 2026' }).click();
    const ask = acc.getByLabel('New ledgers', { exact: true });
    await ask.getByRole('combobox', { name: 'Group of the new ledgers' }).selectOption('Indirect Expenses');
    await ask.getByRole('button', { name: 'Push with this group' }).click();
    await expect(acc.getByLabel('Last push')).toContainText('4 row(s) ready as 4 voucher(s)');

    // The history names each change's author.
    await page.goto(`/app/clients/${assigned.id}?tab=months`);
    const changes = page.getByRole('table', { name: 'Changes' });
    await expect(changes.getByRole('row').filter({ hasText: 'Pushed' })).toContainText(accountant.user.name);
    // a line for each of the four ledgers set, each naming the accountant
    const ledgerLines = changes.getByRole('row').filter({ hasText: 'Ledger set' });
    await expect(ledgerLines).toHaveCount(4);
    for (const line of await ledgerLines.all()) await expect(line).toContainText(accountant.user.name);
    await expect(changes.getByRole('row').filter({ hasText: 'Approved' }).first()).toContainText(
      reviewer.user.name,
    );
    await shot(page, 'office-client-changes');

    // The client's month report matches the book to the paisa, its figures computed here from the
    // rows filed (not from the report's code): opening, money out, closing; every row on the
    // accountant's ledger, none on Suspense; the push of four rows.
    const rupees = (text: string) => Math.round(Number(text.replace(/,/g, '') || '0') * 100);
    const filed = januaryRows();
    const out = filed.reduce((s, r) => s + rupees(r.Withdrawal), 0);
    const opening = rupees(filed[0].ClosingBalance) + rupees(filed[0].Withdrawal);
    const closing = rupees(filed[filed.length - 1].ClosingBalance);
    expect(opening - out).toBe(closing);
    const esc = (p: number) => fmt(p).replace(/[.,]/g, (c) => `\\${c}`);
    await page.goto(`/app/clients/${assigned.id}/report`);
    await page.getByLabel('Month', { exact: true }).fill('2026-01');
    await expect(page.getByRole('table', { name: 'Accounts' }).locator('tbody tr')).toHaveText(
      new RegExp(`${esc(opening)}\\s*0\\.00\\s*${esc(out)}\\s*${esc(closing)}\\s*4`),
    );
    await expect(page.getByRole('table', { name: 'By ledger' }).locator('tbody tr')).toHaveText([
      new RegExp(`Shop Expenses\\s*0\\.00\\s*${esc(out)}\\s*4`),
    ]);
    await expect(page.getByText('No row of the month is on Suspense.')).toBeVisible();
    // the push, not yet answered by Tally (no bridge here): listed, none of it in Tally yet
    const pushed = page.getByRole('table', { name: 'Pushed to Tally' });
    await expect(pushed).toContainText('4 row(s), 4 voucher(s), 0 in Tally');
    await expect(pushed).toContainText('No answer');
  } finally {
    await accountant.close();
    await reviewer.close();
  }
});
