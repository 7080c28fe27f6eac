// Issue 33: a statement upload is streamed to a private file under the data directory as it arrives
// (ten uploads buffered whole held 408-456 MB in the server), piped from there to its reader, and
// removed when the request ends, however it ends; the 25 MB limit holds while streaming.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { UPLOAD_LIMIT_BYTES } from '../src/body-limits.ts';
import { incomingDirOf, sweepIncoming } from '../src/statements/upload.ts';
import { startApp, upload } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

describe('statement uploads are streamed to disk, not held in memory', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => void (h = await startApp({})));
  after(async () => h?.close());

  const incoming = () => incomingDirOf(h.config.dataDir);
  const filesNow = () => {
    try {
      return readdirSync(incoming());
    } catch {
      return [];
    }
  };

  /** The folder's files once the request's ending has run (its file is removed after the answer is sent). */
  const filesAfter = async () => {
    for (let i = 0; i < 100 && filesNow().length > 0; i++) await new Promise((r) => setTimeout(r, 10));
    return filesNow();
  };

  /** Runs `send` while looking into the incoming folder every 2 ms: each file seen, its largest size and mode. */
  async function watching<T>(send: () => Promise<T>) {
    const seen = new Map<string, { size: number; mode: number }>();
    // Looked at on every turn of the event loop, not on a timer: under load a 2 ms timer saw a
    // workbook's file only empty, written, read and removed between two of its looks.
    let watching = true;
    const look = () => {
      for (const name of filesNow()) {
        try {
          const st = statSync(path.join(incoming(), name));
          seen.set(name, { size: Math.max(st.size, seen.get(name)?.size ?? 0), mode: st.mode & 0o777 });
        } catch {
          // removed between the listing and the look
        }
      }
      if (watching) setImmediate(look);
    };
    look();
    try {
      return { answer: await send(), seen: [...seen.values()] };
    } finally {
      watching = false;
    }
  }

  test(
    'a statement is read from its file on disk, private, and the file is gone after',
    needsCorpus,
    async () => {
      const u = await makeMember(h, 20);
      const pdf = corpusFile('HDFC/HDFC_short.pdf');
      const { answer, seen } = await watching(() =>
        upload(h.app, '/api/hdfc/extract-statement', { token: u.token, bytes: pdf, name: 'HDFC_short.pdf' }),
      );
      assert.equal(answer.status, 200);
      assert.ok(answer.body.transactions.length > 0);
      assert.deepEqual(seen, [{ size: pdf.length, mode: 0o600 }], 'one file, the whole upload, 0600');
      assert.equal(statSync(incoming()).mode & 0o777, 0o700);
      assert.deepEqual(await filesAfter(), []);
      // the same file again is free within a day: the hash taken while streaming is the file's
      const again = await upload(h.app, '/api/hdfc/extract-statement', {
        token: u.token,
        bytes: pdf,
        name: 'x.pdf',
      });
      assert.equal(again.status, 200);
      assert.equal(again.body.pages, 0);
      // check-password reads its file the same way
      const check = await upload(h.app, '/api/hdfc/check-password', {
        token: u.token,
        bytes: pdf,
        name: 'x.pdf',
      });
      assert.equal(check.status, 200);
      assert.equal(check.body.password_required, false);
      assert.deepEqual(await filesAfter(), []);
    },
  );

  test('a file past the upload limit is cut while it streams: 413, nothing left on disk', async () => {
    const u = await makeMember(h, 20);
    const { answer, seen } = await watching(() =>
      upload(h.app, '/api/hdfc/extract-statement', {
        token: u.token,
        bytes: Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 0x41),
        name: 'big.csv',
      }),
    );
    assert.equal(answer.status, 413);
    assert.deepEqual(answer.body, { detail: 'The file is too large (at most 25 MB).', code: 'TOO_LARGE' });
    assert.ok(
      seen.every((f) => f.size <= UPLOAD_LIMIT_BYTES),
      'never more than the limit written',
    );
    assert.deepEqual(await filesAfter(), []);
  });

  test('a refused read (an unsupported file, a sheet preview) leaves nothing on disk', async () => {
    const u = await makeMember(h, 20);
    const bad = await upload(h.app, '/api/hdfc/check-password', {
      token: u.token,
      bytes: Buffer.from('\u0000\u0001\u0002 not a statement'),
      name: 'x.pdf',
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.code, 'UNSUPPORTED');
    const csv = Buffer.from('Date,Narration,Withdrawal,Deposit,Balance\n01/04/2024,Opening,,100.00,100.00\n');
    const preview = await upload(h.app, '/api/hdfc/sheet-preview', {
      token: u.token,
      bytes: csv,
      name: 's.csv',
    });
    assert.equal(preview.status, 200);
    assert.deepEqual(await filesAfter(), []);
  });

  test('a masters file is streamed to disk and piped to its reader; the file is gone after', async () => {
    const u = await makeMember(h, 20);
    const ledgers = Array.from(
      { length: 200 },
      (_, i) =>
        `<TALLYMESSAGE><LEDGER NAME="Party ${i}" RESERVEDNAME=""><PARENT>Sundry Debtors</PARENT></LEDGER></TALLYMESSAGE>`,
    ).join('');
    const xml = Buffer.from(
      `<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA><REQUESTDATA>${ledgers}</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`,
    );
    const { answer, seen } = await watching(() =>
      upload(h.app, '/api/tally/company/file', {
        token: u.token,
        bytes: xml,
        name: 'Master.xml',
        fields: { company_name: 'Disk Co' },
      }),
    );
    assert.equal(answer.status, 200, answer.raw.slice(0, 300));
    assert.equal(answer.body.company.name, 'Disk Co');
    // read from its file (before: held whole in the request's memory, nothing on disk)
    assert.deepEqual(seen, [{ size: xml.length, mode: 0o600 }], 'one file, the whole upload, 0600');
    assert.deepEqual(await filesAfter(), []);
    // refused (not a masters export): removed too
    const bad = await upload(h.app, '/api/tally/company/file', {
      token: u.token,
      bytes: Buffer.from('not xml'),
      name: 'x.xml',
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(await filesAfter(), []);
  });

  test('a billing workbook is streamed to disk and read from there; the file is gone after', async () => {
    const admin = await makeMember(h, 0, { role: 'admin' });
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Items');
    ws.addRow(['Item Name', 'Quantity', 'Selling Price', 'GST']);
    ws.addRow(['Pen', 10, 5, 18]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const { answer, seen } = await watching(() =>
      upload(h.app, '/api/item-master/check-password', { token: admin.token, bytes, name: 'items.xlsx' }),
    );
    assert.equal(answer.status, 200, answer.raw.slice(0, 300));
    assert.equal(answer.body.password_required, false);
    assert.deepEqual(seen, [{ size: bytes.length, mode: 0o600 }], 'one file, the whole upload, 0600');
    assert.deepEqual(await filesAfter(), []);
    const notXlsx = await upload(h.app, '/api/item-master/check-password', {
      token: admin.token,
      bytes: Buffer.from('%PDF-1.7 not a workbook'),
      name: 'items.xlsx',
    });
    assert.equal(notXlsx.status, 422, notXlsx.raw.slice(0, 300));
    assert.deepEqual(await filesAfter(), []);
  });

  test('what a killed process left is swept at the next start; a file still in use is not', async () => {
    const dir = incoming();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'old'), 'x');
    writeFileSync(path.join(dir, 'new'), 'x');
    const hourAgo = (Date.now() - 2 * 3600_000) / 1000;
    utimesSync(path.join(dir, 'old'), hourAgo, hourAgo);
    assert.equal(await sweepIncoming(h.config.dataDir, Date.now()), 1);
    assert.deepEqual(filesNow(), ['new']);
    rmSync(path.join(dir, 'new'));
  });
});
