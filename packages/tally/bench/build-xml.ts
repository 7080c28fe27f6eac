// Benchmark: building the import file of N bank rows (send-to-tally's work before storing it), in
// wall and CPU milliseconds (CPU is steadier on a shared machine).
//   node packages/tally/bench/build-xml.ts [rows]
import { buildBankVouchersXml, type BankTransaction } from '../src/index.ts';
const rows: BankTransaction[] = Array.from({ length: Number(process.argv[2] ?? 5000) }, (_, i) => ({
  date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  description: `NEFT CR-HDFC0001234-PARTY ${i} LTD-HDFCN5202512${String(i).padStart(8, '0')}`,
  withdrawal: i % 2 ? 100_00 + i : 0,
  deposit: i % 2 ? 0 : 250_00 + i,
  reference: `UTR${String(i).padStart(10, '0')}`,
  ledger: 'Rent',
}));
const t = performance.now();
const c0 = process.cpuUsage();
buildBankVouchersXml({ company: 'Bench Co', bankLedger: 'HDFC 5020', transactions: rows, withMasters: true });
const c = process.cpuUsage(c0);
console.log((performance.now() - t).toFixed(0), 'ms wall', ((c.user + c.system) / 1000).toFixed(0), 'ms cpu');
