// The trace of a read as a person reads it: the statement's decisions, then each row with where it was
// printed and the rules that read it (bahi explain); and one page drawn as SVG with its words, the
// column bands and the rows.
import { paiseToRupees } from './amount.ts';
import type { Decision, RowSource, Trace } from './trace.ts';
import type { StatementResult, Transaction } from './types.ts';
import type { Page } from '../source.ts';

export interface ExplainOptions {
  /** only rows printed on this page (and the decisions taken on it) */
  page?: number;
  /** only this row (1-based, in the order of the result's rows) */
  row?: number;
}

const money = (p: number | null) => (p === null ? '—' : paiseToRupees(p).toFixed(2));
const at = (d: Decision) =>
  d.page === undefined ? '' : ` (page ${d.page}${d.y === undefined ? '' : ` y ${d.y.toFixed(1)}`})`;
const line = (d: Decision) => `  ${d.rule.padEnd(26)} ${d.detail}${at(d)}`;

/** Whether a decision was taken on the lines a row was read from. */
function onRow(d: Decision, s: RowSource): boolean {
  return d.page === s.page && d.y !== undefined && d.y >= s.top - 0.01 && d.y < s.bottom - 0.01;
}

/** The trace as text: the statement's decisions, then each row's. */
export function explainText(result: StatementResult, trace: Trace, opts: ExplainOptions = {}): string {
  const rows: { n: number; t: Transaction; s: RowSource | undefined }[] = [];
  let n = 0;
  for (const a of result.accounts)
    for (const t of a.transactions) rows.push({ n: ++n, t, s: trace.rows.get(t) });
  const out: string[] = [];
  const shown = rows.filter(
    (r) =>
      (opts.row === undefined || r.n === opts.row) && (opts.page === undefined || r.s?.page === opts.page),
  );
  const ofRows = new Set<Decision>();
  for (const r of rows) if (r.s) for (const d of trace.decisions) if (onRow(d, r.s)) ofRows.add(d);
  if (opts.row === undefined) {
    const bank = result.bank ?? result.detection.name ?? 'bank not recognised';
    out.push(`${bank}: ${rows.length} rows in ${result.accounts.length} account(s)`);
    for (const a of result.accounts)
      out.push(`  ${a.reconciliation.ok ? 'ok' : 'NOT OK'}: ${a.reconciliation.message}`);
    out.push('Statement:');
    for (const d of trace.decisions)
      if (!ofRows.has(d) && (opts.page === undefined || d.page === undefined || d.page === opts.page))
        out.push(line(d));
  }
  for (const r of shown) {
    const where = r.s
      ? `page ${r.s.page} y ${r.s.top.toFixed(1)}-${r.s.bottom.toFixed(1)}, ${r.s.lines} line(s)`
      : 'no source';
    out.push(
      `Row ${r.n}  ${r.t.date}  withdrawal ${money(r.t.withdrawal)}  deposit ${money(r.t.deposit)}  balance ${money(r.t.balance)}  (${where})`,
    );
    out.push(`  ${r.t.description}`);
    if (r.s) for (const d of trace.decisions) if (onRow(d, r.s)) out.push(line(d));
  }
  return out.join('\n') + '\n';
}

const esc = (t: string) =>
  t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const COLOURS: Record<string, string> = {
  date: '#1f77b4',
  valueDate: '#17becf',
  description: '#7f7f7f',
  reference: '#bcbd22',
  debit: '#d62728',
  credit: '#2ca02c',
  amount: '#ff7f0e',
  balance: '#9467bd',
};

/**
 * One page as SVG: every word where it was drawn, the column bands in force on the page, each row
 * read from it boxed, and each dated line no row accounts for marked in red.
 */
export function explainSvg(page: Page, result: StatementResult, trace: Trace): string {
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${page.width.toFixed(1)} ${page.height.toFixed(1)}" width="${(page.width * 1.5).toFixed(0)}" height="${(page.height * 1.5).toFixed(0)}" font-family="monospace">`,
    `<rect width="100%" height="100%" fill="white"/>`,
  ];
  const columns = trace.decisions
    .filter((d) => d.bands && d.page !== undefined && d.page <= page.number)
    .pop();
  for (const b of columns?.bands ?? [])
    out.push(
      `<rect x="${b.x0.toFixed(1)}" y="0" width="${Math.max(0.5, b.x1 - b.x0).toFixed(1)}" height="${page.height.toFixed(1)}" fill="${COLOURS[b.role] ?? '#aaa'}" fill-opacity="0.12"><title>${esc(b.role)}</title></rect>`,
    );
  for (const a of result.accounts)
    for (const t of a.transactions) {
      const s = trace.rows.get(t);
      if (!s || s.page !== page.number) continue;
      out.push(
        `<rect x="1" y="${s.top.toFixed(1)}" width="${(page.width - 2).toFixed(1)}" height="${(s.bottom - s.top).toFixed(1)}" fill="none" stroke="#2ca02c" stroke-width="0.5"><title>${esc(`${t.date} ${t.description}`)}</title></rect>`,
      );
    }
  for (const d of trace.decisions)
    if (d.rule === 'account.unread-line' && d.page === page.number && d.y !== undefined)
      out.push(
        `<line x1="0" x2="${page.width.toFixed(1)}" y1="${d.y.toFixed(1)}" y2="${d.y.toFixed(1)}" stroke="red" stroke-width="1"/>`,
      );
  for (const w of page.words) {
    const size = Math.max(1, w.height * 0.8);
    out.push(
      `<text x="${w.x.toFixed(1)}" y="${(w.y + w.height * 0.8).toFixed(1)}" font-size="${size.toFixed(1)}" textLength="${Math.max(0.5, w.width).toFixed(1)}" lengthAdjust="spacingAndGlyphs">${esc(w.text)}</text>`,
    );
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}
