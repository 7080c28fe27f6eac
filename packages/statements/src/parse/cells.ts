// The cells stage: a line's words cut at the band edges of the column model in force, by where each
// was drawn (cutAtBands), then joined by what they hold (a date's pieces, a time with its date, a mark
// with its figure). One copy for every way the columns were found.
import {
  EMPTY_AMOUNT,
  type SidePart,
  WHOLE_RUPEES,
  currencyFigure,
  isMark,
  readAmount,
  sideOf,
  sideOwner,
  unsigned,
} from './amount.ts';
import { bandOf, bandsUnder, distance, figureWords, overlap } from './columns/bands.ts';
import { type Band, type Column, type ColumnModel, NUMERIC_ROLES } from './columns/model.ts';
import { datePieces, datesThenText, isDateStart, readDate, readDateTime, readMonthDay } from './dates.ts';
import { pieceApart } from './date-pieces.ts';
import { type Run, WORD_GAP_CHARS, joinRuns, lessSure, runWords } from './lines.ts';
import type { RuleId } from './trace.ts';

/** A line's text in one column. */
export interface Cell {
  role: Column['role'];
  text: string;
  /** OCR: the recogniser's confidence in the cell's least sure word, 0-100 (Run.confidence) */
  confidence?: number;
}

// A word starting this many header character widths left of a column's first header letter still
// belongs to it: header run positions are estimated from character counts and cells are padded.
const TEXT_START_CHARS = 1.6;

/** A ruling printed as text ('-----', '====='): no cell of any column. */
export const RULE = /^[-_=~*.·–—]{5,}$/;
const RULE_COLUMN: Column = { role: 'other', label: '', x0: 0, x1: 0 };
const GUTTER_COLUMN: Column = { role: 'other', label: '', x0: 0, x1: 0 };

/** A cell a wrapped line may hold: narration, reference, or the wrapped end of a date ('2024'). */
export const TIME = /^\d{1,2}:\d{2}(?::\d{2})?(?:\s*[a-z]{2})?$/i;
// A time of day alone (a Dr/Cr mark drawn after a time is another cell: '10:15:32 DR').
const CLOCK = /^\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?$/i;

// Whole rupees, signed or not ('-823', '+20,378', '– 3,000', '3,500–'), their side marked before them or
// after ('Dr Rs. 9,323', '1,703 Dr'): a figure in a column of figures.
const wholeFigure = (t: string) => WHOLE_RUPEES.test(unsigned(t).replace(/^(?:cr|dr)\.? /i, ''));

export const dateCell = (c: Cell) => c.role === 'date' || c.role === 'valueDate';

/** The text of a line's cells in one column, joined by a space. */
export function cellText(cells: Cell[], role: Column['role']): string {
  let text = '';
  for (const c of cells) if (c.role === role) text = text ? `${text} ${c.text}` : c.text;
  return text.trim();
}

// (what a date with its time starts with: a day, a year or a month's name before a day; the test
// before reading a run as one, which every narration run would otherwise pay)
const DATE_LEAD = /^(?:\d{1,4}[-/. ]?\d|\d{1,2}[ -]?[a-z]{3}|[a-z]{3,9}[ .-]+\d)/i;

/** Told each decision of the cells stage that `bahi explain` reports (asked only when tracing). */
export type CellNote = (rule: RuleId, detail: string) => void;

/** Assigns a line's runs to columns by where they sit among the column bands. */
export function lineCells(model: ColumnModel, runs: Run[], note?: CellNote): Cell[] {
  return giveMarks(placedCells(model, runs, note), model.balanceMarks);
}

const quoted = (runs: { text: string }[]) => runs.map((r) => `'${r.text}'`).join(' | ');

/**
 * A statement whose amounts carry their own signs ('9,323.00–') and still print a Dr/Cr column's mark
 * beside such an amount prints that column for its balances (an amount's side is printed once): the
 * column's marks then go to the figure before them on every line, the unsigned amounts' too. A fact
 * of the statement, not of a line: alone, an unsigned amount beside the mark may be its side.
 */
export function withBalanceMarks(model: ColumnModel, lines: readonly { runs: Run[] }[]): ColumnModel {
  const roles = new Set(model.bands.map((b) => b.col.role));
  if (!roles.has('mark') || !roles.has('amount')) return model;
  const signedBesideMark = lines.some((l) => {
    const cells = placedCells(model, l.runs);
    const amounts = cells.filter((c) => c.role === 'amount');
    return (
      amounts.length === 1 &&
      SIGNED.test(amounts[0]!.text) &&
      readAmount(amounts[0]!.text, true) !== null &&
      cells.some((c) => c.role === 'mark' && isMark(c.text))
    );
  });
  return signedBesideMark ? { ...model, balanceMarks: true } : model;
}

/** A line's cells, each run placed in its column, before a Dr/Cr column's marks are given (giveMarks). */
function placedCells(model: ColumnModel, runs: Run[], note?: CellNote): Cell[] {
  const cw = model.header.charWidth;
  const out: { col: Column; text: string; confidence?: number }[] = [];
  // the confidence of the run being placed: every piece of it is taken as sure as the run
  let sure: number | undefined;
  const append = (o: (typeof out)[number], text: string) => {
    o.text += ' ' + text;
    const confidence = lessSure(o.confidence, sure);
    if (confidence !== undefined) o.confidence = confidence;
  };
  const put = (col: Column, text: string) => {
    const prev = out[out.length - 1];
    if (prev && prev.col === col) append(prev, text);
    else out.push(sure === undefined ? { col, text } : { col, text, confidence: sure });
  };
  // a word space of the row's own font (the header's may be set smaller)
  const wordGap = (run: Run) => WORD_GAP_CHARS * Math.max(cw, (run.x1 - run.x0) / run.text.length);
  let last: Run | null = null;
  const pieces: Run[] = [];
  const cut = joinDatePieces(model, cutAtDateEdges(model, cutSerials(model, cutAtBands(model, runs))));
  if (note) cutNotes(runs, cut, note);
  for (const r of cut) {
    if (r.text.includes(' ')) pieces.push(...splitFigures(model, r));
    else pieces.push(r);
  }
  for (const run of pieces) {
    const before = last;
    last = run;
    sure = run.confidence;
    // a ruling printed as text ('-----', '=====') is no cell of any column
    if (RULE.test(run.text)) {
      out.push({ col: RULE_COLUMN, text: run.text });
      continue;
    }
    const prev = out[out.length - 1];
    // (a word after a whole date, past the date band's edge, is the next column's: pastDate)
    const band = (prev && pastDate(model, prev.col, prev.text, run)) ?? bandOf(model.bands, run.x0, run.x1);
    const numeric = NUMERIC_ROLES.has(band.col.role);
    // text in a gutter or in a numeric column (which holds figures only), a word space after a
    // text cell: the text ran long
    if (
      before &&
      prev &&
      !NUMERIC_ROLES.has(prev.col.role) &&
      run.x0 - before.x1 <= wordGap(run) &&
      !readAmount(run.text) &&
      !isMark(run.text) &&
      !(numeric && (EMPTY_AMOUNT.test(run.text) || wholeFigure(run.text))) &&
      (numeric || bandsUnder(model.bands, run.x0, run.x1, 0).length === 0)
    ) {
      note?.('cells.ran-long', `'${run.text}' goes on the ${prev.col.role} cell '${prev.text}'`);
      append(prev, run.text);
      continue;
    }
    // words in a gutter, more than a word space from every band, nearest a date or the narration: a
    // column the model does not have (a cheque number the rows of one statement print once), not
    // the narration's or the date's (a reference column's number stays its column's, however far)
    if (
      (band.col.role === 'description' || dateCell({ role: band.col.role, text: '' })) &&
      !readAmount(run.text) &&
      !isMark(run.text) &&
      !EMPTY_AMOUNT.test(run.text) &&
      model.bands.every((b) => distance(run.x0, run.x1, b.x0, b.x1) > wordGap(run))
    ) {
      note?.('cells.gutter', `'${run.text}' stands in no column: kept out of the ${band.col.role}`);
      put(GUTTER_COLUMN, run.text);
      continue;
    }
    // '-' printed for an empty amount is no text of the row
    if (EMPTY_AMOUNT.test(run.text) && numeric) continue;
    if (isMark(run.text)) {
      const prev = out[out.length - 1];
      // a Dr/Cr column of its own holds the mark wherever it sits (see giveMarks)
      if (band.col.role === 'mark') {
        put(band.col, run.text);
        continue;
      }
      if (prev && NUMERIC_ROLES.has(prev.col.role)) {
        append(prev, run.text);
        continue;
      }
    }
    if (numeric && (readAmount(run.text) || wholeFigure(run.text))) {
      put(band.col, run.text);
      continue;
    }
    // a run across two or more bands whose words were not cut at the band edges (text that ran on
    // over a column it does not start: see cutAtBands) holds as many cells when its words start in
    // them; a narration that merely runs long stays whole, and so does one token (a date with its
    // time, a time: '05:04 AM' under its date), however far it reaches
    const under =
      run.text.includes(' ') && !CLOCK.test(run.text) && !(DATE_LEAD.test(run.text) && readDateTime(run.text))
        ? bandsUnder(model.bands, run.x0, run.x1, TEXT_START_CHARS * cw)
        : [];
    if (under.length > 1) {
      const reach = TEXT_START_CHARS * cw;
      let cur = bandOf(model.bands, run.x0, run.x0 + cw);
      // whether cur holds a figure of this run already (the next figure is the next column's)
      let held = false;
      const from = out.length;
      for (const w of runWords(run)) {
        // numeric columns hold figures only: words of text stay in a text column
        const figure = readAmount(w.text) !== null;
        // a figure starts the next figure column when its middle stands in it (a column holds one
        // figure a line: the next figure is the next column's); a word starts a text column set at
        // its left
        const start = under.find(
          (b) =>
            b.x0 > cur.x0 &&
            (NUMERIC_ROLES.has(b.col.role)
              ? figure && w.x1 > b.x0 && (held || (w.x0 + w.x1) / 2 >= b.x0)
              : Math.abs(w.x0 - b.x0) <= reach),
        );
        if (start) cur = start;
        held = figure && NUMERIC_ROLES.has(cur.col.role);
        put(cur.col, w.text);
      }
      if (note && out.length - from > 1) note('cells.cut', `'${run.text}' -> ${quoted(out.slice(from))}`);
    } else put(band.col, run.text);
  }
  return out.map((o) => ({ role: o.col.role, text: o.text, ...sureOf(o) }));
}
/** One note for each run the cuts before placing made two or more (cutAtBands and the cuts after it). */
function cutNotes(runs: Run[], cut: Run[], note: CellNote): void {
  if (cut === runs) return;
  for (const run of runs) {
    const parts = cut.filter((c) => c.x0 >= run.x0 - 0.01 && c.x1 <= run.x1 + 0.01);
    if (parts.length > 1) note('cells.cut', `'${run.text}' -> ${quoted(parts)}`);
  }
}

/** A confidence to spread into a cell or run made from `o`: none for a text layer's. */
function sureOf(o: { confidence?: number }): { confidence?: number } {
  return o.confidence === undefined ? {} : { confidence: o.confidence };
}

/** The least confidence of runs joined into one (none when no run carries one). */
function leastSure(runs: { confidence?: number }[]): { confidence?: number } {
  let c: number | undefined;
  for (const r of runs) c = lessSure(c, r.confidence);
  return c === undefined ? {} : { confidence: c };
}

/**
 * A date drawn as several items a word space apart, its day alone or at the end of the cell
 * before ('01' + 'March 25 01 March 25'; '10 09' + 'Dec' + '23', a serial number and the day
 * drawn as one item in a tight Courier table): the date's pieces as one run, so that it is read
 * whole, in the date column. Which pieces are one date is `pieceApart`'s (date-pieces.ts), the rule
 * the column inference joins columns of pieces by.
 */
function joinDatePieces(model: ColumnModel, runs: Run[]): Run[] {
  const out: Run[] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    // (a word space of the row's own font: the header's may be smaller)
    const gap = WORD_GAP_CHARS * Math.max(model.header.charWidth, (run.x1 - run.x0) / run.text.length);
    const next = runs[i + 1];
    // most runs have no run a word space after them: nothing to read as a date's pieces (asked
    // first, it keeps the date reading below off every run of every line)
    if (
      !next ||
      next.x0 - run.x1 > gap ||
      !dateCell({ role: bandOf(model.bands, next.x0, next.x1).col.role, text: '' })
    ) {
      out.push(run);
      continue;
    }
    const words = runWords(run);
    // the piece: the whole run when it starts a date ('1 Apr', 'May'), else a day that ends it
    const whole = (isDateStart(run.text) || readMonthDay(`${run.text} 1`) !== null) && !readDate(run.text);
    const piece = whole ? run : words[words.length - 1]!;
    // (a number drawn alone in a column of its own is that column's, as cutSerials reads one drawn
    // with the date: '10' 'Jan 04' is no 10 January 2004; ownColumn)
    if (
      (!whole && !/^\d{1,2}$/.test(piece.text)) ||
      (piece === run && ownColumn(bandOf(model.bands, run.x0, run.x1).col.role))
    ) {
      out.push(run);
      continue;
    }
    // take runs while they go on making a date, up to where one is read ('5 Dec' is read on to
    // '5 Dec 23', a date without its year to one with it)
    let text = piece.text;
    let j = i + 1;
    let end = 0;
    while (j < runs.length && runs[j]!.x0 - runs[j - 1]!.x1 <= gap) {
      text += ' ' + runs[j++]!.text;
      if (readDate(text) || datePieces(text) || datesThenText(text)) {
        end = j;
        break;
      }
      if (readMonthDay(text)) end = j;
      else if (!isDateStart(text)) break;
    }
    const taken = [piece, ...runs.slice(i + 1, end).flatMap(runWords)];
    if (
      end === 0 ||
      pieceApart(
        taken.slice(1).map((w, k) => w.x0 - taken[k]!.x1),
        null,
      )
    ) {
      out.push(run);
      continue;
    }
    if (piece !== run) {
      const head = words.slice(0, -1);
      out.push({
        text: head.map((w) => w.text).join(' '),
        x0: run.x0,
        x1: head[head.length - 1]!.x1,
        ...sureOf(run),
      });
    }
    out.push({
      text: taken.map((w) => w.text).join(' '),
      x0: piece.x0,
      x1: runs[end - 1]!.x1,
      ...leastSure(runs.slice(i, end)),
    });
    i = end - 1;
  }
  return out;
}
/**
 * Figures of one column printed a space apart from each other or from their sign, once the run was
 * cut at the band edges (cutAtBands): several figures, dashes of empty cells or marks are as many
 * cells ('0.0 235769.0' in a Courier table whose cells are closer than its band edges show, '-
 * 235769'); a sign a space before its figure, in the figure's own column, is part of it ('- 920.0',
 * '+ 17254'). Anything else stays one run.
 */
function splitFigures(model: ColumnModel, run: Run): Run[] {
  if (!run.text.includes(' ')) return [run];
  const sameBand = (a: Run, b: Run) => bandOf(model.bands, a.x0, a.x1) === bandOf(model.bands, b.x0, b.x1);
  const sign = (w: Run) => /^[-+\u2212\u2013]$/.test(w.text);
  // a figure: with its paise, or whole rupees in a column of figures ('- 235769', '3697 -')
  const figure = (w: Run) =>
    readAmount(w.text) !== null ||
    (WHOLE_RUPEES.test(w.text) && NUMERIC_ROLES.has(bandOf(model.bands, w.x0, w.x1).col.role));
  // (a dash in the column before is an empty cell: '- 2,20,286.06')
  const words: Run[] = [];
  for (const w of figureWords(run)) {
    const p = words[words.length - 1];
    if (p && sign(p) && figure(w) && sameBand(p, w))
      words[words.length - 1] = { text: `${p.text}${w.text}`, x0: p.x0, x1: w.x1, ...leastSure([p, w]) };
    else words.push(w);
  }
  if (words.length === 1) return [{ ...run, text: words[0]!.text }];
  const figures = words.filter(figure).length;
  const dashes = words.filter((w) => EMPTY_AMOUNT.test(w.text)).length;
  const marks = words.filter((w) => isMark(w.text)).length;
  // ('- 2,20,286.06' across two columns would read as a negative amount; '98,752.56 Cr. CR' is a
  // balance with its mark and the mark of a Dr/Cr column after it)
  if (
    (figures + dashes >= 2 || marks >= 2) &&
    figures >= 1 &&
    words.every((w) => figure(w) || isMark(w.text) || EMPTY_AMOUNT.test(w.text))
  )
    return words;
  return [run];
}

// an amount printed with its sign ('+1,840.00', '-257.25', '(500.00)', '500.00-') has its side: a
// Dr/Cr column beside it is the balance's
const SIGNED = /^\s*[-+(−–]|[-)−–]\s*$/;

// (a cell's part in finding which figure a Dr/Cr printed apart belongs to: sideOwner; a code column,
// a branch's or a reference's, is passed as a channel's words are: '34,843.47' | '0446' | 'DR')
const cellPart = (c: Cell): SidePart =>
  NUMERIC_ROLES.has(c.role) ? 'figure' : c.role === 'other' || c.role === 'reference' ? 'words' : 'stop';

/**
 * The marks of a Dr/Cr column go to the line's amount while it has no mark or sign of its own, wherever the
 * column sits (after the amount, after the date, after the balance); any other goes to the figure
 * just before it (a balance's 'Dr' read as a column of its own).
 */
export function giveMarks(cells: Cell[], balanceMarks = false): Cell[] {
  const out: Cell[] = [];
  for (const c of cells) {
    // under a Dr/Cr heading the side may be spelt out ('Debit', 'CREDIT') or cut to a letter ('D')
    if (c.role === 'mark' && !isMark(c.text)) c.text = sideOf(c.text, true) ?? c.text;
    // (a side word under a heading the reader does not know stays that column's: the bands read a
    // column of side words alone as a Dr/Cr column, sidesColumn in columns/bands.ts)
    if (c.role !== 'mark' || !isMark(c.text)) {
      out.push(c);
      continue;
    }
    const amounts = cells.filter((x) => x.role === 'amount');
    const amount =
      !balanceMarks &&
      amounts.length === 1 &&
      readAmount(amounts[0]!.text, true)?.mark === null &&
      !SIGNED.test(amounts[0]!.text)
        ? amounts[0]
        : undefined;
    // else the figure before it, past cells of no role between (sideOwner)
    const to = amount ?? out[sideOwner(out, out.length, cellPart, (x) => !!readAmount(x.text, true)?.mark)];
    if (to) to.text += ' ' + c.text;
    else out.push(c);
  }
  return out;
}

/**
 * A column the header names, other than a date column, is no place of a date's piece: a column
 * holds one cell a line, and a number standing in such a column is that column's, however close the
 * date after it ('10' 'Jan 04' closer than a space in a tight fixed-pitch table: read whole, 10
 * January 2004; the number is a serial). Columns of no name ('other') may be a date's overhang.
 */
const ownColumn = (role: Column['role']) => role !== 'other' && !dateCell({ role, text: '' });

/** A number drawn as one item with the date after it, standing in a column of its own (ownColumn), is cut off. */
function cutSerials(model: ColumnModel, runs: Run[]): Run[] {
  return runs.flatMap((run) => {
    if (!/^\d{1,6} /.test(run.text)) return [run];
    const words = runWords(run);
    const [serial, first] = [words[0]!, words[1]!];
    if (
      !ownColumn(bandOf(model.bands, serial.x0, serial.x1).col.role) ||
      !dateCell({ role: bandOf(model.bands, first.x0, first.x1).col.role, text: '' })
    )
      return [run];
    const rest: Run = {
      text: run.text.slice(serial.text.length + 1),
      x0: first.x0,
      x1: run.x1,
      ...(run.edges ? { edges: run.edges.slice(2) } : {}),
      ...sureOf(run),
    };
    return [{ text: serial.text, x0: serial.x0, x1: serial.x1, ...sureOf(run) }, rest];
  });
}

// A date cell's last piece: a day, a month's name or a year (what a date wraps onto its next line).
const DATE_PIECE = /^(?:\d{1,2}|\d{4}|[a-z]{3,9},?)$/i;

/**
 * A run that starts in a date column and whose first word reaches across the column's edge into the
 * next one is cut there when the part inside is a date's piece ('2019IQZ EOF': the value date's year
 * drawn touching the narration's first word, no space between them). The cut falls where the
 * character count puts the edge, a character either way.
 */
function cutAtDateEdges(model: ColumnModel, runs: Run[]): Run[] {
  let out: Run[] | null = null;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    // (only a run whose first word has digits then letters can be cut: most runs are passed at once)
    const cut = GLUED.test(run.text) ? cutAtDateEdge(model, run) : null;
    if (cut) (out ??= runs.slice(0, i)).push(...cut);
    else if (out) out.push(run);
  }
  return out ?? runs;
}

// digits and then letters in one word ('2019IQZ')
const GLUED = /^\d+[a-z]/i;

function cutAtDateEdge(model: ColumnModel, run: Run): Run[] | null {
  const band = bandOf(model.bands, run.x0, run.x0 + 0.01);
  if (!dateCell({ role: band.col.role, text: '' }) || run.x1 <= band.x1) return null;
  const word = runWords(run)[0]!;
  if (word.x1 <= band.x1 || !/^\d/.test(word.text)) return null;
  const per = (run.x1 - run.x0) / run.text.length;
  const at = Math.round((band.x1 - run.x0) / per);
  for (const k of [at, at + 1, at - 1]) {
    const head = word.text.slice(0, k);
    const rest = run.text.slice(k);
    if (k <= 0 || k >= word.text.length || !DATE_PIECE.test(head) || !/^[a-z]/i.test(rest)) continue;
    if (bandOf(model.bands, run.x0 + k * per, run.x1) === band) continue;
    return [
      { text: head, x0: run.x0, x1: run.x0 + k * per, ...sureOf(run) },
      { text: rest, x0: run.x0 + k * per, x1: run.x1, ...sureOf(run) },
    ];
  }
  return null;
}

// A date is at most this many words ('31 May 2023 10:15 AM').
const DATE_WORDS = 5;

/**
 * Runs cut where their words stand in different bands, each word where the reader measured it
 * (Run.edges; runWords estimates by character count only where nothing was measured: a report's
 * fixed-width text, a test's items). A cell ends at its column's edge whatever pdf.js drew as one
 * item ('15,088.00 25,416.46 Cr', 'S10004271 05-May-2023 05-May-2023', '86,391.16 ATM'). Words that
 * make one token stay together wherever they reach: a date with its time, a time with its
 * meridiem, a currency word or a mark with its figure. A word of text stays with the text before
 * it unless it starts a text column (cells of text are set at their column's left: a narration
 * that runs long stays whole), and text never starts a column of figures. What the cut leaves to
 * the rules in lineCells: a date's pieces drawn apart (joinDatePieces), a serial drawn with the
 * date after it (cutSerials), a glued word (cutAtDateEdges), figures of one column (splitFigures).
 */
function cutAtBands(model: ColumnModel, runs: Run[]): Run[] {
  let out: Run[] | null = null;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    const cut = run.text.includes(' ') ? cutRun(model, run, runs) : null;
    if (cut) (out ??= runs.slice(0, i)).push(...cut);
    else if (out) out.push(run);
  }
  return out ?? runs;
}

function cutRun(model: ColumnModel, run: Run, line: Run[]): Run[] | null {
  // (a run inside one band, most narrations, has every word there: nothing to measure)
  if (model.bands.some((b) => run.x0 >= b.x0 && run.x1 <= b.x1)) return null;
  const words = runWords(run);
  if (words.length < 2) return null;
  const first = bandOf(model.bands, words[0]!.x0, words[0]!.x1);
  // (most runs lie in one band: a narration, a figure with its mark)
  if (words.every((w) => bandOf(model.bands, w.x0, w.x1) === first)) return null;
  // tokens: a date (with its time), a time, a currency word or a mark with its figure, or one word
  const tokens: Run[][] = [];
  for (let k = 0; k < words.length;) {
    let n = 1;
    for (let m = Math.min(DATE_WORDS, words.length - k); m > 1; m--) {
      const text = words
        .slice(k, k + m)
        .map((w) => w.text)
        .join(' ');
      if (
        readDateTime(text) !== null ||
        // (a date without its year, 'Jan 29', is one too: else '29 Jan 29' after it reads as a date)
        (m === 2 &&
          (readMonthDay(text) !== null ||
            CLOCK.test(text) ||
            joinsFigure(model, words[k]!, words[k + 1]!) ||
            endsFigure(model, words, k)))
      ) {
        n = m;
        break;
      }
    }
    tokens.push(words.slice(k, k + n));
    k += n;
  }
  const reach = TEXT_START_CHARS * model.header.charWidth;
  const pieces: Run[][] = [];
  let band: Band | null = null;
  let prevText = false;
  for (const t of tokens) {
    const x0 = t[0]!.x0;
    const x1 = t[t.length - 1]!.x1;
    const word = t.length === 1 ? t[0]!.text : '';
    const last = pieces[pieces.length - 1];
    const token = { text: t.map((w) => w.text).join(' '), x0, x1 };
    const past: Band | null =
      band && last ? pastDate(model, band.col, last.map((w) => w.text).join(' '), token) : null;
    const b: Band = past ?? bandOf(model.bands, x0, x1);
    const text =
      t.length === 1 &&
      !readAmount(word) &&
      !isMark(word) &&
      !EMPTY_AMOUNT.test(word) &&
      !WHOLE_RUPEES.test(word);
    // (a number without paise in the gutter after text ends the text: 'BLNMNLIEYLG 2', no cell of
    // the figure column it stands nearest)
    // (nor is a figure in the gutter before a column whose cell the line prints apart: 'UPI : 11,483.00 :
    // 12,888.70' ends a narration, 'Rs. 140.00' is the amount)
    const filled = () =>
      overlap(x0, x1, b.x0, b.x1) <= 0 &&
      line.some((r) => r !== run && overlap(r.x0, r.x1, b.x0, b.x1) > (r.x1 - r.x0) / 2);
    const ranOn =
      prevText &&
      (text
        ? NUMERIC_ROLES.has(b.col.role) ||
          (!dateCell({ role: b.col.role, text: '' }) && Math.abs(x0 - b.x0) > reach)
        : (WHOLE_RUPEES.test(word) && bandsUnder(model.bands, x0, x1, 0).length === 0) ||
          (NUMERIC_ROLES.has(b.col.role) && filled()));
    const starts = band === null || past !== null || (b !== band && !ranOn);
    if (starts) {
      pieces.push([...t]);
      band = b;
    } else pieces[pieces.length - 1]!.push(...t);
    prevText = text;
  }
  if (pieces.length === 1) return null;
  return pieces.map((ws) => ws.reduce((a, w) => joinRuns(a, w, ' ')));
}

/**
 * A date column's cell is one date (with its time): a word after a whole date that reaches past the
 * date band's right edge is the band's it reaches into, however much of it the date band holds
 * ('05.12.2023 11:26 AM 428150', a reference a few rows print drawn in one item after the date and
 * time, its middle on the edge: by overlap alone the two bands tie). Null where `col` holds no whole
 * date, the word ends inside its band or is the date's time.
 */
function pastDate(model: ColumnModel, col: Column, text: string, word: Run): Band | null {
  if (!dateCell({ role: col.role, text: '' })) return null;
  const { x0, x1 } = word;
  const date = model.bands.find((b) => b.col === col);
  if (!date || x1 <= date.x1 || (readDate(text) === null && readDateTime(text) === null)) return null;
  // (a time after the date, or its meridiem, is the date cell's: '05.12.2023' '11:26 AM')
  if (CLOCK.test(word.text) || readDateTime(`${text} ${word.text}`) !== null) return null;
  const from = Math.max(x0, date.x1);
  const into = bandOf(model.bands, from, x1);
  return into !== date && into.x0 >= date.x0 && overlap(from, x1, into.x0, into.x1) > 0 ? into : null;
}

/**
 * A Dr/Cr mark after a figure is that figure's side ('3236.00 Dr 108123.64 (Cr)': a split mark set
 * closer to the balance than the balance's band edge) unless it stands in a Dr/Cr column (the
 * amount's side printed after the balance: see giveMarks).
 */
function endsFigure(model: ColumnModel, words: Run[], k: number): boolean {
  if (readAmount(words[k]!.text) === null || !isMark(words[k + 1]!.text)) return false;
  return bandOf(model.bands, words[k + 1]!.x0, words[k + 1]!.x1).col.role !== 'mark';
}

/**
 * A currency word before the figure it belongs to ('Rs.' '3,540.00', '(Rs.' '6,04,888.46)'), or a
 * Dr/Cr mark before it standing over a column of text ('Cr 18,764.00' with an amount set at its
 * column's left: no text column takes a side; in a column of figures or marks it is that column's).
 */
function joinsFigure(model: ColumnModel, a: Run, b: Run): boolean {
  if (currencyFigure(a.text, b.text)) return true;
  if (!isMark(a.text) || readAmount(b.text) === null) return false;
  const role = bandOf(model.bands, a.x0, a.x1).col.role;
  return !NUMERIC_ROLES.has(role) && role !== 'mark';
}
