import { toXlsxBytes, type XlsxCell } from '@bahi/core';

// A year of a busy current account as HDFC's net banking exports it (issue 19): `count` rows in one
// XLSX, generated on the spot rather than stored. The balances chain exactly, so the read reconciles.
// Every 5th row is a UPI payment to one of 40 payees, every 7th a salary or sale credit.

export type YearRow = {
  date: string;
  narration: string;
  withdrawal: number;
  deposit: number;
  balance: number;
};

const PAYEES = Array.from({ length: 40 }, (_, i) => `PAYEE${String(i).padStart(2, '0')}`);

export function yearRows(count: number): { opening: number; rows: YearRow[] } {
  const opening = 5_00_000;
  let balance = opening * 100; // paise
  const rows: YearRow[] = [];
  const start = Date.UTC(2024, 3, 1);
  for (let i = 0; i < count; i++) {
    const day = new Date(start + Math.floor((i * 365) / count) * 86_400_000);
    const dd = String(day.getUTCDate()).padStart(2, '0');
    const mm = String(day.getUTCMonth() + 1).padStart(2, '0');
    const yy = String(day.getUTCFullYear() % 100).padStart(2, '0');
    const credit = i % 7 === 3;
    const paise = credit ? 2_500_000 + (i % 97) * 1_000 : 15_000 + ((i * 37) % 900) * 100;
    balance += credit ? paise : -paise;
    const narration = credit
      ? `NEFT CR-SBIN0001234-ACME TRADERS ${i % 11}-INVOICE ${100_000 + i}`
      : i % 5 === 0
        ? `UPI-${PAYEES[i % PAYEES.length]}-${PAYEES[i % PAYEES.length]!.toLowerCase()}@okaxis-UTIB0000123-${400_000_000_000 + i}-RENT`
        : `POS 4591XXXXXXXX1234 STORE ${i % 53} AHMEDABAD ${i}`;
    rows.push({
      date: `${dd}/${mm}/${yy}`,
      narration,
      withdrawal: credit ? 0 : paise / 100,
      deposit: credit ? paise / 100 : 0,
      balance: balance / 100,
    });
  }
  return { opening, rows };
}

/** The rows as HDFC's XLSX export lays them out: header block, headings, a row of stars, the rows. */
export function yearStatementXlsx(count: number): Uint8Array {
  const { opening, rows } = yearRows(count);
  const blank: XlsxCell[] = [];
  const first = rows[0]!.date;
  const last = rows[rows.length - 1]!.date;
  const body: XlsxCell[][] = [
    ['HDFC BANK Ltd.', '', 'Page No .: 1'],
    blank,
    ['MAHALAXMI STEELS', '', '', '', 'Account Branch :', 'NAVRANGPURA'],
    ['', '', '', '', 'Account No :', '50100982122655   CURRENT'],
    ['', '', '', '', 'RTGS/NEFT IFSC :', 'HDFC0016626'],
    ['Statement of accounts', '', '', '', `From : ${first}`, `To : ${last}`],
    blank,
    ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
    ['********', '********', '********', '********', '********', '********', '********'],
    ...rows.map((r, i): XlsxCell[] => [
      r.date,
      r.narration,
      String(700_000_000_000 + i).padStart(16, '0'),
      r.date,
      r.withdrawal || null,
      r.deposit || null,
      r.balance,
    ]),
    ['********', '********', '********', '********', '********', '********', '********'],
    ['STATEMENT SUMMARY :-'],
    ['Opening Balance', 'Dr Count', 'Cr Count', 'Debits', 'Credits', 'Closing Bal'],
    [
      opening,
      rows.filter((r) => r.withdrawal).length,
      rows.filter((r) => r.deposit).length,
      rows.reduce((s, r) => s + r.withdrawal, 0),
      rows.reduce((s, r) => s + r.deposit, 0),
      rows[rows.length - 1]!.balance,
    ],
  ];
  return toXlsxBytes({
    name: 'Sheet1',
    columns: [
      { header: '' },
      { header: '' },
      { header: '' },
      { header: '' },
      { header: '' },
      { header: '' },
      { header: '' },
    ],
    rows: body,
  });
}
