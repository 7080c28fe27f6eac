// Issue 33: a .zip dropped on the office queue is opened in a reader process, and every promise of
// its directory is checked before a byte is inflated. The probe's 31 KB zip of twelve overlapping
// entries (300 MB if each were inflated) is refused at once.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { deflateRawSync } from 'node:zlib';
import { overlappingZip, zipOf } from '../../scripts/bombs.ts';
import { StatementError } from '../../src/errors.ts';
import { closePool, openArchiveInReader } from '../../src/extract.ts';
import { openArchive, type ArchiveLimits } from '../../src/read/zip.ts';

const MB = 1024 * 1024;
/** What the server's drop allowed before issue 33: 100 files of 25 MB, 300 MB in all. */
const WIDE: ArchiveLimits = {
  maxFiles: 100,
  maxFileBytes: 25 * MB,
  maxTotalBytes: 300 * MB,
  maxRatio: 100,
  ratioFromBytes: MB,
};

after(() => closePool());

const refusedWith = (pattern: RegExp) => (e: unknown) => {
  assert.ok(e instanceof StatementError, String(e));
  assert.match(e.userMessage, pattern);
  return true;
};

test('the probe’s overlapping zip: 31 KB, twelve entries on the same bytes, refused in milliseconds', () => {
  const zip = overlappingZip(12, 25 * MB);
  assert.ok(zip.length < 40 * 1024, `${zip.length} bytes`);
  const started = performance.now();
  // Even with the ratio check off, the overlap alone refuses it.
  assert.throws(() => openArchive(zip, { ...WIDE, maxRatio: Infinity }), refusedWith(/overlap one another/));
  assert.ok(performance.now() - started < 200, `${performance.now() - started} ms`);
});

test('an entry whose data covers the next entry’s header (a quoted overlap) is refused', () => {
  const zip = zipOf([
    { name: 'a.csv', data: 'Date,Amount\n01/01/2025,1\n' },
    { name: 'b.csv', data: 'Date,Amount\n02/01/2025,2\n' },
  ]);
  const dirAt = zip.readUInt32LE(zip.length - 22 + 16);
  // The first central entry now claims everything up to the directory as its data.
  const forged = Buffer.from(zip);
  forged.writeUInt32LE(dirAt - 30 - 5, dirAt + 20);
  forged.writeUInt32LE(dirAt - 30 - 5, dirAt + 24);
  assert.throws(() => openArchive(forged, WIDE), refusedWith(/overlap one another/));
  // the honest one opens
  assert.deepEqual(
    openArchive(zip, WIDE).map((f) => f.name),
    ['a.csv', 'b.csv'],
  );
});

test('a file packed far tighter than any statement is refused from the directory', () => {
  const zip = zipOf([{ name: 'zeros.csv', data: Buffer.alloc(4 * MB) }], { deflate: true });
  assert.throws(() => openArchive(zip, WIDE), refusedWith(/more than 100 times its packed size/));
  // A statement-like file of the same size opens: real text packs a few times, not a thousand.
  const rows = Array.from(
    { length: 60_000 },
    (_, i) => `${(i % 28) + 1}/01/2025,UPI/${(i * 7919) % 1_000_003}/PAYEE ${i % 97},${(i * 37) % 10_000}.00`,
  ).join('\n');
  const csv = Buffer.from(rows);
  const packed = zipOf([{ name: 'ok.csv', data: csv }], { deflate: true });
  assert.ok(deflateRawSync(csv).length * 100 > csv.length);
  assert.equal(openArchive(packed, WIDE)[0].bytes.length, csv.length);
});

test('the sum of the files, their count and a lying size are each refused', () => {
  const files = Array.from({ length: 5 }, (_, i) => ({ name: `${i}.pdf`, data: `%PDF-${i}` }));
  assert.throws(
    () => openArchive(zipOf(files), { ...WIDE, maxFiles: 4 }),
    refusedWith(/holds 5 files; at most 4/),
  );
  const big = Array.from({ length: 3 }, (_, i) => ({ name: `${i}.txt`, data: Buffer.alloc(MB, 65 + i) }));
  assert.throws(
    () => openArchive(zipOf(big), { ...WIDE, maxTotalBytes: 2 * MB }),
    refusedWith(/too large to read/),
  );
  const liar = zipOf([{ name: 'x.csv', data: 'a'.repeat(5000), declared: 100 }], { deflate: true });
  assert.throws(() => openArchive(liar, WIDE), refusedWith(/larger than the \.zip says/));
});

test('in a reader process the overlapping zip is refused quickly, with its words', async () => {
  const started = performance.now();
  await assert.rejects(
    openArchiveInReader(overlappingZip(), WIDE, { owner: 'u1' }),
    refusedWith(/overlap one another/),
  );
  // a reader's start-up (~0.5 s here) and the check
  assert.ok(performance.now() - started < 10_000, `${performance.now() - started} ms`);
  const ok = await openArchiveInReader(zipOf([{ name: 'in/a.csv', data: 'Date,Amount\n' }]), WIDE);
  assert.deepEqual(
    ok.map((f) => [f.name, Buffer.from(f.bytes).toString()]),
    [['a.csv', 'Date,Amount\n']],
  );
});
