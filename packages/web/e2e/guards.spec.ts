import { expect, test } from '@playwright/test';
import { createVerifiedUser, ensureAdmin, logIn, newUser, shot, signUpAndLogIn } from './support/helpers.ts';

test('a guarded route without a token lands on /login and returns there after login', async ({
  page,
  request,
}) => {
  const user = newUser('guard');
  await createVerifiedUser(request, user);

  await page.goto('/app/select');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, user);
  await expect(page).toHaveURL(/\/app\/select$/);
  await expect(page.getByRole('heading', { name: 'Bank Statement Parser' })).toBeVisible();
  await shot(page, '10-select-after-login');

  // Logout on a guarded screen goes home (not to /login).
  await page.getByRole('button', { name: user.name }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('an expired token is removed on load and the guard sends the user to /login', async ({ page }) => {
  await page.goto('/app/home');
  // header.payload.signature with exp in the past (seconds).
  const expired = `e30.${Buffer.from(JSON.stringify({ name: 'Old', role: 'user', exp: 1_000_000_000 })).toString('base64url')}.x`;
  await page.evaluate((t) => localStorage.setItem('access_token', t), expired);
  await page.goto('/app/pay');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('a non-admin sees the 403 page on /app/selectbilling', async ({ page, request }) => {
  await signUpAndLogIn(page, request, 'plain');

  await page.goto('/app/selectbilling');
  await expect(page).toHaveURL(/\/app\/unauthorized$/);
  await expect(page.getByRole('heading', { name: '403 - Unauthorized' })).toBeVisible();
  await expect(page.getByText('Sorry, you don’t have permission to access this page.')).toBeVisible();
  await shot(page, '11-unauthorized');
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
});

test('an admin (BAHI_ADMIN_EMAILS) opens /app/selectbilling', async ({ page, request }) => {
  const admin = await ensureAdmin(request);
  await page.goto('/login');
  await logIn(page, admin);
  await expect(page).toHaveURL(/\/app\/home$/);
  await page.goto('/app/selectbilling');
  await expect(
    page.getByRole('heading', { name: 'Convert XLSX Billing Statement into Tally XML or Excel' }),
  ).toBeVisible();
});
