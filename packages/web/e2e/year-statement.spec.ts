import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { ensureAdmin, logIn, shot } from './support/helpers.ts';
import { yearRows, yearStatementXlsx } from './support/year-statement.ts';

// Issue 19: a year of a busy current account, 20,000 rows, generated here as HDFC's XLSX export.
// It is uploaded, opens from the server, is filtered, a ledger goes to the filtered rows, the page
// reloads and everything is as it was (filter in the address, ledgers on the server); the whole set
// downloads as Excel and Tally XML. Timings are measured in the page and written to
// test-results/year-statement.json: they are reported, not asserted (a shared machine is noisy).
// BAHI_E2E_TRACE=1 also records Chromium's trace of the scroll, the filter and the apply and prints
// where the main thread's time went (script, style, layout, paint, GC), to find what to make faster.

/** 20,000 (issue 19); BAHI_E2E_YEAR_ROWS runs the same journey smaller (a quick check of the flow). */
const ROWS = Number(process.env.BAHI_E2E_YEAR_ROWS) || 20_000;
const KEYWORD = 'payee05';
const LEDGER = 'Rent - Payee 05';

/** The run's admin: no new sign-up (the suite stays within 20 an hour); buys pages when short. */
async function signInWithPages(page: Page, request: Parameters<typeof ensureAdmin>[0], need: number) {
  const admin = await ensureAdmin(request);
  await page.goto('/login');
  await logIn(page, admin);
  await expect(page).toHaveURL(/\/app\/home$/);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const left = await request.get('/api/auth/check/pages', { headers: { authorization: `Bearer ${token}` } });
  if (((await left.json()) as { page_left: number }).page_left >= need) return;
  await page.goto('/app/pay');
  await page.getByRole('radio', { name: 'Basic Plan' }).click();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/app\/pay\/test-checkout\?order_id=order_test_/);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
}

/**
 * Runs `step` under Chromium's tracing when BAHI_E2E_TRACE is set: the trace goes to
 * test-results/year-<name>.trace.json (and its JavaScript profile, .cpuprofile) and the main thread's busiest kinds of work are printed.
 */
async function traced<T>(page: Page, name: string, step: () => Promise<T>): Promise<T> {
  if (!process.env.BAHI_E2E_TRACE) return step();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'blink.user_timing',
      ],
    },
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await step();
  const { profile } = await cdp.send('Profiler.stop');
  const events = await stopTracing(cdp);
  const out = path.resolve(import.meta.dirname, '../test-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, `year-${name}.trace.json`), JSON.stringify({ traceEvents: events }));
  writeFileSync(path.join(out, `year-${name}.cpuprofile`), JSON.stringify(profile));
  console.log(`year-statement ${name}: main thread ms by kind`, JSON.stringify(mainThreadSelfTimes(events)));
  await cdp.detach();
  return result;
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: any;
};

async function stopTracing(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (e: { stream?: string }) => resolve(e.stream!)),
  );
  await cdp.send('Tracing.end');
  const handle = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/** Self time (ms) of each kind of complete event on the renderer's main thread, largest first. */
function mainThreadSelfTimes(events: TraceEvent[]): Record<string, number> {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const spans = events
    .filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; name: string }[] = [];
  for (const e of spans) {
    while (stack.length && stack[stack.length - 1]!.end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
    stack.push({ end: e.ts + e.dur!, name: e.name });
  }
  return Object.fromEntries(
    [...self]
      .map(([k, us]) => [k, Math.round(us / 100) / 10] as const)
      .filter(([, ms]) => ms >= 0.5)
      .sort((a, b) => b[1] - a[1]),
  );
}

/** Types into an input the way React sees it and answers the ms until `done()` holds in the DOM. */
function typeAndTime(page: Page, label: string, value: string, done: string) {
  return page.evaluate(
    ([label, value, done]) => {
      const input = document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
      if (!input) throw new Error(`no input ${label}`);
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const t0 = performance.now();
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // React renders a typed character synchronously; the next frame is when it is painted.
      return new Promise<number>((resolve, reject) => {
        const check = () => {
          if (document.body.innerText.includes(done)) resolve(performance.now() - t0);
          else if (performance.now() - t0 > 10_000) reject(new Error(`never: ${done}`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    },
    [label, value, done] as const,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

test('20,000 rows: open, filter, a ledger to the filtered rows, reload, everything as it was; whole-set downloads', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const times: Record<string, number> = {};
  const { rows } = yearRows(ROWS);
  const matching = rows.filter((r) => r.narration.toLowerCase().includes(KEYWORD)).length;
  expect(matching).toBeGreaterThan(50);

  await signInWithPages(page, request, Math.ceil(ROWS / 50));
  // Reading the workbook is the reader's work (not measured here); on a loaded machine it can pass
  // the reader's time limit, and the app then says to try again: so does the test, once.
  const file = {
    name: 'year.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(yearStatementXlsx(ROWS)),
  };
  for (let attempt = 1; ; attempt++) {
    await page.goto('/app/select');
    await page.getByRole('combobox', { name: 'Bank' }).selectOption('HDFC');
    await page.locator('#statement-file').setInputFiles(file);
    const answered = page.waitForResponse((r) => r.url().includes('/extract-statement'), {
      timeout: 240_000,
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    const answer = await answered;
    const body = await answer.text().catch(() => '');
    if (answer.status() === 422 && body.includes('"TIMEOUT"') && attempt < 2) {
      await page.waitForTimeout(20_000);
      continue;
    }
    expect(answer.status(), body).toBe(200);
    break;
  }
  const atAnswer = Date.now();
  await expect(page).toHaveURL(/\/app\/bank\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const all = `Showing ${ROWS} of ${ROWS} transactions`;
  await expect(page.getByText(all)).toBeVisible({ timeout: 30_000 });
  times.answerToTableMs = Date.now() - atAnswer;
  times.loadFetchMs = Number(await page.getByLabel('Save status').getAttribute('data-load-ms'));
  await expect(page.locator('tr[data-row="0"]')).toBeVisible();
  await expect(page.getByLabel('Balance proof').getByText('Balanced', { exact: true })).toBeVisible();
  // Which build of the screen was measured (several sessions may build the app on one machine).
  const bundle = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name.split('/').pop())
      .find((name) => name?.startsWith('BankPage-')),
  );
  console.log('year-statement screen bundle', bundle);

  // Scrolling: frames painted while the table scrolls 10 rows a frame, three runs of a second; the
  // median run's frames a second and its slowest frames (95th percentile of the gaps, in ms).
  const scrolls: { fps: number; p95FrameMs: number }[] = [];
  for (let run = 0; run < 3; run++)
    scrolls.push(
      await traced(page, `scroll-${run}`, () =>
        page.evaluate(async () => {
          const box = document.querySelector<HTMLElement>('[role="region"][aria-label="Transactions"]')!;
          const gaps: number[] = [];
          const t0 = performance.now();
          let last = t0;
          await new Promise<void>((resolve) => {
            const step = (now: number) => {
              gaps.push(now - last);
              last = now;
              box.scrollTop += 400;
              if (now - t0 < 1000) requestAnimationFrame(step);
              else resolve();
            };
            requestAnimationFrame(step);
          });
          gaps.sort((a, b) => a - b);
          return {
            fps: Math.round((gaps.length * 1000) / (performance.now() - t0)),
            p95FrameMs: Math.round(gaps[Math.floor(gaps.length * 0.95)]!),
          };
        }),
      ),
    );
  scrolls.sort((a, b) => a.fps - b.fps);
  times.scrollFps = scrolls[1]!.fps;
  times.scrollP95FrameMs = scrolls[1]!.p95FrameMs;
  console.log('year-statement scroll runs', JSON.stringify(scrolls));

  // Filter: one keyword over 20,000 narrations, three times (cleared between: all rows again).
  const filters: number[] = [];
  const clears: number[] = [];
  for (let run = 0; run < 3; run++) {
    if (run > 0) clears.push(await typeAndTime(page, 'Keyword 1', '', all));
    filters.push(
      await traced(page, `filter-${run}`, () =>
        typeAndTime(page, 'Keyword 1', KEYWORD, `Showing ${matching} of ${ROWS} transactions`),
      ),
    );
  }
  times.filterMs = median(filters);
  times.clearFilterMs = median(clears);
  console.log('year-statement filter runs', JSON.stringify({ filters, clears }));
  await expect(page).toHaveURL(new RegExp(`[?&]k=${KEYWORD}`));

  // Apply Ledger to Filtered: every shown row gets it, in one save.
  await page.getByLabel('Ledger for the rows shown').fill(LEDGER);
  times.applyMs = await traced(page, 'apply', () =>
    page.evaluate(async (done) => {
      const button = [...document.querySelectorAll('button')].find((b) =>
        b.textContent?.includes('Apply Ledger to Filtered'),
      )!;
      const t0 = performance.now();
      button.click();
      return new Promise<number>((resolve) => {
        const check = () =>
          document.body.innerText.includes(done)
            ? resolve(performance.now() - t0)
            : requestAnimationFrame(check);
        requestAnimationFrame(check);
      });
    }, `${matching} empty ledger names filled.`),
  );
  console.log('year-statement apply ms', times.applyMs);
  await expect(page.getByRole('textbox', { name: 'Ledger Name, row', exact: false }).first()).toHaveValue(
    LEDGER,
  );
  await expect(page.getByLabel('Save status')).toHaveText('All changes saved', { timeout: 30_000 });
  await shot(page, 'year-01-filtered');

  // Reload: the same statement, the same filter, the ledgers from the server.
  const atReload = Date.now();
  await page.reload();
  await expect(page.getByText(`Showing ${matching} of ${ROWS} transactions`)).toBeVisible({
    timeout: 30_000,
  });
  times.reloadToTableMs = Date.now() - atReload;
  await expect(page.getByLabel('Keyword 1')).toHaveValue(KEYWORD);
  const ledgerInputs = page.getByRole('textbox', { name: 'Ledger Name, row', exact: false });
  await expect(ledgerInputs.first()).toHaveValue(LEDGER);
  // ... and every other row is as it was: no ledger
  await page.getByLabel('Keyword 1').fill('');
  await expect(page.getByText(all)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Ledger Name, row 2', exact: true })).toHaveValue('');

  // On the server, exactly the filtered rows carry it.
  const id = /\/app\/bank\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const stored = (await (
    await request.get(`/api/statements/${id}/rows`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { rows: string[][]; ledgers: string[] };
  expect(stored.rows.length).toBe(ROWS);
  expect(stored.ledgers.filter((l) => l === LEDGER).length).toBe(matching);
  stored.rows.forEach((r, i) => {
    if (stored.ledgers[i] === LEDGER) expect(r[1]!.toLowerCase()).toContain(KEYWORD);
  });
  // Nothing of the statement in the browser's storage.
  const kept = await page.evaluate(() =>
    [...Object.keys(sessionStorage), ...Object.keys(localStorage)].filter((k) =>
      /PAYEE|POS 4591/i.test(sessionStorage.getItem(k) ?? localStorage.getItem(k) ?? ''),
    ),
  );
  expect(kept).toEqual([]);

  // The whole set downloads: Excel built in the page, Tally XML from the server.
  let at = Date.now();
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const xlsxFile = await (await xlsx).path();
  times.xlsxMs = Date.now() - at;
  const { statSync } = await import('node:fs');
  expect(statSync(xlsxFile).size).toBeGreaterThan(ROWS * 50);
  await page.getByRole('textbox', { name: 'Local IP of the Tally connector' }).fill('127.0.0.1');
  at = Date.now();
  const xml = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Download XML' }).click();
  // What the file will do, said first (issue 31): the new ledger's group is chosen.
  const plan = page.getByRole('dialog', { name: 'Before Download XML' });
  await plan.getByRole('combobox', { name: `Group of ${LEDGER}` }).click({ timeout: 120_000 });
  await page.getByRole('option', { name: 'Indirect Expenses' }).click();
  await plan.getByRole('button', { name: 'Download XML' }).click();
  const xmlFile = await (await xml).path();
  times.xmlMs = Date.now() - at;
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(xmlFile, 'utf8');
  expect(text.split('<VOUCHER ').length - 1).toBe(ROWS);
  expect(text.split(`<LEDGERNAME>${LEDGER}</LEDGERNAME>`).length - 1).toBeGreaterThanOrEqual(matching);

  const out = path.resolve(import.meta.dirname, '../test-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'year-statement.json'), JSON.stringify(times, null, 2));
  console.log('year-statement timings', JSON.stringify(times));
});
