// npm run bench:long -w @bahi/statements [-- --rows N]
// Long inputs through the reader pool, as the server reads them (issue 37): a CSV of N rows (124,000
// by default, under MAX_TABLE_ROWS) must read, every row reconciled, within BUDGET_CSV_MS; a
// 200,000-row CSV, past MAX_TABLE_ROWS, must be refused TOO_LARGE within BUDGET_REFUSE_MS (issue 33:
// its lines are counted before a delimiter is judged); and a 200 KB one-line text file (a run of
// spaces that a backtracking regular expression scans quadratically) is timed and must be refused or
// read within BUDGET_TEXT_MS. Exits 1 when a budget is missed. The machine is shared: CPU time is
// printed beside the wall time.
//
// The text file's budget is enforced: the delimited tokenizer (src/read/delimited.ts) is one linear
// pass since issue 36's round (was 12.7 s, held until the reader's time limit).
import { parseArgs } from 'node:util';
import { closePool, extractStatement } from '../src/extract.ts';
import { isStatementError } from '../src/errors.ts';
import { longCsv } from '../test/long/long-csv.ts';

const BUDGET_CSV_MS = 30_000;
const BUDGET_REFUSE_MS = 3_000;
const REFUSED_ROWS = 200_000;
const BUDGET_TEXT_MS = 1_000;

const { values } = parseArgs({ options: { rows: { type: 'string' } } });
const line = (s: string) => process.stdout.write(s + '\n');
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function timed(bytes: Uint8Array, fileName: string) {
  const t = performance.now();
  try {
    const x = await extractStatement(bytes, { fileName });
    const [a] = x.result.accounts;
    return {
      ms: performance.now() - t,
      what: `read: ${a?.transactions.length ?? 0} rows, reconciled ${a?.reconciliation.ok ?? false}`,
      rows: a?.transactions.length ?? 0,
      ok: a?.reconciliation.ok ?? false,
    };
  } catch (err) {
    const code = isStatementError(err) ? err.code : String(err);
    return { ms: performance.now() - t, what: `refused: ${code}`, rows: 0, ok: false, code };
  }
}

let failed = false;
const rows = Number(values.rows ?? 124_000);
const csv = new TextEncoder().encode(longCsv(rows));
// the readers start before the clock: the first job pays for a reader process's start-up
await extractStatement(new TextEncoder().encode(longCsv(50)), { fileName: 'warm.csv' });
const cpu0 = cpuMs();
const c = await timed(csv, 'long.csv');
const csvOk = c.rows === rows && c.ok && c.ms <= BUDGET_CSV_MS;
line(
  `${rows.toLocaleString('en-IN')}-row CSV (${(csv.length / 2 ** 20).toFixed(1)} MB): ${c.ms.toFixed(0)} ms wall, ` +
    `${(cpuMs() - cpu0).toFixed(0)} ms CPU in this process; ${c.what}; budget ${BUDGET_CSV_MS} ms: ${csvOk ? 'ok' : 'MISSED'}`,
);
failed ||= !csvOk;

const long = new TextEncoder().encode(longCsv(REFUSED_ROWS));
const r = await timed(long, 'longer.csv');
const refusedOk = r.code === 'TOO_LARGE' && r.ms <= BUDGET_REFUSE_MS;
line(
  `${REFUSED_ROWS.toLocaleString('en-IN')}-row CSV (${(long.length / 2 ** 20).toFixed(1)} MB): ${r.ms.toFixed(0)} ms wall; ` +
    `${r.what}; budget ${BUDGET_REFUSE_MS} ms: ${refusedOk ? 'ok' : 'MISSED'}`,
);
failed ||= !refusedOk;

const text = new TextEncoder().encode(`Statement\na${' '.repeat(200_000)}\tb\n`);
const t = await timed(text, 'one-line.txt');
const textOk = t.ms <= BUDGET_TEXT_MS;
line(
  `200 KB one-line text: ${t.ms.toFixed(0)} ms; ${t.what}; budget ${BUDGET_TEXT_MS} ms: ${textOk ? 'ok' : 'MISSED'}`,
);
failed ||= !textOk;

await closePool();
process.exit(failed ? 1 : 0);
