import { expect, test } from '@playwright/test';
import { startBridge, startTallyEmulator } from '@bahi/tally';
import { collectAlerts, shot, signUpAndLogIn, useBridge } from './support/helpers.ts';

// Issue 31, in the browser: a push whose bridge was stopped is listed on History as not in Tally,
// with its vouchers and the answer of their part; Send again (the bridge running now) reads what
// Tally holds, sends the rest, and the list shows every voucher in Tally; Tally holds each once.

const COMPANY = 'Again Traders';
const LEDGER = 'SBI Current A/c';

/** 30 rows of one month with running balances. */
const rows = Array.from({ length: 30 }, (_, i) => {
  const out = i % 3 !== 0;
  const paise = 10_000 + i * 1_111;
  return {
    Date: `${String(i + 1).padStart(2, '0')}-04-2025`,
    Description: `${out ? 'NEFT/OUT' : 'NEFT/IN'}/PARTY ${i}`,
    Withdrawal: out ? (paise / 100).toFixed(2) : '',
    Deposit: out ? '' : (paise / 100).toFixed(2),
    ClosingBalance: '',
  };
});

test('a push with the bridge stopped is listed, sent again from History, and then all in Tally', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const tally = await startTallyEmulator({ port: 0, companies: [COMPANY] });
  const bridge = await startBridge({ port: 0, origins: [String(baseURL)], tallyPort: tally.port });
  try {
    await useBridge(page, bridge.url);
    await collectAlerts(page);
    await signUpAndLogIn(page, request, 'pushes');
    const token = String(await page.evaluate(() => localStorage.getItem('access_token')));
    const auth = { authorization: `Bearer ${token}` };
    // Send to Tally kept the push; the bridge could not reach Tally and said so.
    const sent = await request.post('/api/tally/send-to-tally?xml=none', {
      headers: auth,
      data: { transactions: rows, ledger_name: LEDGER, company_name: COMPANY },
    });
    expect(sent.status()).toBe(200);
    const { xml_id: id, vouchers } = (await sent.json()) as { xml_id: string; vouchers: number };
    const reported = await request.post(`/api/tally/exports/${id}/response?part=0`, {
      headers: auth,
      data: { ok: false, status: 'error', detail: 'Could not talk to Tally.' },
    });
    expect(reported.status()).toBe(200);

    await page.goto('/app/history');
    const pushes = page.getByLabel('Pushes to Tally', { exact: true });
    await expect(pushes).toContainText('Not in Tally');
    await expect(pushes).toContainText(`${COMPANY} · ${LEDGER}`);
    await expect(pushes).toContainText('Could not talk to Tally.');
    await pushes.getByRole('button', { name: 'Vouchers' }).click();
    const list = page.getByLabel('Vouchers of the push');
    await expect(list).toContainText(`${vouchers} voucher(s).`);
    await expect(list.getByRole('row')).toHaveCount(vouchers + 1);
    await expect(list).toContainText('Not taken');
    await shot(page, 'history-pushes-not-in-tally');

    await pushes.getByRole('button', { name: `Send again (${vouchers})` }).click();
    const said = page.getByRole('status', { name: 'Send again messages' });
    await expect(said).toContainText(`All ${vouchers} vouchers are in Tally`, { timeout: 20_000 });
    await expect(pushes.getByText('All in Tally')).toHaveCount(2);
    await expect(pushes.getByRole('button', { name: /Send again/ })).toHaveCount(0);
    await shot(page, 'history-pushes-sent-again');
    const books = tally.emulator.imported().companies[0];
    expect(books.vouchers).toHaveLength(vouchers);
    expect(new Set(books.vouchers.map((v) => v.remoteId)).size).toBe(vouchers);
  } finally {
    await bridge.close();
    await tally.close();
  }
});
