// A .zip dropped on the office queue (issue 13): its statements become files of the drop; a
// workbook (also a zip) stays one file; a zip bomb is refused from its directory, and a lying
// directory by the inflate cap.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { closePool } from '@bahi/statements';
import { ZipRefused, isZipArchive, unzipStatements } from '../src/queue/unzip.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';
import { zipOf } from './helpers/zip.ts';

const LIMITS = { maxFiles: 100, maxFileBytes: 1024 * 1024, maxTotalBytes: 4 * 1024 * 1024 };

test(
  'the statements in a zip come out whole, folders and the office computers’ clutter left out',
  needsCorpus,
  async () => {
    const pdf = corpusFile('HDFC/HDFC_short.pdf');
    const zip = zipOf([
      { name: 'march/HDFC_short.pdf', bytes: pdf },
      { name: 'march/', bytes: Buffer.alloc(0) },
      { name: '__MACOSX/march/._HDFC_short.pdf', bytes: Buffer.from('x') },
      { name: 'march/.DS_Store', bytes: Buffer.from('x') },
      { name: 'Thumbs.db', bytes: Buffer.from('x') },
    ]);
    assert.equal(isZipArchive(zip), true);
    const out = await unzipStatements(zip, LIMITS);
    assert.deepEqual(
      out.map((f) => f.name),
      ['HDFC_short.pdf'],
    );
    assert.deepEqual(Buffer.from(out[0].bytes), pdf);
  },
);

test('a workbook is a zip but not an archive of statements', needsCorpus, () => {
  const xlsx = corpusFile('HDFC/HDFC_export.xlsx');
  assert.equal(isZipArchive(xlsx), false);
  assert.equal(isZipArchive(corpusFile('HDFC/HDFC_short.pdf')), false);
});

test('too many files, too large by the directory, or larger than it says: refused with words', async () => {
  const many = zipOf(Array.from({ length: 5 }, (_, i) => ({ name: `${i}.pdf`, bytes: Buffer.from('%PDF') })));
  await assert.rejects(
    () => unzipStatements(many, { ...LIMITS, maxFiles: 4 }),
    (e) => {
      assert.ok(e instanceof ZipRefused);
      assert.match(e.detail, /holds 5 files; at most 4/);
      return true;
    },
  );
  // 10 MB of zeros deflates to ~10 KB: refused from the declared size, never inflated.
  const bomb = zipOf([{ name: 'big.pdf', bytes: Buffer.alloc(10 * 1024 * 1024) }]);
  assert.ok(bomb.length < 64 * 1024);
  await assert.rejects(() => unzipStatements(bomb, LIMITS), /too large/);
  // The same bomb declaring 100 bytes: the inflate cap stops it.
  const liar = zipOf([{ name: 'big.pdf', bytes: Buffer.alloc(10 * 1024 * 1024), declared: 100 }]);
  await assert.rejects(() => unzipStatements(liar, LIMITS), /damaged or larger than the \.zip says/);
  await assert.rejects(() => unzipStatements(Buffer.from('PK\x03\x04 not really'), LIMITS), /damaged/);
});

after(() => closePool());
