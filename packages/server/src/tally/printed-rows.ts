// What a statement printed beside each row that the specification's row shape has no place for: the
// reference (cheque number, UTR) and the value date, kept as the 6th and 7th items of a stored row
// (statement_row_chunks). Rows are matched by what they show (date, amounts, narration), so a
// browser naming rows (a filtered table, an edited statement) never sets these itself (issue 12).
import type { StoredRow } from '@bahi/contract';

/** The engine's row fields kept beside the shown ones. */
export type RowSource = { reference?: string | null; valueDate?: string | null };

/** The stored row with what the statement printed beside it, when it printed anything. */
export function withPrinted(
  row: StoredRow,
  source: RowSource | undefined,
  shownDate: (iso: string) => string,
): StoredRow {
  const reference = source?.reference?.trim() ?? '';
  const valueDate = source?.valueDate ? shownDate(source.valueDate) : '';
  const [date, description, withdrawal, deposit, balance] = row;
  return reference || valueDate
    ? [date, description, withdrawal, deposit, balance, reference.slice(0, 100), valueDate]
    : [date, description, withdrawal, deposit, balance];
}

/** What the statement printed beside a row, as stored: the reference and the value date (DD-MM-YYYY). */
export type Printed = { reference: string; valueDate: string };

/** A row's identity within its statement: date, amounts and narration as shown. */
export function rowKey(r: StoredRow | readonly string[]): string {
  return [r[0], r[2], r[3], r[1]].map((s) => (s ?? '').trim()).join('\u0000');
}

/**
 * For each row named by its identity, what the stored statement printed beside it. Two identical
 * rows (same day, amounts and narration) take the stored ones in order.
 */
export class PrintedRows {
  private readonly byKey = new Map<string, Printed[]>();

  constructor(stored: readonly StoredRow[]) {
    for (const r of stored) {
      const printed = { reference: r[5]?.trim() ?? '', valueDate: r[6]?.trim() ?? '' };
      const queue = this.byKey.get(rowKey(r));
      if (queue) queue.push(printed);
      else this.byKey.set(rowKey(r), [printed]);
    }
  }

  /** What was printed beside the next stored row like `row`; empty strings when nothing. */
  take(row: StoredRow | readonly string[]): Printed {
    return this.byKey.get(rowKey(row))?.shift() ?? { reference: '', valueDate: '' };
  }
}

/**
 * Rows as a browser sends them again (PUT /statements/{id}/rows), with each row's reference and
 * value date put back from the stored rows it matches: the browser cannot set or change them.
 */
export function keepPrinted(stored: readonly StoredRow[], incoming: readonly StoredRow[]): StoredRow[] {
  const printed = new PrintedRows(stored);
  return incoming.map((r): StoredRow => {
    const p = printed.take(r);
    const [date, description, withdrawal, deposit, balance] = r;
    return p.reference || p.valueDate
      ? [date, description, withdrawal, deposit, balance, p.reference, p.valueDate]
      : [date, description, withdrawal, deposit, balance];
  });
}
