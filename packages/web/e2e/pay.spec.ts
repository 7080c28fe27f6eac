import { expect, test } from '@playwright/test';
import { shot, signUpAndLogIn } from './support/helpers.ts';

// The embedded default has no payment keys, so checkout runs in TEST MODE: the server signs the
// payment as Razorpay would and verify_payment checks it exactly as in live mode.

test('buying the Basic plan in test mode adds 2,500 pages to the 10 signup pages', async ({
  page,
  request,
}) => {
  const user = await signUpAndLogIn(page, request, 'buyer');

  await page.getByRole('button', { name: user.name }).click();
  await page.getByRole('menuitem', { name: 'My Plan' }).click();
  await expect(page).toHaveURL(/\/app\/pay$/);
  await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page.getByText('Pages Left: 10', { exact: true })).toBeVisible();
  const free = page.getByRole('radio', { name: 'Free Trial' });
  const basic = page.getByRole('radio', { name: 'Basic Plan' });
  await expect(free).toHaveAttribute('aria-checked', 'true');
  await expect(free.getByText('Selected')).toBeVisible();
  await expect(basic.getByText('Save 15%!')).toBeVisible();
  await basic.click();
  await expect(basic).toHaveAttribute('aria-checked', 'true');
  await expect(free).toHaveAttribute('aria-checked', 'false');
  await shot(page, '40-plans');

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/app\/pay\/test-checkout\?order_id=order_test_/);
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  await expect(page.getByText('Basic Plan')).toBeVisible();
  await shot(page, '41-test-checkout');
  await page.getByRole('button', { name: 'Pay ₹1,190.00 (test)' }).click();

  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByText('✅ Payment successful')).toBeVisible();
  const pages = await request.get('/api/auth/check/pages', {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}` },
  });
  expect((await pages.json()).page_left).toBe(2510);

  await page.getByRole('button', { name: user.name }).click();
  await page.getByRole('menuitem', { name: 'My Plan' }).click();
  await expect(page.getByText('Pages Left: 2,510', { exact: true })).toBeVisible();
  await shot(page, '42-plans-after-purchase');

  await page.goto('/app/history');
  await expect(page.getByRole('cell', { name: /^Basic Plan · order_test_/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: '+2,500' })).toBeVisible();
});

test('a failed test payment says so and credits nothing', async ({ page, request }) => {
  await signUpAndLogIn(page, request, 'nopay');
  await page.goto('/app/pay');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/app\/pay\/test-checkout/);
  await page.getByRole('button', { name: 'Fail payment' }).click();
  await expect(page.getByText('❌ Payment failed')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/pay$/);
  await expect(page.getByText('Pages Left: 10', { exact: true })).toBeVisible();
});
