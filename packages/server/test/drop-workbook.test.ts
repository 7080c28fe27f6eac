// Issue 37 (decision 052, round eleven): an XLSX is a zip, and an office drop handed every file
// starting "PK" to a reader to learn whether it was an archive of statements. Under the 20-user load
// that question waited behind statement reads for a reader: the drop's answer took seconds (p99
// 10 s, max 15 s at load 10). A workbook is now told by its zip directory, read from the file's end
// in the server; only a file it cannot tell goes to a reader, as before.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { closePool, configurePool, detectFileKind } from '@bahi/statements';
import { isWorkbookZip, WORKBOOK_TAIL_BYTES } from '../src/queue/unzip.ts';
import { dropFiles, makeMember, startQueuedApp, stopQueuedApp, type QueuedApp } from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';
import { zipOf } from './helpers/zip.ts';

const ends = (bytes: Buffer, tail = WORKBOOK_TAIL_BYTES) =>
  [bytes.subarray(0, 4), bytes.subarray(Math.max(0, bytes.length - tail)), bytes.length] as const;

test('a workbook is told by its directory, as a reader tells it; anything unsure is not', needsCorpus, () => {
  const xlsx = corpusFile('HDFC/HDFC_export.xlsx');
  assert.equal(detectFileKind(xlsx), 'xlsx');
  assert.equal(isWorkbookZip(...ends(xlsx)), true);
  // an archive of statements
  const archive = zipOf([{ name: 'a.pdf', bytes: corpusFile('HDFC/HDFC_export.xlsx').subarray(0, 100) }]);
  assert.equal(isWorkbookZip(...ends(archive)), false);
  // a workbook's parts inside a folder of an archive are not a workbook (a reader agrees)
  const nested = zipOf([{ name: 'dir/xl/workbook.xml', bytes: Buffer.from('<x/>') }]);
  assert.equal(detectFileKind(nested), 'unknown');
  assert.equal(isWorkbookZip(...ends(nested)), false);
  // a directory that does not read, or a tail too short to hold the end record's whole window
  const big = Buffer.concat([Buffer.alloc(200_000), xlsx]);
  assert.equal(isWorkbookZip(xlsx.subarray(0, 4), big.subarray(big.length - 1000), big.length), false);
  assert.equal(isWorkbookZip(Buffer.from('PK\x05\x05'), xlsx, xlsx.length), false);
});

let q: QueuedApp | undefined;
before(async () => {
  // Readers that cannot start (1 MB of data: Node cannot run in it): whatever a reader is asked fails.
  await closePool();
  configurePool({ hardLimitMb: 1 });
  q = await startQueuedApp();
});
after(async () => {
  await stopQueuedApp(q);
  await closePool();
  configurePool({ hardLimitMb: undefined });
});

test('a dropped workbook is queued without asking a reader', needsCorpus, async () => {
  const m = await makeMember(q!.h, 100);
  // the control: a .zip of statements needs a reader, and none can start
  const zipped = await dropFiles(q!.h, m.token, null, [
    { name: 'two.zip', bytes: zipOf([{ name: 'a.csv', bytes: Buffer.from('Date,Amount\n') }]) },
  ]);
  assert.notEqual(zipped.status, 202, JSON.stringify(zipped.body));
  const res = await dropFiles(q!.h, m.token, null, [
    { name: 'HDFC_export.xlsx', bytes: corpusFile('HDFC/HDFC_export.xlsx') },
  ]);
  assert.equal(res.status, 202, JSON.stringify(res.body));
  assert.equal((res.body as { jobs: { file_name: string }[] }).jobs[0]?.file_name, 'HDFC_export.xlsx');
});
