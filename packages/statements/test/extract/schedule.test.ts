// The order the pool starts queued jobs in (src/worker/schedule.ts): a user with nothing running
// goes before anyone's second job, a user who used less reader time goes first, and among equals
// the smaller file. Pure functions: no reader is started here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  HEAVY_TABLE_BYTES,
  ReaderTime,
  USED_HALF_LIFE_MS,
  HEAVY_XLSX_BYTES,
  isHeavyTable,
  nextJob,
  type Queued,
} from '../../src/worker/schedule.ts';

const KB = 1024;

test("a fresh user's job goes before queued jobs of users with work running", () => {
  const queue: Queued[] = [
    { owner: 'a', bytes: 5 * KB },
    { owner: 'b', bytes: 5 * KB },
    { owner: 'fresh', bytes: 900 * KB },
  ];
  const running = new Map([
    ['a', 1],
    ['b', 1],
  ]);
  assert.equal(
    nextJob(queue, running, () => 0, 2),
    2,
    'nothing running beats a smaller file',
  );
});

test('among users with nothing running: less reader time used recently first, then the smaller file', () => {
  const used = new Map([['busy', 4500]]);
  const usedMs = (o: string | undefined) => (o === undefined ? 0 : (used.get(o) ?? 0));
  const queue: Queued[] = [
    { owner: 'busy', bytes: 1 * KB },
    { owner: 'x', bytes: 3000 * KB },
    { owner: 'y', bytes: 6 * KB },
    { owner: 'z', bytes: 5 * KB },
  ];
  // busy used 4 s: after every user who used none, whatever their files' sizes.
  assert.equal(nextJob(queue, new Map(), usedMs, 2), 3, 'z: no time used, the smallest file');
  assert.equal(nextJob(queue.slice(0, 3), new Map(), usedMs, 2), 2);
  assert.equal(
    nextJob(queue.slice(0, 2), new Map(), usedMs, 2),
    1,
    'a 3 MB file before the user who used 4 s',
  );
  // Under a second used counts as none, then the file size decides...
  used.set('busy', 300);
  assert.equal(nextJob(queue, new Map(), usedMs, 2), 0);
  // ... and with files of one size, the user who used less goes first, then the older job.
  const same: Queued[] = [
    { owner: 'busy', bytes: KB },
    { owner: 'x', bytes: KB },
    { owner: 'y', bytes: KB },
  ];
  assert.equal(nextJob(same, new Map(), usedMs, 2), 1);
});

test('an owner at its reader limit waits; a job without an owner competes as a fresh user', () => {
  const queue: Queued[] = [{ owner: 'a', bytes: 1 }, { bytes: 10 }];
  assert.equal(
    nextJob(queue, new Map([['a', 1]]), () => 0, 1),
    1,
  );
  assert.equal(
    nextJob(queue.slice(0, 1), new Map([['a', 1]]), () => 0, 1),
    -1,
  );
});

test('reader time adds up per owner and fades by half each half-life', () => {
  const t = new ReaderTime();
  t.add('a', 1000, 0);
  t.add('a', 1000, 0);
  assert.equal(t.of('a', 0), 2000);
  assert.equal(Math.round(t.of('a', USED_HALF_LIFE_MS)), 1000);
  assert.equal(t.of('b', 0), 0);
  assert.equal(t.of(undefined, 0), 0);
  t.add(undefined, 5000, 0);
  assert.equal(t.of(undefined, 0), 0, 'a job without an owner charges no one');
});

// Issue 33: ten hostile HTML/XLS files at once held both readers near their 512 MB cap (1,280 MB
// with the server). A large table file waits while another runs; anything else still starts.
test('a heavy table file waits while another runs; other work does not', () => {
  const queue: Queued[] = [
    { owner: 'a', bytes: 20_000_000, heavy: true },
    { owner: 'b', bytes: 9_000_000, heavy: true },
    { owner: 'c', bytes: 500_000 },
  ];
  // nothing heavy running: the usual order (the smaller file first)
  assert.equal(
    nextJob(queue, new Map(), () => 0, 2, false),
    2,
  );
  assert.equal(
    nextJob(queue.slice(0, 2), new Map(), () => 0, 2, false),
    1,
  );
  // one heavy running: only the PDF may start, and nothing once it is gone
  assert.equal(
    nextJob(queue, new Map([['z', 1]]), () => 0, 2, true),
    2,
  );
  assert.equal(
    nextJob(queue.slice(0, 2), new Map([['z', 1]]), () => 0, 2, true),
    -1,
  );
});

test('heavy: an HTML table or an old Excel workbook over 1 MB, from its first bytes', () => {
  const big = (head: string | number[]) => {
    const b = new Uint8Array(HEAVY_TABLE_BYTES + 1).fill(0x20);
    b.set(typeof head === 'string' ? new TextEncoder().encode(head) : head);
    return b;
  };
  assert.equal(isHeavyTable(big('<html><table>')), true);
  assert.equal(isHeavyTable(big('\ufeff \r\n<table>')), true);
  assert.equal(isHeavyTable(big([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])), true);
  assert.equal(isHeavyTable(big('%PDF-1.7')), false);
  // an XLSX over HEAVY_XLSX_BYTES (512 KB) is heavy too (issue 33: ExcelJS holds it whole)
  assert.equal(isHeavyTable(big('PK\x03\x04')), true);
  const zip = (size: number) => {
    const b = new Uint8Array(size);
    b.set([0x50, 0x4b, 0x03, 0x04]);
    return b;
  };
  assert.equal(isHeavyTable(zip(HEAVY_XLSX_BYTES + 1)), true);
  assert.equal(isHeavyTable(zip(HEAVY_XLSX_BYTES)), false);
  assert.equal(isHeavyTable(zip(4096), HEAVY_XLSX_BYTES + 1), true);
  assert.equal(isHeavyTable(big('Date,Narration,Amount')), false);
  assert.equal(isHeavyTable(new TextEncoder().encode('<table><tr><td>1</td></tr></table>')), false);
});

test("one owner's jobs keep their order while its reader time fades between them", () => {
  // (the time used fades with the clock: asked once a job, a millisecond's tick between two jobs of
  // one owner put the younger first, 'a3' before 'a2' in fairness.test.ts on a loaded CI machine)
  let used = 4500;
  const fading = () => used--;
  const queue: Queued[] = [
    { owner: 'a', bytes: 5 * KB },
    { owner: 'a', bytes: 5 * KB },
  ];
  assert.equal(nextJob(queue, new Map(), fading, 2), 0);
});
