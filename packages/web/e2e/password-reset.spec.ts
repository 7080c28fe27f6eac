import { expect, test } from '@playwright/test';
import { codeSentTo } from './support/mail.ts';
import { collectAlerts, logIn, shot, type User } from './support/helpers.ts';

test('forgot password: code from the mail, new password, sign in with it', async ({ page }) => {
  const user = JSON.parse(process.env.BAHI_E2E_SEASONED_USER!) as User & { codeSentAt: number };
  // The server sends no new code within 50 s of the last one (the signup code).
  const wait = user.codeSentAt + 51_000 - Date.now();
  test.setTimeout(60_000 + Math.max(0, wait));
  if (wait > 0) await page.waitForTimeout(wait);
  const alerts = await collectAlerts(page);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forget$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await shot(page, '08-forget');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  const code = await codeSentTo(user.email, 2); // the first mail was the signup code
  await page.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/reset$/);
  const newPassword = 'a brand new secret 7';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await shot(page, '09-reset');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => alerts).toEqual(['Password reset successfully']);

  await logIn(page, { email: user.email, password: newPassword });
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
});
