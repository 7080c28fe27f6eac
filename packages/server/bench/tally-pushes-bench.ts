// What the list of pushes and the plan before a push cost on a year of a busy account (issue 31):
// 20,000 rows sent to Tally (40 parts), then the list (its in-Tally count comes from the kept XML,
// in the database), one push's vouchers, the plan of the same rows, and send again. On PGlite in
// memory, the test harness's app, in this process. Run: node bench/tally-pushes-bench.ts
import { performance } from 'node:perf_hooks';
import { call, startApp } from '../test/helpers/harness.ts';
import { makeMember } from '../test/helpers/queue.ts';
import { pushExport } from '../test/helpers/tally-push.ts';
import { TallyEmulator } from '@bahi/tally';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
let balance = 10_000_000_000;
const rows = Array.from({ length: ROWS }, (_, i) => {
  const day = new Date(Date.UTC(2025, 3, 1) + Math.floor(i / 55) * 86_400_000);
  const out = i % 3 !== 0;
  const paise = 10_000 + ((i * 7919) % 500_000);
  balance += out ? -paise : paise;
  const fmt = (p: number) => (p / 100).toFixed(2);
  return {
    Date: `${String(day.getUTCDate()).padStart(2, '0')}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${day.getUTCFullYear()}`,
    Description: `${out ? 'NEFT/OUT' : 'NEFT/IN'}/PARTY ${i % 400}/${100000 + i}`,
    Withdrawal: out ? fmt(paise) : '',
    Deposit: out ? '' : fmt(paise),
    ClosingBalance: fmt(balance),
  };
});

const h = await startApp();
try {
  const { token } = await makeMember(h, 0);
  const body = { transactions: rows, ledger_name: 'Bench Bank', company_name: 'Bench Co' };
  const timed = async (label: string, run: () => Promise<{ status: number; body: unknown }>) => {
    const t = performance.now();
    const res = await run();
    const ms = performance.now() - t;
    if (res.status >= 300)
      throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    console.log(`${label}: ${ms.toFixed(0)} ms`);
    return res;
  };
  await timed(`plan of ${ROWS} rows`, () =>
    call(h.app, 'POST', '/api/tally/push-plan', { token, json: body }),
  );
  const sent = await timed(`send-to-tally of ${ROWS} rows`, () =>
    call(h.app, 'POST', '/api/tally/send-to-tally?xml=none', { token, json: body }),
  );
  const id = (sent.body as { xml_id: string }).xml_id;
  for (let i = 0; i < 4; i++)
    await timed(`list of pushes, none answered (run ${i + 1})`, () =>
      call(h.app, 'GET', '/api/tally/pushes', { token }),
    );
  await timed('one push, 200 vouchers not in Tally', () =>
    call(h.app, 'GET', `/api/tally/pushes/${id}?state=waiting`, { token }),
  );
  await timed(`send again (${ROWS} vouchers)`, () =>
    call(h.app, 'POST', `/api/tally/pushes/${id}/again`, { token, json: {} }),
  );
  // Tally takes the first push whole (the emulator, part by part, as the bridge reports it): the
  // common case, every voucher in Tally, counted without reading the XML.
  const tally = new TallyEmulator(['Bench Co']);
  const t = performance.now();
  await pushExport(h, token, tally, id, { parts: Math.ceil(ROWS / 500) });
  console.log(
    `push of ${ROWS} vouchers into the emulator, answers reported: ${(performance.now() - t).toFixed(0)} ms`,
  );
  for (let i = 0; i < 4; i++)
    await timed(`list of pushes, one all in Tally (run ${i + 1})`, () =>
      call(h.app, 'GET', '/api/tally/pushes', { token }),
    );
} finally {
  await h.close();
}
