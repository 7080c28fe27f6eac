import { expect, test } from '@playwright/test';
import {
  drawnRows,
  drawStatement,
  FIRST_ROW_Y,
  KNOWN_COLUMNS,
} from '../../server/test/helpers/draw-statement.ts';
import { shot, signUpAndLogIn } from './support/helpers.ts';

// Issue 34, "a taught layout is used where it does worse": a layout taught on one statement fits
// another that Bahi's own reader reads and balances. The built-in read is shown, the screen says
// which read it is and why, and a switch shows the taught layout's read (and back).

test('a taught layout that balances worse than the built-in read is not used, and can be switched to', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signUpAndLogIn(page, request, 'taught');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { authorization: `Bearer ${token}` };
  const file = {
    name: 'meera-jan.pdf',
    mimeType: 'application/pdf',
    buffer: await drawStatement({ rows: drawnRows(12) }),
  };

  // A layout taught badly (Withdrawal and Deposit swapped): it reads the rows, the balances break.
  const swap = { debit: 'credit', credit: 'debit' } as Record<string, string>;
  const layout = {
    page: 1,
    top: FIRST_ROW_Y + 3,
    columns: KNOWN_COLUMNS.map((c) => ({ role: swap[c.role] ?? c.role, x0: c.x0, x1: c.x1 })),
  };
  const taught = await request.post('/api/hdfc/read-with-layout', {
    headers,
    multipart: { file, layout: JSON.stringify(layout) },
  });
  expect(taught.status(), await taught.text()).toBe(200);
  const { layout_signature: signature } = (await taught.json()) as { layout_signature: unknown };
  const saved = await request.post('/api/layouts', {
    headers,
    data: { name: 'Swapped columns', bank: 'HDFC', layout, signature },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // The same shape read again from the selection screen: Bahi's own read is shown.
  await page.goto('/app/select');
  await page.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
  await page.locator('#statement-file').setInputFiles(file);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const chosenUrl = page.url();
  const which = page.getByLabel('Which read');
  await expect(which).toContainText("Read with Bahi's own reader because Bahi's own read balances (12 rows)");
  await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();
  await expect(page.getByText('Showing 12 of 12 transactions')).toBeVisible();
  await shot(page, '34-builtin-read-shown');

  // The switch: the taught layout's read, said to be the one not chosen; and back.
  await which
    .getByRole('link', {
      name: /^Show the read with the layout you taught \(Swapped columns\) \(12 rows, \d+ balance break\(s\)\)$/,
    })
    .click();
  await expect(page).not.toHaveURL(chosenUrl);
  await expect(page.getByLabel('Which read')).toContainText(
    'Read with the layout you taught (Swapped columns): not the read Bahi chose',
  );
  await expect(page.getByLabel('Balance proof').getByText('Does not balance')).toBeVisible();
  await page
    .getByLabel('Which read')
    .getByRole('link', { name: /^Show the read Bahi chose/ })
    .click();
  await expect(page).toHaveURL(chosenUrl);
  await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();
});
