import { z } from 'zod';

/**
 * GST or TDS split of a bank row (issue 35, decision 055), as core's TaxSplit: `gst`, the row's
 * amount is a charge plus GST input (CGST + SGST within a state, IGST between states); `tds`, the
 * row's amount is net of TDS (interest credited less TDS, a payment less TDS).
 */
const rate = z
  .number()
  .gt(0, 'The tax rate must be above 0.')
  .lt(100, 'The tax rate must be below 100.')
  .refine(
    (r) => Math.abs(Math.round(r * 100) - r * 100) < 1e-6,
    'The tax rate can have at most two decimals.',
  );

export const TaxSplitInfo = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gst'), ratePercent: rate, interstate: z.boolean() }),
  z.object({
    kind: z.literal('tds'),
    ratePercent: rate,
    section: z.string().trim().max(20).optional(),
  }),
]);
export type TaxSplitInfo = z.infer<typeof TaxSplitInfo>;

/** PUT /office/accounts/{id}/splits: a split per unpushed row (null: none, the whole amount to the ledger). */
export const SetSplitsRequest = z.object({
  rows: z
    .array(z.object({ id: z.string().uuid(), tax_split: TaxSplitInfo.nullable() }))
    .min(1)
    .max(50_000),
});
export type SetSplitsRequest = z.infer<typeof SetSplitsRequest>;

export const SetSplitsAnswer = z.object({ updated: z.number().int().min(0) });
