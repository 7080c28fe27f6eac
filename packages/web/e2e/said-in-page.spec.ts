import { expect, test } from '@playwright/test';
import { collectAlerts, shot, signUpAndLogIn } from './support/helpers.ts';

// Issue 34, errors: what a screen has to say is said in the page (a Mantine alert or toast, with
// the next step), never in a native window.alert/confirm box; the specification's words stay. A
// damaged PDF says it is damaged.

test('a damaged PDF says so in the page, with the next step, and no browser box', async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, 'damaged');
  const said = await collectAlerts(page);
  await page.goto('/app/select');
  await page.locator('#statement-file').setInputFiles({
    name: 'statement.pdf',
    mimeType: 'application/pdf',
    // a PDF's first line, then a cut: no cross-reference table, no pages
    buffer: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Ty'),
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  const problem = page.getByRole('alert').filter({ hasText: 'damaged' });
  await expect(problem).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Failed to check password requirement.')).toHaveCount(0);
  await expect.poll(() => said.some((s) => /damaged/.test(s))).toBe(true);
  expect(said.filter((s) => s.startsWith('native'))).toEqual([]);
  await shot(page, 'said-01-damaged-pdf');

  // a file of another kind (a text or CSV file is taken with no bank chosen: decision 056): the
  // specification's words, in the page, with what to do
  await page.locator('#statement-file').setInputFiles({
    name: 'notes.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: Buffer.from('not a statement'),
  });
  const wrongKind = page.getByRole('alert').filter({ hasText: 'Choose the statement as downloaded' });
  await expect(wrongKind).toBeVisible();
  expect(said.filter((s) => s.startsWith('native'))).toEqual([]);
});

test('the rules screen says "Select a Rule Set" and "Rules saved!" in the page', async ({
  page,
  request,
}) => {
  await signUpAndLogIn(page, request, 'said-rules');
  const said = await collectAlerts(page);
  await page.goto('/app/rules');
  await page.getByRole('button', { name: 'Save All Rules' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Select a Rule Set' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('type a New Rule Set Name and press Add Set');
  await page.getByRole('button', { name: 'Add Set' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a rule set name' })).toBeVisible();
  await page.getByLabel('New Rule Set Name').fill(`said-${Date.now() % 100000}`);
  await page.getByRole('button', { name: 'Add Set' }).click();
  await page.getByRole('button', { name: 'Save All Rules' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Rules saved!' })).toBeVisible();
  expect(said).toEqual(['Select a Rule Set', 'Enter a rule set name', 'Rules saved!']);
});
