// Benchmark (issue 19): a year of a busy current account, 20,000 vouchers, pushed to the Tally
// emulator in parts of TALLY_PART_VOUCHERS, then pushed again (every voucher found by REMOTEID), beside
// one single push of the whole file. Prints milliseconds per step and the largest part's size.
//   node packages/tally/bench/push-parts.ts [vouchers] [per-part] [whole]
import { performance } from 'node:perf_hooks';
import {
  buildBankVouchersXml,
  importLayout,
  importPart,
  partCount,
  pushToTally,
  startTallyEmulator,
  type BankTransaction,
} from '../src/index.ts';

const vouchers = Number(process.argv[2] ?? 20_000);
const perPart = Number(process.argv[3] ?? 500);
const ledgers = ['Rent', 'Salaries', 'Sales Receipts', 'Bank Charges', 'Electricity'];
const rows: BankTransaction[] = Array.from({ length: vouchers }, (_, i) => ({
  date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  description: `NEFT CR-HDFC0001234-PARTY ${i} LTD-HDFCN5202512${String(i).padStart(8, '0')}`,
  withdrawal: i % 2 ? 100_00 + i : 0,
  deposit: i % 2 ? 0 : 250_00 + i,
  reference: `UTR${String(i).padStart(10, '0')}`,
  ledger: ledgers[i % ledgers.length],
}));

const time = async <T>(what: string, work: () => Promise<T> | T): Promise<T> => {
  const t = performance.now();
  const out = await work();
  console.log(`${what.padEnd(44)} ${(performance.now() - t).toFixed(0).padStart(7)} ms`);
  return out;
};

const xml = await time(`build ${vouchers} vouchers`, () =>
  buildBankVouchersXml({
    company: 'Bench Co',
    bankLedger: 'HDFC 5020',
    transactions: rows,
    withMasters: true,
  }),
);
console.log(`${'file size'.padEnd(44)} ${(Buffer.byteLength(xml) / 1e6).toFixed(1).padStart(7)} MB`);
const layout = await time('split (importLayout)', () => importLayout(xml));
const parts = partCount(layout, perPart);
// Cut as the server does, one part per request (held only while it is sent).
const cut = (p: number) => importPart(xml, layout, p, perPart).xml;
const largest = await time(`cut ${parts} parts`, () =>
  Math.max(...Array.from({ length: parts }, (_, p) => Buffer.byteLength(cut(p)))),
);
console.log(`${'largest part'.padEnd(44)} ${(largest / 1e6).toFixed(2).padStart(7)} MB`);

const tally = await startTallyEmulator({ companies: ['Bench Co'] });
try {
  for (const round of ['first push in parts', 'second push in parts (all altered)']) {
    let slowest = 0;
    await time(round, async () => {
      for (let p = 0; p < parts; p++) {
        const t = performance.now();
        const r = await pushToTally(cut(p), { port: tally.port });
        slowest = Math.max(slowest, performance.now() - t);
        if (!r.ok) throw new Error(r.problems.join('; '));
      }
    });
    console.log(`${'  slowest part'.padEnd(44)} ${slowest.toFixed(0).padStart(7)} ms`);
  }
  const books = tally.emulator.imported().companies[0];
  console.log(`${'vouchers in the books'.padEnd(44)} ${String(books.vouchers.length).padStart(7)}`);
  tally.emulator.reset();
  // The whole year in one request (2 bytes a character in UTF-16), for comparison; past 16 MB only
  // when asked ('whole'), since parsing it holds more memory than this box allows one process.
  if (Buffer.byteLength(xml) > 16e6 && process.argv[4] !== 'whole') {
    console.log(`one push of the whole file: skipped (${((2 * xml.length) / 1e6).toFixed(0)} MB as UTF-16)`);
    process.exit(0);
  }
  await time('one push of the whole file', () =>
    pushToTally(xml, { port: tally.port }).then(
      (r) => console.log(`  ${r.ok ? 'taken' : r.problems[0]}`),
      (err: Error) => console.log(`  refused: ${err.message}`),
    ),
  );
} finally {
  await tally.close();
}
