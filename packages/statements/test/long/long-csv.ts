// A long delimited statement (issue 37): `rows` transactions of a running balance that reconciles,
// as a net-banking CSV download prints them. Shared by the long-CSV test and the bench.

const pad = (n: number) => String(n).padStart(2, '0');

/** The CSV text, dates from 1 April 2024 onwards (a few rows a day), amounts in paise exact. */
export function longCsv(rows: number): string {
  const out = ['Date,Narration,Chq./Ref.No.,Withdrawal Amt.,Deposit Amt.,Closing Balance'];
  let balance = 1_000_000_00; // paise
  const start = Date.UTC(2024, 3, 1);
  const perDay = Math.max(1, Math.ceil(rows / 360));
  for (let i = 0; i < rows; i++) {
    const d = new Date(start + Math.floor(i / perDay) * 86_400_000);
    const date = `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
    const amount = 100 + ((i * 7919) % 500_000); // paise
    const deposit = i % 3 === 0;
    balance += deposit ? amount : -amount;
    const rupees = (p: number) => (p / 100).toFixed(2);
    out.push(
      [
        date,
        `UPI/${400000 + i}/PAYEE ${i % 97}/ok`,
        String(100000 + i),
        deposit ? '' : rupees(amount),
        deposit ? rupees(amount) : '',
        rupees(balance),
      ].join(','),
    );
  }
  return out.join('\n') + '\n';
}
