import { expect, test } from '@playwright/test';
import { shot, signUpAndLogIn } from './support/helpers.ts';

test('profile, history and manage account work against the server', async ({ page, request }) => {
  const user = await signUpAndLogIn(page, request, 'acct');

  // Profile: the new name reaches the header through the fresh token.
  await page.getByRole('button', { name: user.name }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/app\/profile$/);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(user.email);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Renamed Tester');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renamed Tester' })).toBeVisible();
  await shot(page, '12-profile');

  // History: the signup grant of BAHI_SIGNUP_PAGES=10 is listed.
  await page.goto('/app/history');
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '+10' })).toBeVisible();
  await shot(page, '13-history');

  // Manage Account: download my data, then sign out everywhere.
  await page.goto('/app/account');
  await shot(page, '14-account');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.json$/);
  await page.getByRole('button', { name: 'Sign out of every device' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('delete account asks for confirmation and then removes the account', async ({ page, request }) => {
  const user = await signUpAndLogIn(page, request, 'delete');
  await page.goto('/app/account');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await shot(page, '15-delete-confirm');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  const login = await request.post('/api/auth/sign/token', {
    form: { username: user.email, password: user.password },
  });
  expect(login.status()).toBe(401);
});
