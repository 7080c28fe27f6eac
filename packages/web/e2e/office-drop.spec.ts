import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { shot, signUpAndLogIn } from './support/helpers.ts';

// Issue 13, queue part: several statements dropped at once (one protected, one not a statement) on
// the inbox; each file gets its own live row, the protected one asks for its password once, every
// statement ends "Read" without a reload, and leaving the page loses nothing.

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const file = (rel: string, mimeType = 'application/pdf') => ({
  name: path.basename(rel),
  mimeType,
  buffer: readFileSync(path.join(CORPUS, rel)),
});

test('a drop of several files: live progress to "Read", the password asked once, nothing lost on leaving', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await signUpAndLogIn(page, request, 'drop');

  // The inbox, from the user menu.
  await page.getByRole('button', { name: user.name }).click();
  await page.getByRole('menuitem', { name: 'Inbox' }).click();
  await expect(page).toHaveURL(/\/app\/inbox$/);
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await expect(page.getByText('No statements dropped yet.')).toBeVisible();

  await page
    .getByTestId('drop-input')
    .setInputFiles([
      file('HDFC/HDFC_short.pdf'),
      file('ICICI/ICICI_short.pdf'),
      file('HDFC/HDFC_protected.pdf'),
      file('bad/not_a_pdf.pdf'),
    ]);
  await expect(page.getByText('4 files received.', { exact: false })).toBeVisible();

  const table = page.getByTestId('jobs-table');
  const row = (name: string) => table.locator(`tr[data-file="${name}"]`);
  // Every file has its row at once; the screen follows them without a reload.
  for (const name of ['HDFC_short.pdf', 'ICICI_short.pdf', 'HDFC_protected.pdf', 'not_a_pdf.pdf'])
    await expect(row(name)).toBeVisible();
  await expect(row('HDFC_short.pdf')).toHaveAttribute('data-state', 'read', { timeout: 90_000 });
  await expect(row('ICICI_short.pdf')).toHaveAttribute('data-state', 'read', { timeout: 90_000 });
  await expect(row('HDFC_short.pdf')).toContainText('Balances reconcile');
  await expect(row('HDFC_protected.pdf')).toHaveAttribute('data-state', 'needs_password', {
    timeout: 90_000,
  });
  await expect(row('not_a_pdf.pdf')).toHaveAttribute('data-state', 'failed');
  await expect(row('not_a_pdf.pdf')).toContainText(/not a PDF|not supported/);

  // Leaving the page and coming back loses nothing.
  await page.goto('/app/home');
  await page.goto('/app/inbox');
  await expect(row('HDFC_short.pdf')).toHaveAttribute('data-state', 'read');

  // One password panel for the waiting file; typed once.
  const panel = page.getByTestId('jobs-password');
  await expect(panel).toContainText('1 file needs a password');
  await shot(page, 'office-drop-password');
  await panel.getByLabel('Statement password').fill('122659308');
  await panel.getByRole('button', { name: 'Open the files' }).click();
  await expect(page.getByTestId('jobs-password-said')).toHaveText('The password opened the file.', {
    timeout: 60_000,
  });
  await expect(row('HDFC_protected.pdf')).toHaveAttribute('data-state', 'read');
  // The panel is gone with the last waiting file, and with it the password.
  await expect(page.getByTestId('jobs-password')).toHaveCount(0);

  // A read statement opens on the result screen.
  await row('HDFC_short.pdf').getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/);
  await shot(page, 'office-drop-open');
});
