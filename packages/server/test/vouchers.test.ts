import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readImportXml, type ImportedVoucher } from '@bahi/tally';
import { rowsRejectedDetail } from '../src/routes/vouchers.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';

const URL = '/api/voucher-importer/generate-xml';

const row = (over: Record<string, unknown> = {}) => ({
  date: '2025-04-01',
  voucherType: 'Receipt',
  ledgerName: 'Cash',
  partyName: 'Asha Traders',
  description: 'Rent for April',
  netAmount: 1500.5,
  ...over,
});

describe('voucher importer API', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  let token: string;

  before(async () => {
    h = await startApp();
    token = (await makeMember(h, 0)).token;
  });
  after(async () => {
    await h?.close();
  });

  test('complete rows give vouchers.xml with one voucher per row and the legs per type', async () => {
    const rows = [
      row(),
      row({ voucherType: 'Payment', netAmount: '250', description: 'Fuel & oil <diesel>' }),
      row({ voucherType: 'Sales', ledgerName: 'Sales A/c', date: '2025-04-03', netAmount: 999 }),
    ];
    const r = await call(h.app, 'POST', URL, { json: { rows, company_name: 'Asha & Co' }, token });
    assert.equal(r.status, 200, r.body);
    assert.match(String(r.headers['content-disposition']), /^attachment; filename="vouchers\.xml"$/);
    assert.match(String(r.headers['content-type']), /^application\/xml/);
    const parsed = readImportXml(r.body as string);
    assert.equal(parsed.company, 'Asha & Co');
    const vouchers = parsed.objects.filter((o) => o.kind === 'VOUCHER');
    assert.equal(vouchers.length, rows.length);
    const [receipt, payment, sales] = vouchers as ImportedVoucher[];
    assert.equal(receipt.type, 'Receipt');
    assert.equal(receipt.date, '20250401');
    assert.equal(receipt.narration, 'Rent for April');
    // Debits are negative: Receipt puts the ledger (cash) on the debit side, the party on credit.
    assert.deepEqual(
      receipt.legs.map((l) => [l.ledger, l.amount]),
      [
        ['Asha Traders', 150050],
        ['Cash', -150050],
      ],
    );
    assert.equal(payment.type, 'Payment');
    assert.equal(payment.narration, 'Fuel & oil <diesel>');
    assert.deepEqual(
      payment.legs.map((l) => [l.ledger, l.amount]),
      [
        ['Asha Traders', -25000],
        ['Cash', 25000],
      ],
    );
    assert.equal(sales.type, 'Sales');
    assert.equal(sales.date, '20250403');
    for (const v of [receipt, payment, sales]) {
      assert.equal(
        v.legs.reduce((sum, l) => sum + l.amount, 0),
        0,
      );
    }
  });

  test('incomplete rows are named by number and nothing is exported', async () => {
    const rows = [
      row(),
      row({ date: '' }),
      row(),
      row({ voucherType: '', ledgerName: '  ', netAmount: '' }),
      row({ netAmount: 'abc' }),
    ];
    const r = await call(h.app, 'POST', URL, { json: { rows }, token });
    assert.equal(r.status, 422);
    assert.deepEqual(
      r.body.problems.map((p: { row: number }) => p.row),
      [2, 4, 5],
    );
    assert.match(r.body.detail, /^Nothing was exported: 3 rows are incomplete\./);
    assert.match(r.body.detail, /Row 2: Date is missing\./);
    assert.match(
      r.body.detail,
      /Row 4: Voucher type is missing\. Ledger name is missing\..*Net amount is missing\./,
    );
    assert.match(r.body.detail, /Row 5: Net amount must be a number above zero\./);
    assert.doesNotMatch(r.body.detail, /Row [13]:/);
    assert.equal(r.headers['content-disposition'], undefined);
  });

  test('no rows, a bad type and a bad body are refused with a detail', async () => {
    const empty = await call(h.app, 'POST', URL, { json: { rows: [] }, token });
    assert.equal(empty.status, 422);
    assert.equal(empty.body.detail, 'There are no vouchers to export.');

    const badType = await call(h.app, 'POST', URL, {
      json: { rows: [row({ voucherType: 'Contra' })] },
      token,
    });
    assert.equal(badType.status, 422);
    assert.match(badType.body.detail, /Row 1: Voucher type 'Contra' is not one of Receipt, Journal/);

    const notRows = await call(h.app, 'POST', URL, { json: { rows: 'many' }, token });
    assert.equal(notRows.status, 422);
    assert.match(notRows.body.detail, /^rows: /);

    const noBody = await call(h.app, 'POST', URL, { token });
    assert.ok([400, 415, 422].includes(noBody.status), String(noBody.status));
    assert.equal(typeof noBody.body.detail, 'string');
  });

  test('a signed-in user is required', async () => {
    const anonymous = await call(h.app, 'POST', URL, { json: { rows: [row()] } });
    assert.equal(anonymous.status, 401);
    assert.equal(typeof anonymous.body.detail, 'string');
    const forged = await call(h.app, 'POST', URL, { json: { rows: [row()] }, token: `${token}x` });
    assert.equal(forged.status, 401);
  });

  test('the detail names at most 20 rows and counts the rest', () => {
    const problems = Array.from({ length: 23 }, (_, i) => ({ row: i + 1, problems: ['Date is missing.'] }));
    const detail = rowsRejectedDetail(problems);
    assert.match(detail, /^Nothing was exported: 23 rows are incomplete\./);
    assert.match(detail, /Row 20: /);
    assert.doesNotMatch(detail, /Row 21: /);
    assert.match(detail, /And 3 more rows\.$/);
  });
});
