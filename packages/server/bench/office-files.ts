// The statements the office load bench drops (bench/office-load-bench.ts), and the account number
// each one prints (its truth file in ../shared/corpus): with BENCH_FILING=1 the bench's server
// (bench/office-server.ts) gives every member a client holding those accounts, so a dropped file
// is filed into an account's book, as in an office whose clients are set up, instead of ending
// unfiled (decision 052, round fourteen: before, no drop of the bench was ever filed).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');

/** The corpus files a member drops: every bank's PDFs and workbooks a reader reads without a password or OCR. */
export function officeStatements(): { name: string; file: string }[] {
  const out: { name: string; file: string }[] = [];
  for (const bank of readdirSync(CORPUS).sort()) {
    if (['bad', 'billing'].includes(bank) || !/^[A-Z]+$/.test(bank)) continue;
    for (const n of readdirSync(path.join(CORPUS, bank)).sort())
      if (/\.(pdf|xlsx)$/.test(n) && !/protected|scanned|photo/.test(n))
        out.push({ name: n, file: path.join(CORPUS, bank, n) });
  }
  return out;
}

/** The distinct account numbers those files print (a number twice would make a filing ambiguous). */
export function officeAccountNumbers(): string[] {
  const numbers = new Set<string>();
  for (const { file } of officeStatements()) {
    const truth = file.replace(/\.(pdf|xlsx)$/, '.truth.json');
    if (!existsSync(truth)) continue;
    const n = (JSON.parse(readFileSync(truth, 'utf8')) as { account?: { number?: string } }).account?.number;
    if (n) numbers.add(n);
  }
  return [...numbers];
}
