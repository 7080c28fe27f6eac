// A long PDF with a scanned page, read by two readers: the helper recognises the scanned pages it
// claims (each reader has its own recogniser, under its own memory cap), and the pages are exactly
// those of one reader alone, each word's confidence, each page's turn and picture with them.
// Slow (OCR): `npm run test:ocr`.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { closeOcr } from '../../src/read/ocr.ts';
import { readPdf, readPdfPart, type PdfPart } from '../../src/read/pdf.ts';
import { runJob, type ExtractOutput } from '../../src/worker/job.ts';
import { packPart, unpackPart } from '../../src/worker/part.ts';
import { StatementPool } from '../../src/worker/pool.ts';
import { makeStatement } from '../extract/make-statement.ts';
import { SCANS_DIR, scanTruth } from './make-scans.ts';
import { makeScan, scanCases } from './scan-bench.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-shared-scan-'));
after(async () => {
  await closeOcr();
  rmSync(dir, { recursive: true, force: true });
});

const noQpdf = spawnSync('sh', ['-c', 'command -v qpdf']).status !== 0 && 'qpdf not installed';

/** 12 text pages, then a scanned page. */
async function mixedPdf(): Promise<Uint8Array> {
  const text = path.join(dir, 'text.pdf');
  const mixed = path.join(dir, 'mixed.pdf');
  await makeStatement(text, 12, 5);
  execFileSync('qpdf', ['--empty', '--pages', text, path.join(SCANS_DIR, 'scanned.pdf'), '--', mixed]);
  return new Uint8Array(readFileSync(mixed));
}

test(
  'scanned pages a helper meets are recognised by the helper: same pages as alone',
  { skip: noQpdf },
  async () => {
    const bytes = await mixedPdf();
    const alone = await readPdf(bytes);
    assert.equal(alone.format, 'pdf-scanned');
    assert.deepEqual(
      alone.pages.filter((p) => p.ocr).map((p) => p.number),
      [13],
    );
    // A helper (here, in this thread) that has claimed every page before the owner starts: it
    // reads the text pages and recognises the scanned one.
    let part: PdfPart | null = null;
    const shared = await readPdf(bytes, {
      share: (pageCount) => {
        let last = 0;
        const helper = { next: () => (last < pageCount ? ++last : null), stop: () => (last = pageCount) };
        const read = readPdfPart(bytes, { pageCount, claims: helper }).then((p) => (part = p));
        // The owner finds every page claimed.
        return { claims: { next: () => null, stop: () => {} }, part: read };
      },
    });
    assert.equal(part!.pages.length, 13);
    assert.deepEqual(
      part!.pages.filter((p) => p.ocr).map((p) => p.number),
      [13],
    );
    assert.equal(shared.sharedPages, 13);
    assert.deepEqual(shared.pages, alone.pages);
    assert.equal(shared.format, 'pdf-scanned');
  },
);

test(
  'through a pool of 2 reader processes: the result is the one-reader result',
  { skip: noQpdf },
  async () => {
    const bytes = await mixedPdf();
    const alone = (await runJob({ op: 'extract', bytes: bytes.slice() })) as ExtractOutput;
    const pool = new StatementPool({ size: 2 });
    try {
      const out = (await pool.run({ op: 'extract', bytes: bytes.slice() })) as ExtractOutput;
      assert.deepEqual(out.result, alone.result);
      assert.equal(out.ocrPages, 1);
    } finally {
      await pool.close();
    }
  },
);

test(
  "a four-page scan through the pool: every page read within a reader's memory limits",
  { skip: noQpdf },
  async () => {
    // Before: two recognisers, three pages rendered at 300 dpi in flight; the reader died at its
    // hard memory limit on the second page (TOO_LARGE).
    const scan = path.join(SCANS_DIR, 'scanned.pdf');
    const four = path.join(dir, 'four.pdf');
    execFileSync('qpdf', ['--empty', '--pages', scan, scan, scan, scan, '--', four]);
    const pool = new StatementPool({ size: 1 });
    try {
      const out = (await pool.run({
        op: 'extract',
        bytes: new Uint8Array(readFileSync(four)),
      })) as ExtractOutput;
      assert.equal(out.ocrPages, 4);
      const rows = scanTruth().length;
      assert.equal(out.result.accounts[0]!.transactions.length, 4 * rows);
    } finally {
      await pool.close();
    }
  },
);

test('a scanned statement read split across two readers: the same pages, rows, flags and turns as one reader', async () => {
  // The scan bench's photo ICICI statement (seed 7943, 4 pages at 200 dpi), whose balances' points
  // the recogniser loses: page 2 finds its columns by page 1's figures (scan/words.ts, pointsLost).
  // Before: a helper's page came back without its words' confidence (its unsure rows not flagged),
  // its turn (its date cells never read again) and its picture, and the pages each reader read
  // found their lost points only by the pages that reader had read before them.
  const c = scanCases(4, ['photo']).find((k) => k.name === 'photo ICICI seed 7943')!;
  const { pdf } = await makeScan(c);
  const alone = await readPdf(pdf.slice());
  // The owner claims pages 1 and 3; the helper then 2 and 4, its part crossing as a reader
  // process's does (packed, then structured-cloned as IPC's 'advanced' serialization does).
  let ownerDone!: () => void;
  const done = new Promise<void>((r) => (ownerDone = r));
  const odd = [1, 3];
  const even = [2, 4];
  const split = await readPdf(pdf.slice(), {
    share: (pageCount) => ({
      claims: {
        next: () => {
          const n = odd.shift() ?? null;
          if (n === null) ownerDone();
          return n;
        },
        stop: () => {},
      },
      part: done
        .then(() =>
          readPdfPart(pdf.slice(), {
            pageCount,
            claims: { next: () => even.shift() ?? null, stop: () => {} },
          }),
        )
        .then((part) => unpackPart(structuredClone(packPart(part)))),
    }),
  });
  assert.equal(split.sharedPages, 2);
  assert.deepEqual(
    split.pages.map((p) => p.rotation),
    alone.pages.map((p) => p.rotation),
  );
  assert.deepEqual(
    split.pages.map((p) => p.words.map((w) => w.confidence)),
    alone.pages.map((p) => p.words.map((w) => w.confidence)),
  );
  assert.deepEqual(split.pages, alone.pages);
  const rows = (pages: typeof alone.pages) => {
    const result = parseStatement({ kind: 'pages', format: 'pdf-scanned', pages });
    return result.accounts.flatMap((a) => a.transactions);
  };
  const one = rows(alone.pages);
  assert.ok(one.some((t) => t.ocrFlag));
  assert.deepEqual(rows(split.pages), one);
});
