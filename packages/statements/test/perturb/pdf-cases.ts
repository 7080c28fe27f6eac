// PDF layout variants of the corpus statements: seeded recipes per bank, drawn with pdfkit, read
// with the package's own reader and parser, scored against the corpus truth. Shared by the test
// and scripts/pdf-variants-report.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BankCode } from '@bahi/core';
import { parseStatement, readDocument, type StatementResult } from '../../src/index.ts';
import { PROFILES } from '../../src/parse/registry.ts';
import {
  familyOf,
  flatRecipe,
  makeRecipe,
  renderStatement,
  truthFor,
  type Recipe,
  type Truth,
} from './pdf-recipe.ts';
import { CORPUS as corpus } from '../shared-corpus.ts';
import { judgeParse } from './judge.ts';

/** The names banks print at the top of their statements. */
export const BANK_NAMES: Record<string, string> = {
  AXIS: 'AXIS BANK',
  KOTAK: 'Kotak Mahindra Bank',
  HDFC: 'HDFC BANK LTD',
  ICICI: 'ICICI Bank Limited',
  SBI: 'State Bank of India',
  BOB: 'Bank of Baroda',
  UNION: 'Union Bank of India',
  PNB: 'PUNJAB NATIONAL BANK',
  CANARA: 'Canara Bank',
  UTKARSH: 'Utkarsh Small Finance Bank',
  BOM: 'Bank of Maharashtra',
  INDIANBANK: 'INDIAN BANK',
  BANKOFINDIA: 'Bank of India',
};

export interface PdfCase {
  name: string;
  bank: string;
  seed: number;
  recipe: Recipe;
  truth: Truth;
}

export function truthOf(bank: string, variant = 'short'): Truth | null {
  const f = path.join(corpus, bank, `${bank}_${variant}.truth.json`);
  return existsSync(f) ? (JSON.parse(readFileSync(f, 'utf8')) as Truth) : null;
}

/** `perBank` seeded variants of every registered bank's short statement. */
export function pdfCases(perBank: number, firstSeed = 1, opts: { flat?: boolean } = {}): PdfCase[] {
  const out: PdfCase[] = [];
  for (const p of PROFILES) {
    const short = truthOf(p.code);
    if (!short) continue;
    // every third variant redraws the longer protected statement where there is one
    const long = truthOf(p.code, 'protected') ?? short;
    for (let s = firstSeed; s < firstSeed + perBank; s++) {
      const seed = s * 7919 + out.length;
      const base = s % 3 === 0 ? long : short;
      const made = makeRecipe(seed, BANK_NAMES[p.code]!, base.account.ifsc, familyOf(p.code));
      const recipe = opts.flat ? flatRecipe(made) : made;
      const truth = truthFor(base, recipe, seed);
      out.push({ name: `${p.code} seed ${seed}`, bank: p.code, seed, recipe, truth });
    }
  }
  return out;
}

export interface PdfOutcome {
  case: PdfCase;
  ok: boolean;
  detail: string;
  result: StatementResult | null;
}

export async function parsePdf(bytes: Uint8Array, bank?: BankCode): Promise<StatementResult> {
  const read = await readDocument(bytes, { ocr: false });
  return parseStatement(read.doc, bank ? { bank } : {});
}

/** Scores a parse against the truth: every row, every narration, the balance chain. */
export function judge(truth: Truth, result: StatementResult): { ok: boolean; detail: string } {
  const { exact, score: s, first } = judgeParse(truth, result);
  const { precision, recall, balanceOk, descriptionExact, expected } = s;
  return {
    ok: exact,
    detail: JSON.stringify({ precision, recall, balanceOk, descriptionExact, expected, ...first }),
  };
}

export async function checkPdf(c: PdfCase): Promise<PdfOutcome> {
  try {
    const bytes = await renderStatement(c.truth, c.recipe);
    const result = await parsePdf(bytes);
    const j = judge(c.truth, result);
    const bankOk = result.bank === c.bank;
    return {
      case: c,
      ok: j.ok && bankOk,
      detail: `${bankOk ? '' : `bank ${result.bank} `}${j.detail}`,
      result,
    };
  } catch (err) {
    return { case: c, ok: false, detail: `threw ${(err as Error).message}`, result: null };
  }
}

/** The scoring tool's row counts for an outcome's read (null when it threw). */
export function scoreOf(o: PdfOutcome) {
  return o.result ? judgeParse(o.case.truth, o.result).score : null;
}

/** The recipe in a few words, for failure messages. */
export function describe(r: Recipe): string {
  return [
    r.columns.map((c) => c.label).join(' | '),
    `${r.font} ${r.size}`,
    `${r.paper}${r.landscape ? ' landscape' : ''}`,
    `wrap ${r.wrap} ${Math.round(r.wrapWidth)}pt pad ${r.rowPad.toFixed(2)}`,
    `hdr ${r.numericHeader}${r.headerEveryPage ? ' every page' : ' once'}`,
    `${r.rowsPerPage}/page footer ${r.footer}`,
    `${r.grouping} empty '${r.empty}' bal '${r.balanceMark}' ${r.amountStyle}`,
    r.dateFormat,
    `opening ${r.opening}${r.closingRow ? ' closing row' : ''}`,
    [
      r.centredText && 'centred text headings',
      r.figuresLeft && 'figures left',
      r.newestFirst && 'newest first',
      r.timeUnderDate && 'time under date',
      r.signed && `signed '${r.signed}'`,
      r.oneDecimal && 'one decimal',
      r.unknownHeadings && 'unknown headings',
      r.noYear && 'no year',
      r.overdrawn && `overdrawn '${r.overdrawn}'`,
      r.timeInDate && `time in date ${r.timeInDate}`,
      r.moreDates && `date ${r.moreDates}`,
      r.currency && `currency '${r.currency}'`,
      r.splitMarks && `split marks '${r.splitMarks}'`,
      r.pageForward && 'B/F and C/F',
      r.totalRow && 'total row',
      r.midHeader && 'mid-page header',
      r.longNarration && 'long narrations',
      r.zeroRows && 'zero rows',
      r.spillRows && 'rows across pages',
      r.markFar && `mark ${r.markFar}`,
      r.markBefore && 'mark before',
      r.tight && 'tight',
      r.balanceSide && 'balance side column',
      r.valueDateUnder && 'value date under date',
      r.trailingMinus && 'minus after the figure',
      r.groupHeader && `group heading '${r.groupHeader}'`,
      r.deepHeader && 'headings three lines deep',
      r.browserPrint && 'printed from a browser',
      r.noPeriod && 'no period',
      r.oddSigns && 'en dash and backtick signs',
      r.longMonths && 'month names written out',
      r.datedEnds && 'dated opening and closing rows',
      r.emptyWord && `empty printed '${r.emptyWord}'`,
      r.wholeRupees && 'whole rupees without paise',
      r.amountBelow && 'figures on the second line',
      r.gluedMark && 'mark glued (Dr)',
      r.openingDeposit && 'opening row with its figure as a deposit',
      r.totalAbove && 'summary with TOTAL above the table',
      r.dayBalance && "balance on each day's last row",
      r.wrappedRef && 'references wrapped, narrations of five lines',
      r.extraColumns.length > 0 && `extra ${r.extraColumns.map((c) => `${c.extra} ${c.at}`).join(' + ')}`,
    ]
      .filter(Boolean)
      .join(', '),
  ].join('; ');
}
