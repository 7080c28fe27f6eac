import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  addRateRule,
  collectAlerts,
  createVerifiedUser,
  newUser,
  shot,
  type User,
} from './support/helpers.ts';

// The specification's open screens (issue 14): /app/rules and the five bank parser screens show a
// visitor every control; an action that needs an account asks them to sign in, in a dialog over the
// screen, and then goes on with what they chose: the rules they built, the file they picked.

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');

async function signInInDialog(page: Page, user: User) {
  const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a visitor sees the open screens whole and signs in to go on with what they chose', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = newUser('visitor');
  await createVerifiedUser(request, user);
  const alerts = await collectAlerts(page);

  // Every parser screen: the file chooser, the password box, Upload & Parse disabled until a file.
  for (const [route, title] of [
    ['hdfc', /HDFC/],
    ['sbi', 'SBI Bank Statement Parser'],
    ['union', 'Union Bank Statement Parser'],
    ['bob', 'Bank of Baroda Statement Parser'],
    ['pnb', 'PNB Bank Statement Parser'],
  ] as const) {
    await page.goto(`/app/${route}`);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.locator(`#${route}-file`)).toBeAttached();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload & Parse' })).toBeDisabled();
    await expect(page).toHaveURL(new RegExp(`/app/${route}$`));
  }

  // The rules screen: the whole form, a rule built, Save asks to sign in and then saves it.
  await page.goto('/app/rules');
  await expect(page.getByRole('heading', { name: 'Chunking Rules Manager' })).toBeVisible();
  for (const label of ['Rule Set', 'New Rule Set Name', 'Type', 'Min', 'Max', 'Chunk Min', 'Chunk Max'])
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  const name = `visitor-${Date.now() % 100000}`;
  await page.getByLabel('New Rule Set Name').fill(name);
  await page.getByRole('button', { name: 'Add Set' }).click();
  await addRateRule(page, ['0', '5000', '1', '3']);
  await expect(page.getByRole('table', { name: 'RATE rules' })).toContainText('5000');
  await shot(page, 'open-01-rules-visitor');
  await page.getByRole('button', { name: 'Save All Rules' }).click();
  await signInInDialog(page, user);
  await expect.poll(() => alerts).toEqual(['Rules saved!']);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const saved = await request.get(`/api/rules/chunking-rules/get/${name}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(await saved.json()).toEqual({
    rules: { RATE: [{ min: 0, max: 5000, chunk_min: 1, chunk_max: 3 }] },
  });

  // Signed out again: the HDFC screen, a file chosen, Upload & Parse, sign in, and the same file is read.
  await page.evaluate(() => localStorage.removeItem('access_token'));
  await page.goto('/app/hdfc');
  await page.locator('#hdfc-file').setInputFiles(path.join(CORPUS, 'HDFC/HDFC_short.pdf'));
  const parse = page.getByRole('button', { name: 'Upload & Parse' });
  await expect(parse).toBeEnabled();
  await parse.click();
  await shot(page, 'open-02-hdfc-sign-in');
  await signInInDialog(page, user);
  const short = JSON.parse(readFileSync(path.join(CORPUS, 'HDFC/HDFC_short.truth.json'), 'utf8'));
  await expect(page.getByLabel('Statement Info')).toContainText(short.account.number, { timeout: 30_000 });
  await shot(page, 'open-03-hdfc-read-after-sign-in');
  expect(alerts).toEqual(['Rules saved!']);
});
