import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { lineTotal, parseSpecDate } from '@bahi/core';
import {
  el,
  importXml,
  leaf,
  readImportXml,
  startTallyEmulator,
  TallyEmulator,
  type ImportedVoucher,
} from '@bahi/tally';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

const corpus = (name: string) => corpusFile(`billing/${name}`);
// The password of items_small_protected.xlsx (../shared/corpus/billing/README.md).
const PROTECTED_PASSWORD = 'kirana@2025';

type Files = { file?: Buffer; amount_file?: Buffer };

/** A multipart POST through app.inject, as the screens send it. */
async function upload(
  h: Awaited<ReturnType<typeof startApp>>,
  url: string,
  token: string | undefined,
  files: Files,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, v] of Object.entries(files)) if (v) form.append(k, new Blob([v]), `${k}.xlsx`);
  const req = new Request('http://x/', { method: 'POST', body: form });
  const payload = Buffer.from(await req.arrayBuffer());
  const res = await h.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': req.headers.get('content-type')!,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  let body: any = res.body;
  try {
    body = res.json();
  } catch {
    // not JSON
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Items');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('billing and rules API', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  let admin: string;
  let plain: string;
  let otherAdmin: string;

  before(async () => {
    h = await startApp();
    const make = async (role: 'user' | 'admin') => (await makeMember(h, 0, { role })).token;
    admin = await make('admin');
    plain = await make('user');
    otherAdmin = await make('admin');
  });
  after(async () => {
    await h?.close();
  });

  const RULES = {
    RATE: [
      { min: 0, max: 100, chunk_min: 1, chunk_max: 10 },
      { min: 100.5, max: 100000, chunk_min: 1, chunk_max: 3 },
    ],
  };

  test('rule sets: default always there, saved sets per user, unknown name gives {}', async () => {
    const none = await call(h.app, 'GET', '/api/rules/chunking-rules/rule-sets');
    assert.equal(none.status, 401);
    const first = await call(h.app, 'GET', '/api/rules/chunking-rules/rule-sets', { token: plain });
    assert.deepEqual(first.body, { rule_sets: ['default'] });

    const saved = await call(h.app, 'POST', '/api/rules/chunking-rules/save', {
      token: plain,
      json: { rule_set_name: 'kirana', rules: { ...RULES, QUANTITY: [] } },
    });
    assert.equal(saved.status, 200, saved.body);
    const again = await call(h.app, 'POST', '/api/rules/chunking-rules/save', {
      token: plain,
      json: { rule_set_name: 'kirana', rules: RULES },
    });
    assert.equal(again.status, 200);
    const list = await call(h.app, 'GET', '/api/rules/chunking-rules/rule-sets', { token: plain });
    assert.deepEqual(list.body, { rule_sets: ['default', 'kirana'] });
    const got = await call(h.app, 'GET', '/api/rules/chunking-rules/get/kirana', { token: plain });
    assert.deepEqual(got.body, { rules: RULES });
    const unknown = await call(h.app, 'GET', '/api/rules/chunking-rules/get/nope', { token: plain });
    assert.deepEqual(unknown.body, { rules: {} });

    // Another user sees none of it.
    const theirs = await call(h.app, 'GET', '/api/rules/chunking-rules/rule-sets', { token: otherAdmin });
    assert.deepEqual(theirs.body, { rule_sets: ['default'] });
    const peek = await call(h.app, 'GET', '/api/rules/chunking-rules/get/kirana', { token: otherAdmin });
    assert.deepEqual(peek.body, { rules: {} });
  });

  test('rule numbers are checked with a clear detail', async () => {
    const bad = [
      [{ min: 10, max: 5, chunk_min: 1, chunk_max: 2 }, /Min must not be more than Max/],
      [{ min: 0, max: 5, chunk_min: 3, chunk_max: 2 }, /Chunk Min must not be more than Chunk Max/],
      [{ min: 0, max: 5, chunk_min: 1.5, chunk_max: 2 }, /Chunk Min must be a whole number/],
      [{ min: 0, max: 5, chunk_min: 0, chunk_max: 2 }, /Chunk Min must be a whole number of at least 1/],
    ] as const;
    for (const [rule, detail] of bad) {
      const r = await call(h.app, 'POST', '/api/rules/chunking-rules/save', {
        token: plain,
        json: { rule_set_name: 'x', rules: { RATE: [rule] } },
      });
      assert.equal(r.status, 422);
      assert.match(r.body.detail, detail);
    }
    const noName = await call(h.app, 'POST', '/api/rules/chunking-rules/save', {
      token: plain,
      json: { rule_set_name: '  ', rules: {} },
    });
    assert.equal(noName.status, 422);
    assert.match(noName.body.detail, /Enter a rule set name/);
  });

  test('billing is for admins only', needsCorpus, async () => {
    const file = corpus('items_small.xlsx');
    const anon = await upload(h, '/api/item-master/get-data', undefined, { file }, { amount_given: '1000' });
    assert.equal(anon.status, 401);
    for (const url of [
      '/api/item-master/check-password',
      '/api/item-master/get-data',
      '/api/itemssss/get-data',
    ]) {
      const r = await upload(h, url, plain, { file }, { amount_given: '1000' });
      assert.equal(r.status, 403, url);
    }
    const xml = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
      token: plain,
      json: { vouchers_data: { vouchers: [] } },
    });
    assert.equal(xml.status, 403);
  });

  test('a tax invoice of 2.5 kg with no Total: billed to the paisa, not a 500', async () => {
    // Quantities with decimals are normal on GST invoices; the Total left empty is computed
    // (decision 032). lineTotalPaise threw a RangeError on them, which the route answered 500.
    const xml = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
      token: admin,
      json: {
        vouchers_data: {
          vouchers: [
            {
              Reference: 'KG-1',
              Date: '2025-04-10',
              Items: [{ 'Item Name': 'Basmati', Quantity: 2.5, 'Selling Price': 99.99, GST: 5 }],
            },
          ],
        },
        party_ledger: 'Cash',
        force_state: 'Uttar Pradesh',
      },
    });
    assert.equal(xml.status, 200, JSON.stringify(xml.body));
    const [voucher] = readImportXml(xml.body).objects.filter(
      (o) => o.kind === 'VOUCHER',
    ) as ImportedVoucher[];
    const leg = (name: string) => voucher.legs.find((l) => l.ledger === name)?.amount;
    // 2.5 x 99.99 = 249.975 -> 249.98 taxable; CGST and SGST 2.5% of it, 6.25 each (6.24938).
    assert.equal(voucher.inventory[0].amount, 24998);
    assert.equal(leg('CGST'), 625);
    assert.equal(leg('SGST'), 625);
    // The party pays the invoice rounded to the rupee: 262.47 -> 262.
    assert.equal(leg('Cash'), -26200);
    // A quantity no unit keeps is refused in words, not a 500.
    const odd = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
      token: admin,
      json: {
        vouchers_data: {
          vouchers: [
            {
              Reference: 'KG-2',
              Date: '2025-04-10',
              Items: [{ 'Item Name': 'Basmati', Quantity: 0.1234567, 'Selling Price': 1, GST: 5 }],
            },
          ],
        },
        force_state: 'Uttar Pradesh',
      },
    });
    assert.equal(odd.status, 422, JSON.stringify(odd.body));
    assert.match(odd.body.detail, /more than 6 decimals/);
  });

  test(
    'items_small.xlsx with an amount: exact vouchers within the saved rules, reproducible',
    needsCorpus,
    async () => {
      await call(h.app, 'POST', '/api/rules/chunking-rules/save', {
        token: admin,
        json: { rule_set_name: 'kirana', rules: RULES },
      });
      const fields = {
        set_name: 'kirana',
        amount_given: '250000.37',
        seed: '7',
        start_reference: 'INV-0001',
        date: '05-04-2025',
      };
      const r = await upload(
        h,
        '/api/item-master/get-data',
        admin,
        { file: corpus('items_small.xlsx') },
        fields,
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const { vouchers, totals } = r.body;
      assert.equal(totals.amount, 250000.37);
      let sum = 0;
      vouchers.forEach((v: any, k: number) => {
        assert.equal(v.Reference, `INV-${String(k + 1).padStart(4, '0')}`);
        assert.equal(v.Date, '2025-04-05');
        sum += Math.round(v.RoundOff * 100);
        for (const it of v.Items) {
          assert.equal(it.Total, lineTotal(it['Selling Price'], it.GST, it.Quantity));
          const max = it['Selling Price'] <= 100 ? 10 : 3;
          assert.ok(it.Quantity >= 1 && it.Quantity <= max, `${it['Item Name']} x ${it.Quantity}`);
          sum += Math.round(it.Total * 100);
        }
      });
      assert.equal(sum, 25000037);
      assert.equal(totals.vouchers, vouchers.length);
      const again = await upload(
        h,
        '/api/itemssss/get-data',
        admin,
        { file: corpus('items_small.xlsx') },
        fields,
      );
      // The tax-invoice XML bills exactly the amount allocated: the party's debits add up to it.
      const xml = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
        token: admin,
        json: { vouchers_data: { vouchers }, force_state: 'Uttar Pradesh' },
      });
      assert.equal(xml.status, 200, xml.body);
      const billed = (
        readImportXml(xml.body).objects.filter((o) => o.kind === 'VOUCHER') as ImportedVoucher[]
      )
        .flatMap((v) => v.legs.filter((leg) => leg.ledger === 'Cash'))
        .reduce((total, leg) => total - leg.amount, 0);
      assert.equal(billed, 25000037);
      assert.deepEqual(again.body.vouchers, vouchers);
      // Another admin has no set of that name.
      const theirs = await upload(
        h,
        '/api/item-master/get-data',
        otherAdmin,
        { file: corpus('items_small.xlsx') },
        fields,
      );
      assert.equal(theirs.status, 400);
      assert.match(theirs.body.detail, /no rule set named 'kirana'/);
    },
  );

  test('amounts.xlsx: one day at a time, each day exact', needsCorpus, async () => {
    const r = await upload(
      h,
      '/api/itemssss/get-data',
      admin,
      { file: corpus('items_small.xlsx'), amount_file: corpus('amounts.xlsx') },
      { set_name: 'default', amount_given: '1', seed: '3' },
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.totals.amount, 737770.22);
    const perDay = new Map<string, number>();
    for (const v of r.body.vouchers) {
      const p = v.Items.reduce(
        (s: number, it: any) => s + Math.round(it.Total * 100),
        Math.round(v.RoundOff * 100),
      );
      perDay.set(v.Date, (perDay.get(v.Date) ?? 0) + p);
    }
    // Read the amounts workbook independently and compare day by day.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(corpus('amounts.xlsx') as never);
    const ws = wb.worksheets[0];
    let days = 0;
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const iso = parseSpecDate(String(row.getCell(1).value));
      assert.equal(perDay.get(iso!), Math.round(Number(row.getCell(2).value) * 100), iso!);
      days++;
    });
    assert.equal(days, 30);
    assert.equal(perDay.size, 30);
  });

  test(
    'the amounts workbook read alone: its total and days fill the form (issue 34)',
    needsCorpus,
    async () => {
      const r = await upload(h, '/api/billing/amounts-total', admin, { amount_file: corpus('amounts.xlsx') });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      // the same total the allocation bills (the test above), and the workbook's 30 days
      assert.equal(r.body.amount, '737770.22');
      assert.equal(r.body.days, 30);
      assert.ok(r.body.from < r.body.to, JSON.stringify(r.body));
      const none = await upload(h, '/api/billing/amounts-total', admin, {});
      assert.equal(none.status, 400);
      const notAdmin = await upload(h, '/api/billing/amounts-total', plain, {
        amount_file: corpus('amounts.xlsx'),
      });
      assert.equal(notAdmin.status, 403);
    },
  );

  test(
    'one amount over an invoice date range: the invoices spread over its days (issue 34)',
    needsCorpus,
    async () => {
      const fields = { set_name: 'default', amount_given: '50000', seed: '7', date: '01-04-2025' };
      const one = await upload(
        h,
        '/api/item-master/get-data',
        admin,
        { file: corpus('items_small.xlsx') },
        fields,
      );
      assert.equal(one.status, 200, JSON.stringify(one.body));
      assert.ok(one.body.vouchers.length >= 3, `${one.body.vouchers.length} vouchers`);
      assert.deepEqual([...new Set(one.body.vouchers.map((v: any) => v.Date))], ['2025-04-01']);
      const r = await upload(
        h,
        '/api/item-master/get-data',
        admin,
        { file: corpus('items_small.xlsx') },
        { ...fields, date_to: '03-04-2025' },
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const dates: string[] = r.body.vouchers.map((v: any) => v.Date);
      // the same invoices (same seed), dated over the three days in order, each day used
      assert.deepEqual(
        r.body.vouchers.map((v: any) => v.Reference),
        one.body.vouchers.map((v: any) => v.Reference),
      );
      assert.equal(r.body.totals.amount, 50000);
      assert.deepEqual([...new Set(dates)], ['2025-04-01', '2025-04-02', '2025-04-03']);
      assert.deepEqual(dates, [...dates].sort());
      const backwards = await upload(
        h,
        '/api/item-master/get-data',
        admin,
        { file: corpus('items_small.xlsx') },
        { ...fields, date_to: '31-03-2025' },
      );
      assert.equal(backwards.status, 400);
      assert.match(backwards.body.detail, /before the first/);
    },
  );

  test('an amount beyond the stock says by how much', needsCorpus, async () => {
    const r = await upload(
      h,
      '/api/item-master/get-data',
      admin,
      { file: corpus('items_small.xlsx') },
      {
        amount_given: '1300000',
      },
    );
    assert.equal(r.status, 422);
    // Stock with GST is ₹12,41,082.61 (README): short by ₹58,917.39.
    assert.match(r.body.detail, /₹58,917\.39 short/);
    for (const amount of ['', '0', '-5', 'abc']) {
      const bad = await upload(
        h,
        '/api/item-master/get-data',
        admin,
        { file: corpus('items_small.xlsx') },
        {
          amount_given: amount,
        },
      );
      assert.equal(bad.status, 400);
      assert.equal(bad.body.detail, 'Please enter a valid amount to allocate.');
    }
  });

  test('bad workbooks: not xlsx by content, missing columns, bad rows by number', async () => {
    const notXlsx = await upload(
      h,
      '/api/item-master/get-data',
      admin,
      { file: Buffer.from('%PDF-1.4 nope') },
      {
        amount_given: '10',
      },
    );
    // A file of the wrong kind is 422 UNSUPPORTED, as for statements.
    assert.equal(notXlsx.status, 422);
    assert.equal(notXlsx.body.code, 'UNSUPPORTED');
    assert.match(notXlsx.body.detail, /not an XLSX file/);
    const check = await upload(h, '/api/item-master/check-password', admin, { file: Buffer.from('hello') });
    assert.equal(check.status, 422);
    assert.equal(check.body.code, 'UNSUPPORTED');

    const noCols = await workbook([
      ['Item', 'Qty'],
      ['Salt', 3],
    ]);
    const r1 = await upload(h, '/api/item-master/get-data', admin, { file: noCols }, { amount_given: '10' });
    assert.equal(r1.status, 400);
    assert.match(r1.body.detail, /'Item Name', 'Quantity', 'Selling Price', 'GST' columns/);

    const badRows = await workbook([
      ['Item Name', 'HSN', 'Quantity', 'Selling Price', 'GST'],
      ['Salt', '2501', 10, 20, 0],
      ['Sugar', '', 2.5, 40, 5],
      [],
      ['', '', 3, 'ten', 5],
    ]);
    const r2 = await upload(h, '/api/item-master/get-data', admin, { file: badRows }, { amount_given: '10' });
    assert.equal(r2.status, 400);
    assert.match(r2.body.detail, /Row 3: Quantity must be a whole number/);
    assert.match(r2.body.detail, /Row 5: Item Name is empty\. Selling Price must be/);
    assert.doesNotMatch(r2.body.detail, /Row 2/);
  });

  test(
    'password-protected workbook: flagged, wrong password refused, right one works',
    needsCorpus,
    async () => {
      const file = corpus('items_small_protected.xlsx');
      const plainCheck = await upload(h, '/api/item-master/check-password', admin, {
        file: corpus('items_small.xlsx'),
      });
      assert.deepEqual(plainCheck.body, { password_required: false });
      const check = await upload(h, '/api/item-master/check-password', admin, { file });
      assert.deepEqual(check.body, { password_required: true });
      const none = await upload(h, '/api/item-master/get-data', admin, { file }, { amount_given: '5000' });
      assert.equal(none.status, 400);
      assert.match(none.body.detail, /password-protected/);
      const wrong = await upload(
        h,
        '/api/item-master/get-data',
        admin,
        { file },
        { amount_given: '5000', password: 'kirana@2024' },
      );
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.code, 'WRONG_PASSWORD');
      assert.match(wrong.body.detail, /Incorrect password/);
      assert.ok(!h.logs.join('').includes('kirana@2024'), 'the password is never logged');
      const right = await upload(
        h,
        '/api/item-master/get-data',
        admin,
        { file },
        {
          amount_given: '5000',
          password: PROTECTED_PASSWORD,
          seed: '1',
        },
      );
      assert.equal(right.status, 200, JSON.stringify(right.body));
      assert.equal(right.body.totals.amount, 5000);
    },
  );

  test(
    'tax invoices, Excel and CSV from (edited) vouchers; the Tally emulator imports them cleanly',
    needsCorpus,
    async () => {
      const r = await upload(
        h,
        '/api/item-master/get-data',
        admin,
        { file: corpus('items_small.xlsx') },
        {
          amount_given: '75000',
          seed: '11',
          date: '2025-04-10',
        },
      );
      assert.equal(r.status, 200);
      const vouchers = r.body.vouchers;
      // An edit on the screen: a line's quantity changes and its Total is recomputed there.
      const line = vouchers[0].Items[0];
      line.Quantity += 1;
      line.Total = lineTotal(line['Selling Price'], line.GST, line.Quantity);

      const xml = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
        token: admin,
        json: {
          vouchers_data: { vouchers },
          party_ledger: 'Cash',
          sales_ledger: 'Sales A/c',
          narration: 'Being sale.',
          force_state: 'Uttar Pradesh',
          typess: 'Tax Invoice',
        },
      });
      assert.equal(xml.status, 200, xml.body);
      assert.match(String(xml.headers['content-disposition']), /filename="tax_invoices\.xml"/);
      const parsed = readImportXml(xml.body);
      const got = parsed.objects.filter((o) => o.kind === 'VOUCHER') as ImportedVoucher[];
      assert.equal(got.length, vouchers.length);
      const emulator = await startTallyEmulator();
      try {
        const { outcome } = emulator.emulator.importXml(xml.body);
        assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
        assert.equal(outcome.created >= vouchers.length, true);
      } finally {
        await emulator.close();
      }

      const badType = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
        token: admin,
        json: { vouchers_data: { vouchers }, typess: 'Proforma', force_state: 'Uttar Pradesh' },
      });
      assert.equal(badType.status, 422);

      // Issue 12: the company's state is never assumed. Without Force State and without the
      // company's state the export is refused, in words that say what to enter.
      const noState = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
        token: admin,
        json: { vouchers_data: { vouchers } },
      });
      assert.equal(noState.status, 422);
      assert.match(noState.body.detail, /company's state/);
      assert.doesNotMatch(JSON.stringify(noState.body), /Uttar Pradesh/);

      // The company as read from Tally: its state, GSTIN and release fill the invoice, its masters
      // are not declared, and GSTR-1's fields are on each invoice.
      const kept = await call(h.app, 'PUT', '/api/tally/company', {
        token: admin,
        json: {
          company: {
            name: 'Kirana & Co',
            state: 'Bihar',
            gstin: '10AAACK1234L1Z9',
            version: 'TallyPrime 2.1',
          },
          ledgers: [
            { name: 'Cash', parent: 'Cash-in-Hand' },
            { name: 'Sales A/c', parent: 'Sales Accounts' },
          ],
          units: [{ name: 'Nos', parent: '' }],
          source: 'bridge',
        },
      });
      assert.equal(kept.status, 200, JSON.stringify(kept.body));
      const b2b = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
        token: admin,
        json: {
          vouchers_data: { vouchers: vouchers.slice(0, 3) },
          company_name: 'kirana & co',
          party_ledger: 'Verma Traders',
          party_gstin: '09aabcv1234k1z2',
          party_state: 'Uttar Pradesh',
        },
      });
      assert.equal(b2b.status, 200, b2b.body);
      const invoice = String(b2b.body);
      assert.match(invoice, /<SVCURRENTCOMPANY>Kirana &amp; Co<\/SVCURRENTCOMPANY>/);
      assert.match(invoice, /<GSTREGISTRATIONTYPE>Regular<\/GSTREGISTRATIONTYPE>/);
      assert.match(invoice, /<PARTYGSTIN>09AABCV1234K1Z2<\/PARTYGSTIN>/);
      assert.match(invoice, /<PLACEOFSUPPLY>Uttar Pradesh<\/PLACEOFSUPPLY>/);
      assert.match(invoice, /<CMPGSTSTATE>Bihar<\/CMPGSTSTATE>/);
      assert.match(invoice, /<CMPGSTIN>10AAACK1234L1Z9<\/CMPGSTIN>/);
      // Bihar to Uttar Pradesh is inter-state: IGST, in TallyPrime 2.x words on the declared ledger.
      assert.match(invoice, /<LEDGER NAME="IGST" ACTION="Create">[\s\S]*?<GSTDUTYHEAD>Integrated Tax</);
      assert.doesNotMatch(invoice, /<LEDGER NAME="(Cash|Sales A\/c)"/);
      assert.doesNotMatch(invoice, /<UNIT NAME="Nos"/);
      // Into a company that has those masters (as read): no error, no exception.
      const books = new TallyEmulator(['Kirana & Co']);
      books.importXml(
        importXml({
          report: 'All Masters',
          objects: [
            el('LEDGER', { NAME: 'Sales A/c' }, [leaf('PARENT', 'Sales Accounts')]),
            el('UNIT', { NAME: 'Nos' }, [leaf('NAME', 'Nos')]),
          ],
        }),
      );
      const imported = books.importXml(invoice).outcome;
      assert.equal(imported.errors + imported.exceptions, 0, imported.lineErrors.join('; '));

      const xlsx = await h.app.inject({
        method: 'POST',
        url: '/api/item-master/export-xlsx',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ vouchers_data: vouchers }),
      });
      assert.equal(xlsx.statusCode, 200);
      assert.match(String(xlsx.headers['content-disposition']), /\.xlsx"/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.rawPayload as never);
      const ws = wb.worksheets[0];
      const lines = vouchers.reduce((s: number, v: any) => s + v.Items.length, 0);
      assert.equal(ws.rowCount, lines + 1);
      assert.equal(ws.getRow(2).getCell(2).value, '10-04-2025');
      assert.equal(ws.getRow(2).getCell(5).value, line.Quantity);

      const csv = await call(h.app, 'POST', '/api/item-master/export-csv', {
        token: admin,
        json: { vouchers_data: vouchers },
      });
      assert.equal(csv.status, 200);
      const csvLines = String(csv.body).trim().split('\r\n');
      assert.equal(csvLines.length, lines + 1);
      assert.equal(csvLines[0], 'Reference,Date,Item Name,HSN,Quantity,Selling Price,GST,Total');
    },
  );
});
