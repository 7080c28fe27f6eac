import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ENDPOINTS,
  MAX_BILLING_VOUCHERS,
  RuleSetName,
  vouchersOf,
  type BillingDataAnswer,
  type BillingVoucher,
} from '@bahi/contract';
import {
  DEFAULT_RULE_SET_NAME,
  allocateBilling,
  addDays,
  isIsoDate,
  paiseToRupees,
  parseAmount,
  parseSpecDate,
  type RuleSet,
} from '@bahi/core';
import { BILLING_DEFAULTS, buildTaxInvoicesXml } from '@bahi/tally';
import type { KeptFile } from '@bahi/statements';
import { requireAdmin } from '../auth/guards.ts';
import { vouchersCsv, vouchersXlsx } from '../billing/export.ts';
import { CSV_TYPE, XLSX_TYPE, XML_TYPE, sendDownload } from '../download.ts';
import { readAmountsWorkbook, readItemsWorkbook, workbookNeedsPassword } from '../billing/workbook.ts';
import { serve } from '../endpoints.ts';
import { badRequest } from '../errors.ts';
import { bytesOfKept, fileOf, withForm } from '../multipart.ts';
import { loadCompany, partyRegistration, taxLedgersOf } from '../tally/company.ts';
import { loadRuleSet } from './rules.ts';
import { withReadSlot } from '../statements/work-limits.ts';

// Billing (issue 6, spec sections 2 and 7, DESIGN.md 'Billing'): item workbooks to billing vouchers,
// and those vouchers to tax-invoice XML, Excel or CSV. Admin only. The specification's screens send
// no token on these calls; ours do, so the admin role can be checked here and not only on the screen.

/** Ten crore rupees: far beyond any one day's billing, and it bounds the work of one allocation. */
const MAX_BILLING_AMOUNT_PAISE = 10_00_00_000 * 100;

interface BillingForm {
  /** the items workbook, kept on disk for the request (issue 33) */
  file: KeptFile;
  amountFile?: KeptFile;
  fields: Record<string, string>;
}

/** Runs `fn` with the billing form, its workbooks kept on disk and removed when it ends. */
async function withBillingForm<T>(
  request: FastifyRequest,
  fn: (form: BillingForm) => Promise<T>,
): Promise<T> {
  return withForm(request, 'Send the workbook as multipart form data (field "file").', async (form) => {
    const file = fileOf(form, 'file');
    if (!file) throw badRequest('Choose an XLSX file to upload.');
    return fn({ file, amountFile: fileOf(form, 'amount_file'), fields: form.fields });
  });
}

/** Today in India, ISO. */
function todayInIndia(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

function formDate(text: string | undefined, now: Date): string {
  const t = (text ?? '').trim();
  if (!t) return todayInIndia(now);
  const iso = isIsoDate(t) ? t : parseSpecDate(t);
  if (!iso) throw badRequest(`The date ${JSON.stringify(t)} is not a valid date (DD-MM-YYYY).`);
  return iso;
}

function formSeed(text: string | undefined): number {
  const t = (text ?? '').trim();
  if (!t) return randomInt(2 ** 31 - 1);
  if (!/^-?\d{1,10}$/.test(t) || !Number.isSafeInteger(Number(t)))
    throw badRequest('seed must be a whole number.');
  return Number(t);
}

function formStartReference(text: string | undefined): string {
  const t = (text ?? '').trim() || '1';
  if (t.length > 40) throw badRequest('The start reference has at most 40 characters.');
  return t;
}

const INVALID_AMOUNT = 'Please enter a valid amount to allocate.';

/** Days in an invoice date range at most (a year and a day: a leap year's whole). */
const MAX_RANGE_DAYS = 366;

/**
 * The days of an invoice date range (issue 34 round four: every invoice was dated one day), from
 * `from` to the form's `date_to` inclusive; [] when no end is given or it is the same day.
 */
function formRange(from: string, text: string | undefined): string[] {
  const t = (text ?? '').trim();
  if (!t) return [];
  const to = isIsoDate(t) ? t : parseSpecDate(t);
  if (!to) throw badRequest(`The date ${JSON.stringify(t)} is not a valid date (DD-MM-YYYY).`);
  if (to < from) throw badRequest('The last invoice date is before the first.');
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    days.push(d);
    if (days.length > MAX_RANGE_DAYS) throw badRequest('An invoice date range has at most 366 days.');
  }
  return days.length > 1 ? days : [];
}

/**
 * Invoices of one amount spread over the range's days in their order, as evenly as their count
 * allows (the first ones on the first day): the allocation itself is unchanged.
 */
export function spreadOverDays<T extends { Date: string }>(
  vouchers: readonly T[],
  days: readonly string[],
): T[] {
  if (days.length === 0) return [...vouchers];
  return vouchers.map((v, i) => ({ ...v, Date: days[Math.floor((i * days.length) / vouchers.length)] }));
}

function formAmount(text: string | undefined): number {
  const paise = parseAmount((text ?? '').trim());
  if (paise === null || paise <= 0) throw badRequest(INVALID_AMOUNT);
  if (paise > MAX_BILLING_AMOUNT_PAISE) throw badRequest('The amount to allocate is above ₹10,00,00,000.');
  return paise;
}

const billing: FastifyPluginAsync = async (app) => {
  const { db, now } = app.bahi;
  app.addHook('preHandler', requireAdmin);

  serve(app, ENDPOINTS.billingCheckPassword, async (request) =>
    withBillingForm(request, async (form) => {
      const required =
        workbookNeedsPassword(await bytesOfKept(form.file), 'items') ||
        (form.amountFile !== undefined &&
          workbookNeedsPassword(await bytesOfKept(form.amountFile), 'amounts'));
      return { password_required: required };
    }),
  );

  const getData = async (request: FastifyRequest): Promise<BillingDataAnswer> => {
    // The workbooks are kept on disk while they are read, and removed before the allocation runs.
    const { f, setName, rules, items, datedAmounts } = await withBillingForm(request, async (form) => {
      const f = form.fields;
      const setName = RuleSetName.safeParse(f.set_name?.trim() || DEFAULT_RULE_SET_NAME);
      if (!setName.success) throw badRequest(setName.error.issues[0].message);
      const rules = await loadRuleSet(db, request.user.id, setName.data);
      if (rules === null)
        throw badRequest(`There is no rule set named '${setName.data}'. Save it on the Rules screen first.`);
      const password = f.password || undefined;
      const userId = request.user.id;
      const as = { owner: userId };
      const read = await withReadSlot(app.bahi, userId, 'workbook', async () => ({
        items: await readItemsWorkbook(form.file, password, as),
        datedAmounts: form.amountFile ? await readAmountsWorkbook(form.amountFile, password, as) : undefined,
      }));
      return { f, setName, rules, ...read };
    });
    const amount = datedAmounts ? undefined : formAmount(f.amount_given);
    if (datedAmounts && datedAmounts.reduce((s, d) => s + d.amount, 0) > MAX_BILLING_AMOUNT_PAISE) {
      throw badRequest('The amounts workbook adds up to more than ₹10,00,00,000.');
    }
    const date = formDate(f.date, now());
    // a range is for one amount: the amounts workbook dates its own invoices
    const range = datedAmounts ? [] : formRange(date, f.date_to);
    const seed = formSeed(f.seed);
    const startReference = formStartReference(f.start_reference);
    const started = performance.now();
    // An AllocationError answers through the one error map (errors.ts: 'bad-input' 400, else 422).
    const result = allocateBilling({
      items,
      amount,
      datedAmounts,
      rules: rules as RuleSet,
      seed,
      startReference,
      date,
    });
    const vouchers = spreadOverDays(result.vouchers, range);
    const lines = result.vouchers.reduce((s, v) => s + v.Items.length, 0);
    request.log.info(
      {
        items: items.length,
        vouchers: result.vouchers.length,
        lines,
        ms: Math.round(performance.now() - started),
      },
      'billing allocated',
    );
    return {
      vouchers,
      totals: {
        amount: paiseToRupees(result.totalPaise),
        lines,
        vouchers: result.vouchers.length,
        round_off: paiseToRupees(result.roundOffPaise),
      },
      seed,
      start_reference: startReference,
      set_name: setName.data,
    };
  };
  serve(app, ENDPOINTS.billingData, getData);
  // The amounts workbook read alone (issue 34 round four): its total fills Amount to Allocate.
  serve(app, ENDPOINTS.billingAmountsTotal, async (request) => {
    const userId = request.user.id;
    const rows = await withForm(
      request,
      'Send the workbook as multipart form data (field "amount_file").',
      async (form) => {
        const file = fileOf(form, 'amount_file');
        if (!file) throw badRequest('Choose the amounts workbook (XLSX) to read.');
        return withReadSlot(app.bahi, userId, 'workbook', () =>
          readAmountsWorkbook(file, form.fields.password || undefined, { owner: userId }),
        );
      },
    );
    const total = rows.reduce((s, d) => s + d.amount, 0);
    const dates = rows.map((d) => d.date).sort();
    return {
      amount: (total / 100).toFixed(2),
      days: rows.length,
      from: dates[0],
      to: dates[dates.length - 1],
    };
  });
  serve(app, ENDPOINTS.billingDataSpec, getData);

  function checkedVouchers(data: unknown): BillingVoucher[] {
    const vouchers = vouchersOf(data as Parameters<typeof vouchersOf>[0]);
    if (vouchers.length === 0) throw badRequest('There are no vouchers to export.');
    if (vouchers.length > MAX_BILLING_VOUCHERS)
      throw badRequest(`At most ${MAX_BILLING_VOUCHERS} vouchers at a time.`);
    return vouchers;
  }

  serve(app, ENDPOINTS.taxInvoices, async (request, reply, body) => {
    const vouchers = checkedVouchers(body.vouchers_data);
    // The company named, as last read from Tally (bridge or masters file): its state, GSTIN and
    // release fill what the form leaves out, and masters it already has are not declared.
    const company = body.company_name
      ? await loadCompany(app.bahi.db, request.office.id, body.company_name)
      : undefined;
    // A party ledger the company keeps with a GSTIN (issue 12): its registration, unless the form gives one.
    const party = partyRegistration(company, body.party_ledger ?? BILLING_DEFAULTS.partyLedger);
    const wanted = body.gst_registration?.toLowerCase();
    const registration = wanted
      ? company?.registrations.find((r) => r.name.trim().toLowerCase() === wanted)
      : undefined;
    // A TallyError answers through the one error map (errors.ts).
    const xml = buildTaxInvoicesXml({
      vouchers: vouchers.map((v) => ({
        Reference: v.Reference,
        Date: v.Date,
        Items: v.Items.map((it) => ({ ...it, Total: it.Total === '' ? undefined : it.Total })),
        // The allocation's own round-off, so the invoices add up to the amount allocated.
        RoundOff: v.RoundOff,
      })),
      partyLedger: body.party_ledger ?? BILLING_DEFAULTS.partyLedger,
      salesLedger: body.sales_ledger ?? BILLING_DEFAULTS.salesLedger,
      narration: body.narration ?? BILLING_DEFAULTS.narration,
      // No silent default (issue 12): the form shows the specification's Force State and sends it;
      // a request without it and without the company's state is refused (no_company_state).
      forceState: body.force_state || undefined,
      // A registration of the company picked (TallyPrime 3.0+, issue 31): the invoices are issued
      // from its state under its GSTIN (a company registered in two states issues from either).
      companyState: registration?.state || body.company_state || company?.company.state || undefined,
      companyGstin: registration?.gstin || body.company_gstin || company?.company.gstin || undefined,
      gstRegistration: registration?.name || body.gst_registration || undefined,
      partyGstin: body.party_gstin || party.gstin || undefined,
      partyState: body.party_state || party.state || undefined,
      partyRegistrationType: body.party_gstin ? undefined : party.registrationType,
      tallyVersion: body.tally_version || company?.company.version || undefined,
      company: company?.company.name || body.company_name || undefined,
      existingLedgers: company?.ledgers.map((l) => l.name),
      // The tax ledgers picked on the screen, else the company's own of each duty head (by the head
      // Tally keeps on them), not new ones (issue 31).
      taxLedgers: {
        ...taxLedgersOf(company),
        ...(body.cgst_ledger ? { cgst: body.cgst_ledger } : {}),
        ...(body.sgst_ledger ? { sgst: body.sgst_ledger } : {}),
        ...(body.igst_ledger ? { igst: body.igst_ledger } : {}),
      },
      unit: body.unit || undefined,
      existingStockItems: company?.stockItems.map((i) => i.name),
      // The company's items in their own units and with their HSN (issue 31), a row's HSN first.
      itemUnits: Object.fromEntries(
        (company?.stockItems ?? []).flatMap((i) => (i.unit ? [[i.name, i.unit]] : [])),
      ),
      hsnCodes: Object.fromEntries(
        (company?.stockItems ?? []).flatMap((i) => (i.hsn ? [[i.name, i.hsn]] : [])),
      ),
      existingUnits: company?.units.map((u) => u.name),
      // Invoices as issued (issue 31): under a type numbered by hand TallyPrime keeps the numbers.
      voucherType: body.voucher_type || undefined,
      existingVoucherTypes: company?.voucherTypes.map((t) => t.name),
      invoiceType: body.typess ?? BILLING_DEFAULTS.invoiceType,
      // Masters first (ledgers, unit, stock items), so a fresh company imports the invoices as is.
      withMasters: true,
    });
    request.log.info({ vouchers: vouchers.length }, 'tax_invoices.xml generated');
    return sendDownload(reply, 'tax_invoices.xml', XML_TYPE, xml);
  });

  serve(app, ENDPOINTS.billingXlsx, async (_request, reply, body) => {
    const vouchers = checkedVouchers(body.vouchers_data);
    const bytes = await vouchersXlsx(vouchers);
    return sendDownload(reply, 'billing_vouchers.xlsx', XLSX_TYPE, bytes);
  });

  serve(app, ENDPOINTS.billingCsv, async (_request, reply, body) => {
    const vouchers = checkedVouchers(body.vouchers_data);
    return sendDownload(reply, 'billing_vouchers.csv', CSV_TYPE, vouchersCsv(vouchers));
  });
};

export default billing;
