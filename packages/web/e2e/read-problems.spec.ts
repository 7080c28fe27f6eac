import { expect, test, type Page } from '@playwright/test';
import { formatIndian, rupeesToPaise } from '@bahi/core';
import {
  drawnRows,
  drawStatement,
  FIRST_ROW_Y,
  UNKNOWN_COLUMNS,
} from '../../server/test/helpers/draw-statement.ts';
import { collectAlerts, shot, signInAsAdminOrNew } from './support/helpers.ts';

// Issue 17, no dead end: a statement that is not read perfectly says why, shows what was read with
// the break marked, is fixed in place (kept over a reload), and a table the reader cannot place is
// taught once on the page, after which the next statement of that shape is read without help.

const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });

async function upload(page: Page, file: ReturnType<typeof pdf>) {
  await page.goto('/app/select');
  await page.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
  await page.locator('#statement-file').setInputFiles(file);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('rows that do not reconcile: the reason, the break marked, exports blocked, fixed in place and kept over a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAsAdminOrNew(page, request, 'fixer');
  const alerts = await collectAlerts(page);
  const rows = drawnRows(12);
  // row 6 (index 5) is a deposit printed 100.00 too high: the chain breaks there
  await upload(page, pdf('misprint.pdf', await drawStatement({ rows, misprint: { row: 5, by: 100 } })));
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  expect(alerts).toEqual([]);

  const why = page.getByRole('region', { name: 'Why' });
  await expect(why).toContainText('The rows do not reconcile from row 6 on (difference -₹100.00).');
  await expect(why).toContainText('Next step: Look at the highlighted row');
  await expect(page.getByLabel('Balance proof').getByText('Does not balance')).toBeVisible();
  const first = page.locator('tr[data-break="first"]');
  await expect(first).toHaveAttribute('data-row', '5');
  await expect(first).toContainText('Δ -₹100.00');
  await expect(page.getByLabel('Balance chain', { exact: true })).toContainText(
    'Row 6: the balance chain breaks here',
  );
  // exports stay blocked, with the reason
  await expect(page.getByRole('button', { name: 'Download XML' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send to Tally' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expect(page.getByLabel('Export blocked')).toContainText('do not reconcile from row 6 on');
  await shot(page, 'read-01-break');

  // fix in place: add a line and delete it again, then correct the deposit; the chain re-checks
  await page.getByRole('button', { name: 'Fix rows' }).click();
  await expect(page.getByText('Showing 12 of 12 transactions')).toBeVisible();
  await page.getByRole('button', { name: 'Add a row after row 6' }).click();
  await expect(page.getByText('Showing 13 of 13 transactions')).toBeVisible();
  await page.getByRole('button', { name: 'Delete row 7' }).click();
  await expect(page.getByText('Showing 12 of 12 transactions')).toBeVisible();
  const deposit = page.getByRole('textbox', { name: 'Deposit, row 6' });
  await expect(deposit).toHaveValue(formatIndian(rupeesToPaise(rows[5]!.deposit + 100)));
  await deposit.fill(String(rows[5]!.deposit));
  await expect(page.getByLabel('Balance chain', { exact: true })).toContainText('The rows reconcile now');
  await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download XML' })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Why' })).toHaveCount(0);
  await shot(page, 'read-02-fixed');

  // nothing typed is lost on a reload (once on the server: the screen says so)
  await expect(page.getByLabel('Save status')).toHaveText('All changes saved');
  await page.reload();
  await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download XML' })).toBeEnabled();
  // the deposit as typed
  await expect(page.locator('tr[data-row="5"]')).toContainText(`SHOP5${rows[5]!.deposit}49,525.00`);

  // a break can also be accepted as it is: a second, unfixed upload
  await upload(page, pdf('misprint2.pdf', await drawStatement({ rows, misprint: { row: 2, by: 50 } })));
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Why' })).toContainText('from row 3 on');
  await expect(page.getByRole('button', { name: 'Download XML' })).toBeDisabled();
  await page.getByRole('button', { name: 'Accept the difference and export anyway' }).click();
  await expect(page.getByRole('button', { name: 'Download XML' })).toBeEnabled();
  await expect(page.getByLabel('Save status')).toHaveText('All changes saved');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Download XML' })).toBeEnabled();
});

test('a table the reader cannot place: the reason, teach the layout on the page, then the next statement is read without help', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAsAdminOrNew(page, request, 'teacher');
  const alerts = await collectAlerts(page);

  await upload(
    page,
    pdf('zorp-jan.pdf', await drawStatement({ rows: drawnRows(12), unknownHeadings: true })),
  );
  await expect.poll(() => alerts).toContain('Failed to extract statement.');
  const why = page.getByRole('region', { name: 'Why' });
  await expect(why).toContainText('No transaction table was found');
  await expect(why).toContainText('Next step: Mark the table once on the page preview');
  await shot(page, 'read-03-no-table');
  await page.getByRole('button', { name: 'Teach Bahi this layout' }).click();
  await expect(page).toHaveURL(/\/app\/teach$/);

  const board = page.getByRole('application', { name: 'Mark the table' });
  await expect(board).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Read with this layout' })).toBeDisabled();
  const scale = Number(await board.getAttribute('data-scale'));
  const at = (x: number, y: number) => board.click({ position: { x: x * scale, y: y * scale } });
  // a boundary before each column and after the last
  const bounds = [...UNKNOWN_COLUMNS.map((c) => c.x0), UNKNOWN_COLUMNS.at(-1)!.x1];
  for (const x of bounds) await at(x, 120);
  await expect(page.getByLabel(/^Boundary \d+$/)).toHaveCount(bounds.length);
  // drag the third boundary away and back: it moves, the names stay
  // (positions measured where the boundary is now: the clicks above scrolled the board, and a drag
  // lands on the page's grid, not always on the pixel it ended at)
  const third = page.getByLabel('Boundary 3');
  await third.scrollIntoViewIfNeeded();
  const view = page.viewportSize()!;
  const centre = async () => {
    const b = (await third.boundingBox())!;
    return { x: b.x + b.width / 2, y: Math.min(Math.max(b.y, 0) + 150, view.height - 10) };
  };
  const start = await centre();
  const drag = async (to: number) => {
    const from = await centre();
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to, from.y, { steps: 4 });
    await page.mouse.up();
  };
  await drag(start.x + 20);
  expect((await centre()).x).toBeGreaterThan(start.x + 5);
  await expect(page.getByLabel(/^Boundary \d+$/)).toHaveCount(bounds.length);
  // back where they were: cleared and marked again (a second drag of the same boundary does not
  // take in this Chromium; seen at 44676d6 too)
  await page.getByRole('button', { name: 'Clear boundaries' }).click();
  await expect(page.getByLabel(/^Boundary \d+$/)).toHaveCount(0);
  for (const x of bounds) await at(x, 120);
  await expect(page.getByLabel(/^Boundary \d+$/)).toHaveCount(bounds.length);
  const names: Record<string, string> = {
    serial: 'serial',
    reference: 'reference',
    description: 'description',
    date: 'date',
    debit: 'debit',
    credit: 'credit',
    balance: 'balance',
  };
  for (const [i, c] of UNKNOWN_COLUMNS.entries())
    await page.getByRole('combobox', { name: `Column ${i + 1}` }).selectOption(names[c.role]!);
  await page.getByRole('button', { name: 'Mark first row' }).click();
  await at(200, FIRST_ROW_Y + 3);
  await expect(page.getByLabel('First row')).toBeVisible();
  await shot(page, 'read-04-marked');
  // a reload keeps the marking (the file stays in the browser, the marks in the tab's session)
  await page.reload();
  await expect(page.getByLabel(/^Boundary \d+$/)).toHaveCount(bounds.length, { timeout: 20_000 });
  await expect(page.getByLabel('First row')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Column 4' })).toHaveValue('date');

  await page.getByRole('button', { name: 'Read with this layout' }).click();
  const read = page.getByLabel('Read with your layout', { exact: true });
  await expect(read).toContainText('Read 12 rows with your layout · the balances reconcile', {
    timeout: 30_000,
  });
  await page.getByRole('textbox', { name: 'Name of this layout' }).fill('Zorp current account');
  await page.getByRole('button', { name: 'Save layout and open' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Taught layout')).toContainText('Read with the layout you taught on');
  await expect(page.getByText('Showing 12 of 12 transactions')).toBeVisible();
  await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download XML' })).toBeEnabled();

  // the next month: same shape, other rows, the table two lines lower; read without help
  const before = alerts.length;
  await upload(
    page,
    pdf(
      'zorp-feb.pdf',
      await drawStatement({ rows: drawnRows(9, 2), unknownHeadings: true, extraHeaderLines: 2 }),
    ),
  );
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  expect(alerts.length).toBe(before);
  await expect(page.getByLabel('Taught layout')).toContainText('Zorp current account');
  await expect(page.getByText('Showing 9 of 9 transactions')).toBeVisible();
  await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();
  await shot(page, 'read-05-second');

  // listed, renamed, deleted
  await page.goto('/app/layouts');
  const item = page.getByLabel('Layout Zorp current account');
  await expect(item).toContainText('zorp');
  await item.getByRole('textbox', { name: 'Name' }).fill('Zorp CA');
  await item.getByRole('button', { name: 'Rename' }).click();
  const renamed = page.getByLabel('Layout Zorp CA');
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: 'Delete', exact: true }).click();
  // asked in the row (issue 34: no window.confirm), then deleted for good
  await renamed
    .getByRole('group', { name: 'Delete the layout "Zorp CA"?' })
    .getByRole('button', { name: 'Delete for good' })
    .click();
  await expect(page.getByText('None yet.')).toBeVisible();
});
