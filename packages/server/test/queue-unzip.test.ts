// A .zip dropped on the office queue (issue 13): its statements become files of the drop; a
// workbook (also a zip) stays one file; a zip bomb is refused from its directory, and a lying
// directory by the inflate cap.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import { ZipRefused, isZipArchive, unzipStatements } from '../src/queue/unzip.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');

/** A zip of the entries; `declared` overrides the uncompressed size its directory claims. */
function zipOf(files: { name: string; bytes: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const data = deflateRawSync(f.bytes);
    const name = Buffer.from(f.name);
    const size = f.declared ?? f.bytes.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const LIMITS = { maxFiles: 100, maxFileBytes: 1024 * 1024, maxTotalBytes: 4 * 1024 * 1024 };

test('the statements in a zip come out whole, folders and the office computers’ clutter left out', () => {
  const pdf = readFileSync(path.join(CORPUS, 'HDFC/HDFC_short.pdf'));
  const zip = zipOf([
    { name: 'march/HDFC_short.pdf', bytes: pdf },
    { name: 'march/', bytes: Buffer.alloc(0) },
    { name: '__MACOSX/march/._HDFC_short.pdf', bytes: Buffer.from('x') },
    { name: 'march/.DS_Store', bytes: Buffer.from('x') },
    { name: 'Thumbs.db', bytes: Buffer.from('x') },
  ]);
  assert.equal(isZipArchive(zip), true);
  const out = unzipStatements(zip, LIMITS);
  assert.deepEqual(
    out.map((f) => f.name),
    ['HDFC_short.pdf'],
  );
  assert.deepEqual(Buffer.from(out[0].bytes), pdf);
});

test('a workbook is a zip but not an archive of statements', () => {
  const xlsx = readFileSync(path.join(CORPUS, 'HDFC/HDFC_export.xlsx'));
  assert.equal(isZipArchive(xlsx), false);
  assert.equal(isZipArchive(readFileSync(path.join(CORPUS, 'HDFC/HDFC_short.pdf'))), false);
});

test('too many files, too large by the directory, or larger than it says: refused with words', () => {
  const many = zipOf(Array.from({ length: 5 }, (_, i) => ({ name: `${i}.pdf`, bytes: Buffer.from('%PDF') })));
  assert.throws(
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
  assert.throws(() => unzipStatements(bomb, LIMITS), /too large/);
  // The same bomb declaring 100 bytes: the inflate cap stops it.
  const liar = zipOf([{ name: 'big.pdf', bytes: Buffer.alloc(10 * 1024 * 1024), declared: 100 }]);
  assert.throws(() => unzipStatements(liar, LIMITS), /damaged or too large/);
  assert.throws(() => unzipStatements(Buffer.from('PK\x03\x04 not really'), LIMITS), /damaged/);
});
