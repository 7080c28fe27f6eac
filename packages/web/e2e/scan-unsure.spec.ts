import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { collectAlerts, shot, signUpAndLogIn } from './support/helpers.ts';

// Issue 32: a row read from a scan that the reader cannot vouch for is marked on the result screen
// for the user to check against the paper. The corpus's PNB photo with its summary cut off: no
// closing balance and no totals close the statement, so nothing printed proves the scan's rows end
// where the page does, and its last row is marked (decision 041, round four), with the strip of
// the photo it was read from beside it (round six).

const PHOTO = path.resolve(import.meta.dirname, '../../../../shared/corpus/PNB/PNB_photo.png');
/** the photo's rows end above this line (1754 px tall; the summary starts at ~805) */
const TABLE_BOTTOM = 795;

async function withoutSummary(): Promise<Buffer> {
  const { createCanvas, loadImage } = createRequire(import.meta.url)(
    '@napi-rs/canvas',
  ) as typeof import('@napi-rs/canvas');
  const img = await loadImage(readFileSync(PHOTO));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, img.width, img.height);
  ctx.drawImage(img, 0, 0, img.width, TABLE_BOTTOM, 0, 0, img.width, TABLE_BOTTOM);
  return canvas.toBuffer('image/png');
}

test('a scanned row the reader cannot vouch for is marked on the result screen', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signUpAndLogIn(page, request, 'unsure');
  const alerts = await collectAlerts(page);
  await page.goto('/app/select');
  await page.getByRole('combobox', { name: 'Bank' }).selectOption('PNB');
  await page
    .locator('#statement-file')
    .setInputFiles({ name: 'pnb-photo.png', mimeType: 'image/png', buffer: await withoutSummary() });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 200_000 });
  await expect(page.getByText('Showing 13 of 13 transactions')).toBeVisible();
  const marked = page.locator('tr[data-unsure="yes"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute('data-row', '12');
  await expect(
    page.getByRole('row', { name: 'Row 13: read from the scan unsure: check it against the paper' }),
  ).toContainText('27-02-2023');
  // beside the row, the strip of the photo it was read from (issue 32, decision 041 round six):
  // a picture the browser decoded, as wide as the page preview and a row or two high
  const strip = page.getByRole('figure', { name: 'Row 13 on the scan' });
  await expect(strip).toContainText('27-02-2023');
  const img = strip.getByRole('img', { name: 'Row 13 as scanned' });
  await expect(img).toBeVisible();
  const size = await img.evaluate((el: HTMLImageElement) => ({ w: el.naturalWidth, h: el.naturalHeight }));
  expect(size.w).toBeGreaterThan(400);
  expect(size.h).toBeGreaterThan(10);
  expect(size.h).toBeLessThan(size.w / 5);
  // only the unsure row has one
  await expect(page.getByRole('img', { name: /as scanned$/ })).toHaveCount(1);
  await strip.getByRole('button', { name: 'Show row 13' }).click();
  await expect(page.locator('tr[data-row="12"]')).toBeInViewport();
  await shot(page, '32-scan-unsure');
  expect(alerts).toEqual([]);
});
