// What one answer of the routes the office's screens poll costs the server, apart from the machine's
// load (issue 37, decision 052 round four): the CPU time the process spends per request (the
// embedded database's included when it runs inline, and its thread's as well: process.cpuUsage
// counts every thread), and the wall time of requests made one after another. On a busy shared
// machine the CPU time per request is the figure that compares between trees; the office load
// bench (office-load-bench.ts) gives the latencies under load.
//
//   node bench/route-cost-bench.ts [requests=300] [book rows=400]
//
// Set BAHI_PGLITE_THREAD=1 to measure with PGlite on its own thread.
import { randomUUID } from 'node:crypto';
import { insertDrop } from '../src/queue/store.ts';
import { call, startApp } from '../test/helpers/harness.ts';
import { member } from '../test/helpers/security.ts';

const N = Number(process.argv[2] ?? 300);
const ROWS = Number(process.argv[3] ?? 400);
const h = await startApp();
const o = await member(h, { pages: 100_000 });
const token = await o.token();
const api = (method: 'GET' | 'POST', url: string, json?: unknown) =>
  call(h.app, method, `/api/office${url}`, { token, json });

const fmt = (p: number) => (p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });
let bal = 50_000_000;
const transactions = Array.from({ length: ROWS }, (_, i) => {
  const paise = 10_000 + ((i * 7919) % 90_000);
  const out = i % 3 !== 2;
  bal += out ? -paise : paise;
  const d = new Date(Date.UTC(2025, 3, 1) + Math.floor((i * 365) / ROWS) * 86_400_000);
  return {
    Date: `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`,
    Description: `${['UPI-KIRANA STORE', 'NEFT-SHARMA ESTATES-RENT', 'NEFT-ACME CORP-INV'][i % 3]}-${i}-REF${100000 + i}`,
    Withdrawal: out ? fmt(paise) : '',
    Deposit: out ? '' : fmt(paise),
    ClosingBalance: fmt(bal),
  };
});
const client = (await api('POST', '/clients', { name: 'Bench Traders', state_code: '27' })).body;
const account = (
  await api('POST', `/clients/${client.id}/accounts`, {
    bank: 'HDFC',
    account_number: '50100123',
    tally_ledger: 'HDFC',
  })
).body.account;
const filed = await api('POST', '/statements/file', {
  client_id: client.id,
  account_number: '50100123',
  transactions,
});
if (filed.body.kind !== 'filed') throw new Error(filed.raw);
await api('POST', `/clients/${client.id}/rules`, { words: ['SHARMA'], ledger: 'Office Rent' });
// 60 files on the inbox, as the jobs screen polls them
await insertDrop(
  h.database.db,
  o.id,
  null,
  randomUUID(),
  Array.from({ length: 60 }, (_, i) => ({
    fileName: `statement-${i}.pdf`,
    key: `bench/${randomUUID()}`,
    size: 100_000 + i,
    sha256: randomUUID().replaceAll('-', ''),
  })),
);

const routes: Record<string, string> = {
  book: `/accounts/${account.id}/book`,
  'book page': `/accounts/${account.id}/book?rows_from=100&rows_limit=50`,
  jobs: '/jobs?inbox=1',
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1];
for (const [name, url] of Object.entries(routes)) {
  for (let i = 0; i < 20; i++) await api('GET', url); // warm
  const walls: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    const res = await api('GET', url);
    walls.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.raw}`);
  }
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${name.padEnd(9)} n=${N}  cpu ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms/request  wall p50 ${pct(walls, 50).toFixed(2)} ms  p99 ${pct(walls, 99).toFixed(2)} ms`,
  );
}
await h.close();
