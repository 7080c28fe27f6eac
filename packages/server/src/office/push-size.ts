// Issue 33: a push's size is known before its XML is built. A 200,000-row book's push built its
// whole XML (10-20 s of a frozen server, gigabytes) before finding it too large to keep; the
// database now adds up what the XML will hold, and a push that cannot fit is refused at once.
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import { bookRows } from './tables.ts';

/**
 * XML of one bank voucher beside its narration, ledger and reference: measured 1,413 bytes with a
 * 10-character narration (buildBankVouchersXml, 1,000 vouchers, masters included); rounded up so
 * the estimate stays above what is built.
 */
const VOUCHER_BYTES = 1_600;

/**
 * About how many bytes the XML of the book's unpushed rows (of `month`, when given) will take: each
 * amount printed is one voucher carrying the row's narration, its ledger twice and its reference.
 */
export async function estimatePushBytes(tx: DbOrTx, accountId: string, month?: string): Promise<number> {
  const vouchers = sql`((${bookRows.withdrawal} <> 0)::int + (${bookRows.deposit} <> 0)::int)`;
  const [row] = await tx
    .select({
      bytes: sql<string | null>`sum(${vouchers} * (${VOUCHER_BYTES} + octet_length(${bookRows.description})
        + 2 * octet_length(${bookRows.ledger}) + coalesce(octet_length(${bookRows.reference}), 0)))`,
    })
    .from(bookRows)
    .where(
      and(
        eq(bookRows.accountId, accountId),
        isNull(bookRows.pushedAt),
        month ? like(bookRows.date, `${month}-%`) : undefined,
      ),
    );
  return Number(row?.bytes ?? 0);
}

/** Refuses, before anything is built, a push whose XML would pass `maxBytes`; else its estimate. */
export async function assertPushFits(
  tx: DbOrTx,
  accountId: string,
  maxBytes: number,
  month?: string,
): Promise<number> {
  const bytes = await estimatePushBytes(tx, accountId, month);
  if (bytes <= maxBytes) return bytes;
  const mb = (n: number) => `${Math.ceil(n / 2 ** 20)} MB`;
  throw badRequest(
    `This push would be about ${mb(bytes)} of XML; one push holds at most ${mb(maxBytes)}. ` +
      (month ? 'This month alone is more than one push can hold.' : 'Push one month at a time.'),
  );
}
