import { expect, test } from '@playwright/test';
import { codeSentTo } from './support/mail.ts';
import { collectAlerts, createVerifiedUser, logIn, newUser, shot } from './support/helpers.ts';

test('splash spells the logo, then goes home', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Bahi' })).toBeVisible();
  await shot(page, '01-splash');
  await expect(page).toHaveURL(/\/app\/home$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Welcome, User' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  const gstr = page.locator('[aria-disabled="true"]', { hasText: 'GSTR Filing' });
  await expect(gstr).toContainText('Coming Soon');
  await shot(page, '02-home-signed-out');
});

test('signup, code from the mail, verify, login, greeting by name, logout', async ({ page }) => {
  const user = newUser('journey');
  const alerts = await collectAlerts(page);

  await page.goto('/signup');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('type', 'email');
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveAttribute('type', 'tel');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(user.name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(user.phone);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await shot(page, '03-signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByText(user.email)).toBeVisible();
  const code = await codeSentTo(user.email);
  // A reload keeps the flow: the e-mail and the next step live in sessionStorage.
  await page.reload();
  await expect(page.getByText(user.email)).toBeVisible();
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await expect(page.getByLabel('Digit 4')).toHaveValue(code[3]);
  await shot(page, '04-verify');
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await shot(page, '05-login');
  await logIn(page, user);
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
  await expect(page.getByText('Choose a module to get started.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
  expect(
    JSON.parse((await page.evaluate(() => localStorage.getItem('personal_info'))) ?? '{}'),
  ).toMatchObject({
    name: user.name,
  });
  await shot(page, '06-home-signed-in');

  await page.getByRole('button', { name: user.name }).click();
  for (const item of ['Manage Account', 'Profile', 'My Plan', 'History', 'Logout']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await shot(page, '07-user-menu');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, User' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(alerts).toEqual([]);
});

test('signing up twice with one phone number says the user already exists', async ({ page, request }) => {
  const user = newUser('dup');
  await createVerifiedUser(request, user);
  const alerts = await collectAlerts(page);
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Someone Else');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`other-${user.email}`);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(user.phone);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect.poll(() => alerts).toEqual(['User already exists']);
  await expect(page).toHaveURL(/\/signup$/);
});

test('a wrong password says Login failed', async ({ page, request }) => {
  const user = newUser('wrongpw');
  await createVerifiedUser(request, user);
  const alerts = await collectAlerts(page);
  // Slow the login call down so the global overlay can be seen.
  await page.route('**/api/auth/sign/token', async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await page.goto('/login');
  await logIn(page, { email: user.email, password: 'not the password' });
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  await expect.poll(() => alerts).toEqual(['Login failed']);
  await expect(page).toHaveURL(/\/login$/);
});
