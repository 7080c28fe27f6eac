// Column headers: which printed names mean which column. Bands are derived from where the header
// words sit on the page, never from fixed positions.
import { hasFigure, readAmount } from '../amount.ts';
import { firstToken, isDateStart } from '../dates.ts';
import { type Line, type Run, WORD_GAP_CHARS, nextLineClose, runWords } from '../lines.ts';
import { columnBands } from './bands.ts';
import { splitDates } from './rows.ts';
import {
  AMOUNT_ROLES,
  type Column,
  type ColumnModel,
  type Header,
  NUMERIC_ROLES,
  type Role,
} from './model.ts';

export type Aliases = Partial<Record<Role, string[]>>;

/**
 * Header names seen across Indian banks. Matching ignores case, spaces and punctuation, and the
 * longest name wins, so 'Transaction Remarks' is a description and 'Transaction Date' the date; a
 * bare 'Txn' or 'Transaction' names no column (a two-line 'Transaction' / 'Date' header is read
 * stacked). Profiles add their own names.
 */
export const COMMON_ALIASES: Aliases = {
  date: ['date', 'txn date', 'tran date', 'trans date', 'transaction date', 'post date', 'posting date'],
  valueDate: ['value date', 'value dt', 'value', 'val date', 'val dt', 'effective date'],
  description: [
    'narration',
    'particulars',
    'description',
    'transaction remarks',
    'remarks',
    'details',
    'transaction details',
    'transaction particulars',
  ],
  reference: [
    'chq./ref.no.',
    'chq / ref number',
    'chq/ref no',
    'ref no./cheque',
    'ref no./cheque no.',
    'cheque number',
    'cheque',
    'cheque no',
    'chq.no.',
    'chq no',
    'chqno',
    'cheque/',
    'cheque/reference no',
    'cheque/ref no',
    'instrument id',
    'branch ref/chq.no',
    'ref no',
    'reference no',
    'reference',
    'ref/chq no',
  ],
  debit: [
    'withdrawal amt.',
    'withdrawal',
    'withdrawals',
    'withdraws',
    'debit',
    'debits',
    'dr',
    'withdrawal amount',
    'debit amount',
    'withdrawal (dr)',
    'withdrawal amount (inr )',
    'dr amount',
    'dr amt',
    'debit amt',
    'withdrawal amt',
    'paid out',
    'money out',
  ],
  credit: [
    'deposit amt.',
    'deposit',
    'deposits',
    'credit',
    'credits',
    'cr',
    'deposit amount',
    'credit amount',
    'deposit (cr)',
    'deposit amount (inr )',
    'cr amount',
    'cr amt',
    'credit amt',
    'deposit amt',
    'paid in',
    'money in',
  ],
  amount: [
    'amount',
    'amount(rs.)',
    'amount (rs.)',
    'amount (inr)',
    'txn amount',
    'transaction amount',
    // one signed column for both sides
    'debit/credit',
    'credit/debit',
    'withdrawal/deposit',
    'deposit/withdrawal',
    'dr/cr amount',
  ],
  balance: [
    'balance',
    'closing balance',
    'balance(rs.)',
    'balance (rs.)',
    'balance (inr )',
    'balance (inr)',
    'bal',
    'running balance',
    'available balance',
  ],
  mark: ['dr / cr', 'dr/cr', 'cr/dr'],
  serial: ['s no.', 'sl. no.', 'sl no', 's.no', 'sr no', 'serial', 'srl no', 'sno', 'sr. no.', '#'],
  other: [
    'branch code',
    'branch',
    'init. br',
    'init.',
    'channel',
    'category',
    'tran type',
    'txn type',
    'transaction type',
    'mode',
    'ccy',
    'currency',
    'br code',
    'sol id',
    'transaction id',
    'tran id',
    'txn id',
    'sol',
    'remarks code',
  ],
};

// A heading cell holds a few words; a run of more is a sentence, whose other words count against it.
const HEADING_CELL_WORDS = 5;

/** a withdrawal name and a deposit name, either way round */
const opposite = (a: Role, b: Role | null | undefined) =>
  (a === 'debit' && b === 'credit') || (a === 'credit' && b === 'debit');

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9#]/g, '');

function aliasTable(extra: Aliases | undefined): Map<string, Role> {
  const table = new Map<string, Role>();
  for (const src of [COMMON_ALIASES, extra ?? {}]) {
    for (const [role, names] of Object.entries(src) as [Role, string[]][])
      for (const n of names) table.set(norm(n), role);
  }
  return table;
}

// A header names a table only when it names the columns every statement table needs.
function complete(roles: Set<Role>): boolean {
  return (
    roles.has('date') &&
    roles.has('balance') &&
    roles.has('description') &&
    (roles.has('amount') || (roles.has('debit') && roles.has('credit')))
  );
}

const cache = new WeakMap<object, Map<string, Role>>();

/** Edit distance, stopping early once it exceeds `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, cur[j]!);
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

// A recognised header name may have a wrong or missing letter ('Balanee', 'Narratlon', 'Withdrawa1'):
// one edit in names of 5 to 8 letters, two from 9. Short names must match exactly ('dr' is not 'cr').
const fuzzyEdits = (n: number) => (n >= 9 ? 2 : n >= 5 ? 1 : 0);

// A name no alias spells ('Withdrawal Amount in INR', 'Txn Posted Date', 'Narrative') is still known
// by the word at its root. Checked in this order: 'Debit/Credit' is one signed amount column.
const ROOTS: [RegExp, Role][] = [
  [/^(?=.*(?:debit|withdraw|\bdr\b))(?=.*(?:credit|deposit|\bcr\b))/, 'amount'],
  [/balance/, 'balance'],
  [/withdraw|debit/, 'debit'],
  [/deposit|credit/, 'credit'],
  [/narrat|particular|description|remark|detail/, 'description'],
  [/(?:value|\bval\b).*(?:date|\bdt\b)/, 'valueDate'],
  [/^(?!.*value).*(?:date|\bdt\b)/, 'date'],
  [/cheque|\bchq\b|\bref\b|reference|instrument|\butr\b/, 'reference'],
];

function rootRole(words: string): Role | undefined {
  const w = words.toLowerCase();
  if (w.length > 32) return undefined;
  return ROOTS.find(([re]) => re.test(w))?.[1];
}

function lookup(table: Map<string, Role>, name: string, fuzzy: boolean): Role | undefined {
  const exact = table.get(name);
  if (exact || !fuzzy) return exact;
  const max = fuzzyEdits(name.length);
  if (max === 0) return undefined;
  let best: { role: Role; d: number } | undefined;
  for (const [alias, role] of table) {
    if (fuzzyEdits(alias.length) === 0) continue;
    const d = editDistance(name, alias, Math.min(max, fuzzyEdits(alias.length)));
    if (d <= Math.min(max, fuzzyEdits(alias.length)) && (!best || d < best.d)) best = { role, d };
  }
  return best?.role;
}

/**
 * What a line must hold to name each role: one of the role's aliases in its letters and digits
 * (an alias matches a run of whole words, so it is a part of the line's), or the letters its root
 * pattern (ROOTS) cannot match without. Looser than the matching itself, never stricter.
 */
const ROOT_HINTS: Partial<Record<Role, (text: string) => boolean>> = {
  balance: (t) => /balance/i.test(t),
  debit: (t) => /withdraw|debit/i.test(t),
  credit: (t) => /deposit|credit/i.test(t),
  description: (t) => /narrat|particular|description|remark|detail/i.test(t),
  date: (t) => /date|dt/i.test(t),
  amount: (t) => /debit|withdraw|dr/i.test(t) && /credit|deposit|cr/i.test(t),
};

/**
 * For each role, a pattern that finds any of its aliases among a line's letters and digits: the
 * alias's characters in order, with only what `norm` drops between them (so the line's text is
 * searched as it is, without making its letters first).
 */
const aliasPatterns = new WeakMap<Map<string, Role>, Map<Role, RegExp>>();

function aliasPattern(table: Map<string, Role>, role: Role): RegExp | undefined {
  let byRole = aliasPatterns.get(table);
  if (!byRole) {
    const names = new Map<Role, string[]>();
    for (const [alias, r] of table) names.set(r, [...(names.get(r) ?? []), alias]);
    byRole = new Map();
    for (const [r, aliases] of names) {
      // (aliases are norm's output: letters, digits and '#', nothing a pattern treats specially)
      const loose = (alias: string) => [...alias].join('[^a-z0-9#]*');
      byRole.set(r, new RegExp(aliases.map(loose).join('|'), 'i'));
    }
    aliasPatterns.set(table, byRole);
  }
  return byRole.get(role);
}

/**
 * False when the line cannot name a complete table whatever its words (issue 19: every line of a
 * statement is tried as a header, and nearly none is one; matchHeader's full reading was a fifth
 * of the parse). Exact names only: an OCR line's names may be misspelt.
 */
function mayNameTable(runs: Run[], table: Map<string, Role>): boolean {
  const text = runs.length === 1 ? runs[0]!.text : runs.map((r) => r.text).join(' ');
  const may = (role: Role) =>
    (aliasPattern(table, role)?.test(text) ?? false) || (ROOT_HINTS[role]?.(text) ?? false);
  return (
    // (balance first: the name fewest lines that are no header hold)
    may('balance') && may('date') && may('description') && (may('amount') || (may('debit') && may('credit')))
  );
}

/**
 * Reads a line as a table header; null when it does not name a complete statement table. `fuzzy`
 * (OCR lines) lets a name differ by a letter or two from its alias.
 */
/** A run, or one word of a run (`from`: that run's index), as matchStackedHeader passes them. */
type HeaderPiece = Run & { from?: number };

/**
 * A word space between a heading's words on a scan, in character widths. The recogniser's boxes are
 * ink to ink, and a typewriter font's word space is a whole cell plus the side bearings of the glyphs
 * beside it: 'Wthdrawal' '(Dr)' 'Credit' 'Anount' came 1.7 character widths apart (scan bench,
 * speckle BOM, decision 041 round seven), so at WORD_GAP_CHARS each word named a column of its own,
 * '(Dr)' one of no role, and the withdrawals under 'Withdrawal (Dr)' went unread. Columns stand
 * several cells apart; 'Debit' 'Credit' a space apart stay two names (the opposite-role check).
 */
const OCR_WORD_GAP_CHARS = 2;

export function matchHeader(runs: HeaderPiece[], extra?: Aliases, fuzzy = false): Header | null {
  const key = extra ?? COMMON_ALIASES;
  let table = cache.get(key);
  if (!table) cache.set(key, (table = aliasTable(extra)));
  if (!fuzzy && !mayNameTable(runs, table)) return null;
  const words = runs.flatMap((r, ri) => runWords(r).map((w) => ({ ...w, ri: r.from ?? ri })));
  const chars = runs.reduce((n, r) => n + r.text.length, 0);
  const charWidth = runs.reduce((n, r) => n + (r.x1 - r.x0), 0) / Math.max(chars, 1);
  const columns: (Column & { ri: number })[] = [];
  const cellWords = new Map<number, number>();
  for (const w of words) cellWords.set(w.ri, (cellWords.get(w.ri) ?? 0) + 1);
  let i = 0;
  let unmatched = 0;
  const unnamed: { x0: number; x1: number; end: (typeof words)[number] }[] = [];
  // a name continues into the next run only across a word space, not across a column gap
  const gapBefore = (j: number) =>
    words[j]!.ri !== words[j - 1]!.ri &&
    words[j]!.x0 - words[j - 1]!.x1 > (fuzzy ? OCR_WORD_GAP_CHARS : WORD_GAP_CHARS) * charWidth;
  const slashNear = (j: number) =>
    words.slice(Math.max(0, j - 2), j + 3).some((w) => w.ri === words[j]!.ri && w.text.includes('/'));
  while (i < words.length) {
    let best: { role: Role; j: number } | null = null;
    let joined = '';
    for (let j = i; j < Math.min(words.length, i + 6); j++) {
      if (j > i && gapBefore(j)) break;
      // 'Debit' and 'Credit Amount' drawn a word space apart are two columns, not one 'Debit Credit',
      // in one item as in two (but 'Dr' '/' 'Cr' is the one name 'Dr/Cr', and in one item a slash
      // near the sides joins them into one signed column's name: 'Withdrawal / Deposit', the stacked
      // 'Withdrawal Deposit (Dr)/ (Cr)')
      if (
        j > i &&
        (words[j]!.ri !== words[j - 1]!.ri || !slashNear(j)) &&
        best &&
        opposite(best.role, lookup(table, norm(words[j]!.text), fuzzy)) &&
        lookup(table, joined + norm(words[j]!.text), fuzzy) !== 'mark'
      )
        break;
      joined += norm(words[j]!.text);
      const role = lookup(table, joined, fuzzy);
      if (role) best = { role, j };
    }
    if (!best) {
      // the longest span of words set a word space apart whose root names a role
      let text = '';
      for (let j = i; j < Math.min(words.length, i + 6); j++) {
        // a word that names a column by itself starts the next name
        if (j > i && (gapBefore(j) || table.has(norm(words[j]!.text)) || rootRole(words[j]!.text))) break;
        text += (j > i ? ' ' : '') + words[j]!.text;
        const role = rootRole(text);
        if (role) best = { role, j };
      }
    }
    if (!best) {
      // the rest of a short heading cell after its name ('Withdrawal Amount in INR', 'Txn Posted')
      const prev = columns[columns.length - 1];
      if (
        prev &&
        prev.ri === words[i]!.ri &&
        !gapBefore(i) &&
        (cellWords.get(prev.ri) ?? 0) <= HEADING_CELL_WORDS
      ) {
        prev.label += ` ${words[i]!.text}`;
        prev.x1 = words[i]!.x1;
      } else if (norm(words[i]!.text)) {
        unmatched++;
        const w = words[i]!;
        const last = unnamed[unnamed.length - 1];
        if (last && i > 0 && words[i - 1] === last.end && !gapBefore(i)) {
          last.x1 = w.x1;
          last.end = w;
        } else unnamed.push({ x0: w.x0, x1: w.x1, end: w });
      }
      i++;
      continue;
    }
    const ws = words.slice(i, best.j + 1);
    columns.push({
      role: best.role,
      label: ws.map((w) => w.text).join(' '),
      x0: ws[0]!.x0,
      x1: ws[ws.length - 1]!.x1,
      ri: ws[ws.length - 1]!.ri,
    });
    i = best.j + 1;
  }
  // A role named twice keeps the first; a second 'date' that follows a value date is a transaction
  // date printed after it (ICICI prints Value Date first).
  // An amount's word after a figure column's name is that name's ('Withdrawal Amount'), unless the
  // header then names no amount: a line set one space apart prints 'Balance Amount' for two columns.
  let named = namesOf(columns, charWidth, true);
  if (!complete(named.seen)) named = namesOf(columns, charWidth, false);
  const { seen, out } = named;
  if (!complete(seen) || unmatched > out.length) return null;
  return {
    columns: out.map(({ ri: _, ...c }) => c).sort((a, b) => a.x0 - b.x0),
    charWidth,
    ...(unnamed.length ? { unnamed: unnamed.map(({ x0, x1 }) => ({ x0, x1 })) } : {}),
  };
}

/** The header's columns, a name read as two joined into one (see matchHeader); `amountTail`: an amount's word after a figure column's name is that name's. */
function namesOf(
  columns: (Column & { ri: number })[],
  charWidth: number,
  amountTail: boolean,
): { seen: Set<Role>; out: (Column & { ri: number })[] } {
  const seen = new Set<Role>();
  const out: (Column & { ri: number })[] = [];
  for (const col of columns) {
    const c = { ...col };
    const prev = out[out.length - 1];
    // one name read as two ('Balance' + 'Amount'): a word space apart, the same role, one named
    // before, or an amount's word after a figure column's name in its cell
    // (two headings the reader knows as 'other' are two columns: 'Tran Id' ... 'Init. Br')
    const tail =
      prev &&
      c.role !== 'other' &&
      (c.role === prev.role ||
        seen.has(c.role) ||
        (amountTail && c.role === 'amount' && c.ri === prev.ri && NUMERIC_ROLES.has(prev.role)) ||
        // the sides in an amount's own name ('Withdrawal (Dr)/ Deposit (Cr)'): its figures carry
        // their marks, no Dr/Cr column of its own
        (c.role === 'mark' && c.ri === prev.ri && AMOUNT_ROLES.has(prev.role)));
    if (prev && tail && c.x0 - prev.x1 <= WORD_GAP_CHARS * charWidth) {
      prev.label += ` ${c.label}`;
      prev.x1 = c.x1;
      continue;
    }
    if (seen.has(c.role)) {
      out.push({ ...c, role: 'other' });
      continue;
    }
    seen.add(c.role);
    out.push(c);
  }
  return { seen, out };
}

// Words that appear on the second line of a two-line header ('Date', 'No', 'Amount (INR )').
const HEADER_TAIL_WORDS = new Set(
  [
    'date',
    'dt',
    'no',
    'no.',
    'number',
    'code',
    'br',
    'amount',
    'amt',
    'amt.',
    '(inr',
    ')',
    '(inr)',
    'inr',
    'reference',
    'ref',
    'id',
    'dr',
    'cr',
    '/',
    '(rs.)',
    'rs.',
    'value',
    'txn',
    'balance',
    'particulars',
    'remarks',
    'type',
    'details',
  ].map((w) => w.replace(/[^a-z0-9]/g, '')),
);

/** True for the second line of a two-line header. */
export function isHeaderTail(runs: Run[]): boolean {
  const words = runs.flatMap(runWords).map((w) => w.text.toLowerCase().replace(/[^a-z0-9]/g, ''));
  return words.length > 0 && words.every((w) => w === '' || HEADER_TAIL_WORDS.has(w));
}

/**
 * A header printed on two lines ('Value' over 'Date', 'Closing' over 'Balance'): each word of the
 * lower line joins the word of the upper line it stands under, and the joined names are matched.
 * Returns the header when the two lines name a table at least as fully as the upper line alone.
 */
export function matchStackedHeader(top: Run[], bottom: Run[], extra?: Aliases, fuzzy = false): Header | null {
  const words = stackedWords(top, bottom);
  if (!words) return null;
  const stacked = matchHeader(words, extra, fuzzy);
  if (!stacked) return null;
  const single = matchHeader(top, extra, fuzzy);
  if (single && stacked.columns.length < single.columns.length) return null;
  // a character's width as the lines print it: a stacked name's words span one line's width
  // ('Debit' over 'Amount' over '(INR)' is 18 characters in 6 characters' room)
  const printed = [...top, ...bottom.filter((r) => /[a-z]/i.test(r.text))];
  const chars = printed.reduce((n, r) => n + r.text.length, 0);
  return { ...stacked, charWidth: printed.reduce((n, r) => n + (r.x1 - r.x0), 0) / Math.max(chars, 1) };
}

/**
 * The words of a name printed on two lines: each word of the lower line joins the upper word it
 * stands under. Null when a lower word stands under none. `from` numbers the upper runs from `first`.
 */
function stackedWords(top: Run[], bottom: Run[], first = 0): HeaderPiece[] | null {
  // the words of one upper run stay a word space apart, not a column gap ('Dr / Cr')
  const words: HeaderPiece[] = top.flatMap((r, i) => runWords(r).map((w) => ({ ...w, from: first + i })));
  for (const b of bottom.flatMap(runWords).filter(named)) {
    const best = mostUnder(b, words);
    if (!best) return null;
    joinWord(best, b, false);
  }
  return words;
}

// (ruling lines, '=====' or '-----', over or under a header are no part of its names)
const named = (w: Run) => /[a-z]/i.test(w.text);

/** The word of `among` that `w` stands over or under most (the first of equals), null if none. */
function mostUnder(w: Run, among: HeaderPiece[]): HeaderPiece | null {
  let best: HeaderPiece | null = null;
  let most = 0;
  for (const q of among) {
    const o = Math.min(q.x1, w.x1) - Math.max(q.x0, w.x0);
    if (o > most) [best, most] = [q, o];
  }
  return best;
}

/** `w` joined to a header word, before or after its text. */
function joinWord(p: HeaderPiece, w: Run, before: boolean): void {
  p.text = before ? `${w.text} ${p.text}` : `${p.text} ${w.text}`;
  p.x0 = Math.min(p.x0, w.x0);
  p.x1 = Math.max(p.x1, w.x1);
}

/**
 * A header whose main line holds most names, with a column's name printed partly above it and
 * partly below it or on it ('Withdrawal (Dr)/' over the line 'Date Narration ... Balance' over
 * 'Deposit (Cr)'): a word of the lines around it joins the main line's word it stands over or
 * under, else the word of the other line it lines up with, and the names are matched on one line.
 */
export function matchCentredHeader(
  top: Line,
  middle: Line,
  bottom: Line | undefined,
  extra?: Aliases,
  fuzzy = false,
): Header | null {
  const plain = (l: Line) => !l.runs.some(holdsValues);
  if (!nextLineClose(top, middle) || (bottom && !nextLineClose(middle, bottom))) return null;
  if (!plain(top) || !plain(middle) || (bottom && !plain(bottom))) return null;
  if (matchHeader(middle.runs, extra, fuzzy)) return null;
  // word by word, as a stacked header's: a word joins the word it stands over or under most
  const pieces: HeaderPiece[] = middle.runs.flatMap((r, from) => runWords(r).map((w) => ({ ...w, from })));
  const own = pieces.length;
  const above = top.runs.flatMap((r, i) =>
    runWords(r)
      .filter(named)
      .map((w) => ({ ...w, from: middle.runs.length + i })),
  );
  if (above.length === 0) return null;
  // (right to left: two words over one keep their order)
  for (const w of [...above].reverse()) {
    const p = mostUnder(w, pieces.slice(0, own));
    if (p) joinWord(p, w, true);
    else pieces.push(w);
  }
  for (const w of (bottom?.runs ?? []).flatMap(runWords).filter(named)) {
    const p = mostUnder(w, pieces);
    if (!p) return null;
    joinWord(p, w, false);
  }
  return matchHeader(
    pieces.sort((a, b) => a.x0 - b.x0),
    extra,
    fuzzy,
  );
}

/** Two lines that may be one header printed in two: close together, neither holding a figure. */
export function isStackedPair(top: Line, bottom: Line): boolean {
  return (
    nextLineClose(top, bottom) &&
    top.runs.length >= 3 &&
    !top.runs.some((r) => readAmount(r.text)) &&
    !bottom.runs.some(holdsValues)
  );
}

/**
 * A run that holds a row's values, a figure or a leading date, among its words: no header's (in
 * text set a space apart a run is a whole line, 'DD.MM.YYYY -- 1,500.00 93,991.16 CR ATM ...').
 */
function holdsValues(r: Run): boolean {
  if (readAmount(r.text) || isDateStart(r.text)) return true;
  return r.text.includes(' ') && (isDateStart(firstToken(r.text)) || hasFigure(r.text));
}

/** The headers of a document's lines, found once: the header at each line index (its first line when stacked), and the lines a stacked header took. */
export interface Headings {
  at: (Header | null)[];
  skipped: Set<number>;
}

/** Every header first: the rows between one header and the next place its columns. */
export function findHeadings(lines: Line[], aliases: Aliases | undefined): Headings {
  const at: (Header | null)[] = new Array(lines.length).fill(null);
  const skipped = new Set<number>();
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    const below = lines[li + 1];
    const stacked =
      below && isStackedPair(line, below)
        ? matchStackedHeader(line.runs, below.runs, aliases, line.ocr)
        : null;
    at[li] = stacked ?? matchHeader(line.runs, aliases, line.ocr);
    const third = lines[li + 2];
    // (a header two lines deep right below is that header, not this line's)
    const stackedBelow = () =>
      third !== undefined &&
      isStackedPair(below!, third) &&
      matchStackedHeader(below!.runs, third.runs, aliases, line.ocr) !== null;
    if (!at[li] && below && line.runs.length < below.runs.length) {
      const deep = third ? matchCentredHeader(line, below, third, aliases, line.ocr) : null;
      const centred = deep ?? matchCentredHeader(line, below, undefined, aliases, line.ocr);
      if (centred && !stackedBelow()) {
        at[li] = centred;
        skipped.add(++li);
        if (deep) skipped.add(++li);
        continue;
      }
    }
    if (!stacked) continue;
    skipped.add(++li);
    // headings three lines deep ('Dr /' over 'Cr', 'Withdrawals' over 'Amount' over '(INR)'): the
    // third line's words join the names they stand under too ('Dr /' alone names no column)
    const tail = lines[li + 1];
    if (tail && nextLineClose(below, tail) && isHeaderTail(tail.runs)) {
      const deeper = matchStackedHeader(line.runs, [...below.runs, ...tail.runs], aliases, line.ocr);
      if (deeper && deeper.columns.length >= stacked.columns.length) {
        at[li - 1] = deeper;
        skipped.add(++li);
      }
    }
  }
  groupHeadingsAgain(lines, at, skipped);
  return { at, skipped };
}

/**
 * A header printed again mid-page or atop a page comes with the line its first printing has right
 * above it, close as a header's own lines, word for word and where it stood: a heading over a group
 * of columns ('Transaction Amount' over 'Dr Amount' and 'Credit Amount'). It is the header's (skipped),
 * not the last row's narration going on (CANARA 11957824799 of seed 1510001).
 */
function groupHeadingsAgain(lines: Line[], at: (Header | null)[], skipped: Set<number>): void {
  const first = at.findIndex((h) => h !== null);
  const group = lines[first - 1];
  if (first < 1 || !group || !nextLineClose(group, lines[first]!) || hasFigure(group.text)) return;
  const x0 = group.runs[0]!.x0;
  for (let li = first + 1; li < lines.length; li++) {
    const above = lines[li - 1]!;
    if (
      at[li] &&
      !at[li - 1] &&
      !skipped.has(li - 1) &&
      above.text === group.text &&
      Math.abs(above.runs[0]!.x0 - x0) <= above.height / 2 &&
      nextLineClose(above, lines[li]!)
    )
      skipped.add(li - 1);
  }
}

// The rows under a header that show where its columns sit (see bands.ts).
const SAMPLE_LINES = 400;

/** The model of a header's columns: its bands placed by the rows under it, and under the headers repeated after it with the same columns. */
export function headingModel(lines: Line[], headings: Headings, li: number, header: Header): ColumnModel {
  const sample: Run[][] = [];
  const same = sameColumns(header);
  for (let k = li + 1; k < lines.length && sample.length < SAMPLE_LINES; k++) {
    if (headings.skipped.has(k)) continue;
    const h = headings.at[k];
    if (h && !same(h)) break;
    if (h) continue;
    const runs = lines[k]!.runs;
    if (!startsWithDate(runs)) continue;
    if (runs.some((r) => hasFigure(r.text))) sample.push(runs);
    else {
      // a row whose figures are printed on the line under its date line: the two lines are one row
      const next = lines[k + 1];
      if (
        next &&
        next.page === lines[k]!.page &&
        !headings.at[k + 1] &&
        !startsWithDate(next.runs) &&
        next.runs.some((r) => hasFigure(r.text))
      )
        sample.push([...runs, ...next.runs]);
    }
  }
  return { header, bands: columnBands(header, sample) };
}

export function pageHasNoHeader(lines: Line[], line: Line, aliases: Aliases | undefined): boolean {
  // only asked for dated rows outside a table, which are rare
  return !lines.some(
    (l) => l.page === line.page && l.y < line.y && matchHeader(l.runs, aliases, l.ocr) !== null,
  );
}

/** Whether another header names the same columns at the same places (a header repeated on each page). */
export function sameColumns(a: Header): (b: Header) => boolean {
  const tol = 2 * a.charWidth;
  return (b) =>
    a.columns.length === b.columns.length &&
    a.columns.every((c, i) => c.role === b.columns[i]!.role && Math.abs(c.x0 - b.columns[i]!.x0) <= tol);
}

/**
 * A date in the first cells of a line, whole or drawn as several runs ('02' 'Dec 2023'); the runs are
 * cut at their dates' ends first (splitDates), so a transaction's id drawn with the date after it
 * ('S10004271 05-May-2023') is a cell before the date's.
 */
function startsWithDate(runs: Run[]): boolean {
  const cells = runs.slice(0, 3).flatMap(splitDates);
  // (the fewest cells first: a date without its year before a number, 'Feb 06' '0446', is no date
  // of the year 0446)
  for (let k = 0; k < Math.min(3, cells.length); k++)
    for (let n = 1; n <= 3 && k + n <= cells.length; n++) {
      const text = cells
        .slice(k, k + n)
        .map((r) => r.text)
        .join(' ');
      if (isDateStart(firstToken(text))) return true;
    }
  return false;
}

/** The index of the document's first line that starts a header of names the reader knows (-1: none). */
export function firstHeading(lines: Line[]): number {
  return lines.findIndex(
    (l, i) =>
      matchHeader(l.runs, undefined, l.ocr) !== null ||
      (lines[i + 1] !== undefined &&
        isStackedPair(l, lines[i + 1]!) &&
        matchStackedHeader(l.runs, lines[i + 1]!.runs, undefined, l.ocr) !== null),
  );
}
