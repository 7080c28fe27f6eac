import { z } from 'zod';

// A client's month report (issue 35, decision 055): GET /office/clients/{id}/report?month=YYYY-MM,
// and the same as an XLSX workbook (/report.xlsx). Amounts as the book shows them ('1,23,456.78',
// '' when unknown), dates DD-MM-YYYY.

// Pure: the web app never reads it, and its bundle leaves it out (the screen's budget, DESIGN.md).
export const MonthReportQuery = /* @__PURE__ */ z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month is YYYY-MM.'),
});
export type MonthReportQuery = z.infer<typeof MonthReportQuery>;

export const ReportAccountInfo = z.object({
  account_id: z.string(),
  label: z.string(),
  ledger: z.string(),
  opening: z.string(),
  closing: z.string(),
  inflow: z.string(),
  outflow: z.string(),
  rows: z.number().int(),
  pushed: z.number().int(),
  /** a break in the balance chain in the month: money missing before `before_date` */
  gaps: z.array(z.object({ after_date: z.string(), before_date: z.string(), difference: z.string() })),
  /** days of the month no filed statement covers */
  uncovered: z.array(z.object({ from: z.string(), to: z.string() })),
});

export const MonthReportAnswer = z.object({
  client: z.object({ id: z.string(), name: z.string() }),
  month: z.string(),
  accounts: z.array(ReportAccountInfo),
  ledgers: z.array(
    z.object({ ledger: z.string(), inflow: z.string(), outflow: z.string(), rows: z.number().int() }),
  ),
  suspense: z.array(
    z.object({
      account: z.string(),
      date: z.string(),
      description: z.string(),
      inflow: z.string(),
      outflow: z.string(),
    }),
  ),
  /** GST input and TDS the rows' splits book, by ledger */
  taxes: z.array(
    z.object({
      ledger: z.string(),
      head: z.enum(['cgst', 'sgst', 'igst', 'tds']),
      debit: z.string(),
      credit: z.string(),
      rows: z.number().int(),
    }),
  ),
  /** the pushes that took rows of the month, and what Tally answered */
  pushes: z.array(
    z.object({
      id: z.string(),
      account: z.string(),
      created_at: z.string(),
      rows: z.number().int(),
      vouchers: z.number().int(),
      in_tally: z.number().int(),
      state: z.enum(['done', 'partly', 'not_done', 'expired']),
      problems: z.array(z.string()),
    }),
  ),
  /** rows of the month marked pushed with no push of Bahi's: found already in Tally */
  found_in_tally: z.number().int(),
});
export type MonthReportAnswer = z.infer<typeof MonthReportAnswer>;
