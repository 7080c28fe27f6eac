// What the Tally routes do with Bahi's record of sent vouchers (sent.ts, issue 31): a download is
// recorded when it is handed out (the file may be imported at once); a push only when Tally's answer
// accounts for every voucher of the part (or file) it answered for. Downloads and pushes say what
// they left out.
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TallyImportReport } from '@bahi/contract';
import type { Db, DbOrTx } from '../db/index.ts';
import { badRequest, conflict } from '../errors.ts';
import { confirmBookRows } from '../office/pushes.ts';
import { tallyExports } from '../statements/tables.ts';
import { leftOutMessage, type BankExport } from './bank-export.ts';
import { keptVouchers } from '@bahi/tally';
import { recordVouchers, voucherIdsIn, withMovements } from './sent.ts';

/** 409 with what was left out when everything was, else 400 with `otherwise`. */
export function nothingNew(file: BankExport, otherwise: string) {
  const left = file.alreadySent + file.alreadyDownloaded + file.inTally.length;
  if (left === 0) return badRequest(otherwise);
  return conflict(
    `Nothing new: all ${left} voucher(s) went to Tally before (${leftOutMessage(file)}) ` +
      'To put them in again, ask for the ones already sent too.',
  );
}

/** Headers that say how many vouchers the file holds and how many were left out. */
export function withLeftOut(reply: FastifyReply, file: BankExport): FastifyReply {
  return reply
    .header('X-Bahi-Vouchers', String(file.vouchers))
    .header('X-Bahi-Already-Sent', String(file.alreadySent))
    .header('X-Bahi-Already-Downloaded', String(file.alreadyDownloaded));
}

/** A download hands the vouchers out: recorded as downloaded (400/409 when the file would be empty). */
export async function recordDownload(
  db: DbOrTx,
  userId: string,
  company: string | undefined,
  ledger: string,
  file: BankExport,
  now: Date,
): Promise<void> {
  if (file.vouchers === 0) throw nothingNew(file, 'No transactions with a date and an amount to download.');
  await recordVouchers(
    db,
    { userId, company, ledger },
    withMovements(file.ids, file.movementOf),
    'downloaded',
    null,
    now,
  );
}

/** Did Tally take every object it was sent? Its parsed answer says so (ok counts what was sent). */
export function tallyTookAll(report: {
  ok: boolean;
  status?: string;
  tally_response?: TallyImportReport | null;
}) {
  return report.ok && report.status !== 'error' && report.tally_response?.ok === true;
}

/**
 * Tally took every voucher of `xml` (an export or one of its parts): they are recorded as sent for
 * the export's company and bank ledger, and an office push's book rows among them marked pushed.
 */
export async function confirmSent(
  db: Db,
  userId: string,
  exportId: string,
  /** the file, or its parts read one at a time (a whole push kept in parts: never joined, issue 33) */
  xml: string | ((tx: DbOrTx) => AsyncIterable<string>),
  now: Date,
) {
  if (typeof xml === 'string' && !voucherIdsIn(xml).length) return;
  const [row] = await db
    .select({ ledger: tallyExports.ledgerName, company: tallyExports.companyName })
    .from(tallyExports)
    .where(and(eq(tallyExports.id, exportId), eq(tallyExports.userId, userId)));
  if (!row) return;
  const scope = { userId, company: row.company, ledger: row.ledger };
  // Each voucher with the bank's movement its XML carries: the record answers for it by day, side
  // and amount as well as by id (decision 037, round 3f).
  const vouchersOf = (file: string) =>
    keptVouchers(file, row.ledger).flatMap((v) =>
      v.remoteId
        ? [{ id: v.remoteId, ...(v.date ? { date: v.date, side: v.side, paise: v.paise } : {}) }]
        : [],
    );
  await db.transaction(async (tx) => {
    if (typeof xml === 'string') {
      await recordVouchers(tx, scope, vouchersOf(xml), 'sent', exportId, now);
    } else {
      let any = false;
      for await (const part of xml(tx)) {
        const vouchers = vouchersOf(part);
        if (vouchers.length === 0) continue;
        any = true;
        await recordVouchers(tx, scope, vouchers, 'sent', exportId, now);
      }
      if (!any) return;
    }
    await confirmBookRows(tx, exportId, { userId, company: row.company }, now);
  });
}
