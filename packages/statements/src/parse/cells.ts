// The cells stage: a line's runs assigned to the columns of the column model in force, by where they
// sit among its bands, then joined by what they hold (a date's pieces, a time with its date, a mark
// with its figure). One copy for every way the columns were found.
import { EMPTY_AMOUNT, WHOLE_RUPEES, isMark, readAmount } from './amount.ts';
import { bandOf, bandsUnder, cellsOf, distance, figureWords, overlap } from './columns/bands.ts';
import { type Band, type Column, type ColumnModel, NUMERIC_ROLES } from './columns/model.ts';
import { datePieces, datesThenText, isDateStart, readDate, readDateTime, readMonthDay } from './dates.ts';
import { type Run, WORD_GAP_CHARS, lessSure, runWords } from './lines.ts';

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
// (a quick test before reading a date cell's words: only a cell that ends so can end with a mark)
const ENDS_WITH_MARK = /(?:dr|cr)\.?\s*\)?\s*$/i;

const RULE = /^[-_=~*.·–—]{5,}$/;
const RULE_COLUMN: Column = { role: 'other', label: '', x0: 0, x1: 0 };
const GUTTER_COLUMN: Column = { role: 'other', label: '', x0: 0, x1: 0 };

/** A cell a wrapped line may hold: narration, reference, or the wrapped end of a date ('2024'). */
export const TIME = /^\d{1,2}:\d{2}(?::\d{2})?(?:\s*[a-z]{2})?$/i;
// A time of day alone (a Dr/Cr mark drawn after a time is another cell: '10:15:32 DR').
const CLOCK = /^\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?$/i;

export const dateCell = (c: Cell) => c.role === 'date' || c.role === 'valueDate';

/** The text of a line's cells in one column, joined by a space. */
export function cellText(cells: Cell[], role: Column['role']): string {
  let text = '';
  for (const c of cells) if (c.role === role) text = text ? `${text} ${c.text}` : c.text;
  return text.trim();
}

/** Assigns a line's runs to columns by where they sit among the column bands. */
export function lineCells(model: ColumnModel, runs: Run[]): Cell[] {
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
  for (const r of joinDatePieces(model, cutAtDateEdges(model, cutSerials(model, runs)))) {
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
    const band = bandOf(model.bands, run.x0, run.x1);
    const numeric = NUMERIC_ROLES.has(band.col.role);
    const prev = out[out.length - 1];
    // a time a word space after a date is that date's ('02 Jul 25' '01:00 AM'), wherever the
    // bands put it: the narration's band may reach back over it
    if (
      before &&
      prev &&
      dateCell({ role: prev.col.role, text: '' }) &&
      TIME.test(run.text) &&
      run.x0 - before.x1 <= wordGap(run) &&
      readDateTime(`${prev.text} ${run.text}`) !== null
    ) {
      append(prev, run.text);
      continue;
    }
    // text in a gutter or in a numeric column (which holds figures only), a word space after a
    // text cell: the text ran long
    if (
      before &&
      prev &&
      !NUMERIC_ROLES.has(prev.col.role) &&
      run.x0 - before.x1 <= wordGap(run) &&
      !readAmount(run.text) &&
      !isMark(run.text) &&
      !(numeric && (EMPTY_AMOUNT.test(run.text) || WHOLE_RUPEES.test(run.text))) &&
      (numeric || bandsUnder(model.bands, run.x0, run.x1, 0).length === 0)
    ) {
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
    if (numeric && (readAmount(run.text) || WHOLE_RUPEES.test(run.text))) {
      put(band.col, run.text);
      continue;
    }
    // figures and then words reaching into the text column on the right ('86,391.16 ATM' across
    // Balance | Category): the words are that column's, however little of them the estimate puts
    // there, and each figure its own column's ('+23,784.00 2,11,329.06 ATM')
    if (numeric && !readAmount(run.text)) {
      const right = model.bands[model.bands.indexOf(band) + 1];
      const pieces = cellsOf(run);
      const words = pieces[pieces.length - 1]!;
      if (
        right &&
        !NUMERIC_ROLES.has(right.col.role) &&
        right.x0 < run.x1 &&
        pieces.length > 1 &&
        /[a-z]/i.test(words.text) &&
        readAmount(words.text) === null &&
        !isMark(words.text)
      ) {
        for (const p of pieces.slice(0, -1)) put(bandOf(model.bands, p.x0, p.x1).col, p.text);
        put(right.col, words.text);
        continue;
      }
    }
    // one date (with its time) goes whole to the date column it sits in most
    if (dateCell({ role: band.col.role, text: '' }) && readDateTime(run.text)) {
      put(band.col, run.text);
      continue;
    }
    // a run across two or more bands holds as many cells when its words start in them
    // ('02-Dec-2023 02-Dec-2023'); a narration that merely runs long stays whole
    // (a time is one cell, however far it reaches: '05:04 AM' under its date)
    const under =
      run.text.includes(' ') && !CLOCK.test(run.text)
        ? bandsUnder(model.bands, run.x0, run.x1, TEXT_START_CHARS * cw)
        : [];
    // two dates set closer than a word space ('31 May 23 31 May 23'): the dates, not the
    // estimated word positions, say where one cell ends
    let dates = under.length > 1 ? datePieces(run.text) : null;
    let lead = under.length > 1 && !dates ? datesThenText(run.text) : null;
    // a code before the dates in one item ('M10083461 05 January 2023 TFR': a transaction id, the
    // date, the mode): the code its own column's, the rest as a run that starts with its dates
    let dated = run;
    if (under.length > 1 && !dates && !lead) {
      const ws = runWords(run);
      const after: Run = {
        text: ws
          .slice(1)
          .map((w) => w.text)
          .join(' '),
        x0: ws[1]?.x0 ?? run.x1,
        x1: run.x1,
        ...sureOf(run),
      };
      const coded = ws.length > 2 && !isDateStart(ws[0]!.text);
      const inner = coded ? datesThenText(after.text) : null;
      // (or the dates alone: 'S10004271 05-May-2023 05-May-2023')
      const only = coded && !inner ? datePieces(after.text) : null;
      if (inner && dateCell({ role: leadBand(model, after, inner.dates).col.role, text: '' })) {
        put(bandOf(model.bands, ws[0]!.x0, ws[0]!.x1).col, ws[0]!.text);
        [dated, lead] = [after, inner];
      } else if (
        only &&
        dateCell({ role: bandOf(model.bands, after.x0, after.x0 + cw).col.role, text: '' })
      ) {
        put(bandOf(model.bands, ws[0]!.x0, ws[0]!.x1).col, ws[0]!.text);
        [dated, dates] = [after, only];
      }
    }
    if (dates) {
      let cur = bandOf(model.bands, dated.x0, dated.x0 + cw);
      dates.forEach((d, k) => {
        if (k > 0) cur = under.find((b) => b.x0 > cur.x0) ?? cur;
        put(cur.col, d);
      });
    } else if (lead && dateCell({ role: leadBand(model, dated, lead.dates).col.role, text: '' })) {
      // the dates to the date columns in turn, the text after them to the column right of them it
      // starts nearest ('30 Aug 24 30 Aug 24 0000424352595205': two dates and a reference); the
      // first date goes to the date column it sits in most, its day may start left of it
      let cur = leadBand(model, dated, lead.dates);
      lead.dates.forEach((d, k) => {
        if (k > 0) cur = under.find((b) => b.x0 > cur.x0) ?? cur;
        put(cur.col, d);
      });
      const start = runWords(dated)[lead.dates.join(' ').split(' ').length]!.x0;
      const next = under
        .filter((b) => b.x0 > cur.x0)
        .reduce<Band | null>(
          (best, b) => (!best || Math.abs(b.x0 - start) < Math.abs(best.x0 - start) ? b : best),
          null,
        );
      put((next ?? cur).col, lead.rest);
    } else if (under.length > 1) {
      const reach = TEXT_START_CHARS * cw;
      let cur = bandOf(model.bands, run.x0, run.x0 + cw);
      // whether cur holds a figure of this run already (the next figure is the next column's)
      let held = false;
      for (const w of runWords(run)) {
        // numeric columns hold figures only: words of text stay in a text column
        const figure = readAmount(w.text) !== null;
        const text = !figure && !isMark(w.text);
        // a figure whose estimated place reaches into the next figure column is still its own
        // column's while it sits mostly there ('57500.00 791836.86' from the deposits' column)
        const start = under.find(
          (b) =>
            b.x0 > cur.x0 &&
            (NUMERIC_ROLES.has(b.col.role)
              ? figure &&
                w.x1 > b.x0 &&
                (held || overlap(w.x0, w.x1, b.x0, b.x1) >= overlap(w.x0, w.x1, cur.x0, cur.x1))
              : // a word after a figure starts the text column the run reaches into, wherever
                // the estimate of its position falls ('61683.46Cr MOBILE')
                Math.abs(w.x0 - b.x0) <= reach || (text && NUMERIC_ROLES.has(cur.col.role))),
        );
        if (start) cur = start;
        held = figure && NUMERIC_ROLES.has(cur.col.role);
        put(cur.col, w.text);
      }
    } else put(band.col, run.text);
  }
  const cells: Cell[] = [];
  for (const o of out) {
    // a Dr/Cr mark drawn as one item with the date before it ('31' 'March 2025 DR') is the
    // side of a Dr/Cr column set close after the date
    const lead =
      dateCell({ role: o.col.role, text: '' }) && ENDS_WITH_MARK.test(o.text) ? datesThenText(o.text) : null;
    if (lead && isMark(lead.rest))
      cells.push(
        { role: o.col.role, text: lead.dates.join(' '), ...sureOf(o) },
        { role: 'mark', text: lead.rest, ...sureOf(o) },
      );
    else cells.push({ role: o.col.role, text: o.text, ...sureOf(o) });
  }
  return giveMarks(cells);
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

/** The band the first of a run's leading dates sits in most ('01 January 2023 TFR': its day left of the column). */
function leadBand(model: ColumnModel, run: Run, dates: string[]): Band {
  const words = runWords(run);
  const last = words[Math.min(words.length, dates[0]!.split(' ').length) - 1]!;
  return bandOf(model.bands, run.x0, last.x1);
}

/**
 * A date drawn as several items a word space apart, its day alone or at the end of the cell
 * before ('01' + 'March 25 01 March 25'; '10 09' + 'Dec' + '23', a serial number and the day
 * drawn as one item in a tight Courier table): the date's pieces as one run, so that it is read
 * whole, in the date column.
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
    if (!next || next.x0 - run.x1 > gap) {
      out.push(run);
      continue;
    }
    const words = runWords(run);
    // the piece: the whole run when it starts a date ('1 Apr'), else a day that ends it
    const whole = isDateStart(run.text) && !readDate(run.text);
    const piece = whole ? run : words[words.length - 1]!;
    // a day in a column of its own is that column's ('5' 'Dec 31': a serial number before a date
    // printed without its year), unless the column is a date's or holds a cell of this line already
    const band = bandOf(model.bands, piece.x0, piece.x1);
    const prev = out[out.length - 1];
    // (a day that ends a date without its year begun by the run before, 'May' '05', is that date's)
    const before = runs[i - 1];
    const ends =
      piece === run &&
      before !== undefined &&
      run.x0 - before.x1 <= gap &&
      readMonthDay(`${runWords(before).at(-1)!.text} ${piece.text}`) !== null;
    const day =
      /^\d{1,2}$/.test(piece.text) &&
      !ends &&
      (dateCell({ role: band.col.role, text: '' }) ||
        piece !== run ||
        (prev !== undefined && bandOf(model.bands, prev.x0, prev.x1) === band));
    if (
      !(whole || day) ||
      // ('2' 'Dec 03': a date without its year is whole, and the number before it another cell's)
      readDate(next.text) !== null ||
      readMonthDay(next.text) !== null ||
      !dateCell({ role: bandOf(model.bands, next.x0, next.x1).col.role, text: '' })
    ) {
      out.push(run);
      continue;
    }
    // take runs while they go on making a date, up to where one is read
    let text = piece.text;
    let j = i + 1;
    let found = false;
    while (j < runs.length && runs[j]!.x0 - runs[j - 1]!.x1 <= gap) {
      text += ' ' + runs[j++]!.text;
      if (readDate(text) || datePieces(text) || datesThenText(text)) {
        found = true;
        break;
      }
      if (!isDateStart(text)) break;
    }
    if (!found) {
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
    out.push({ text, x0: piece.x0, x1: runs[j - 1]!.x1, ...leastSure(runs.slice(i, j)) });
    i = j - 1;
  }
  return out;
}
/**
 * Cells of neighbouring columns printed a space apart come out of a PDF as one run: figures
 * ('4,33,197.00 4,71,647.96', '- 2,20,286.06') or a reference and a figure ('MAHBN2336 14,450.00 DR').
 * Such a run is split: into its words when all are figures, else before a trailing figure that
 * sits in a numeric band while the text before it ends left of that band.
 */

function splitFigures(model: ColumnModel, run: Run): Run[] {
  if (!run.text.includes(' ')) return [run];
  // no word of a run without a decimal point is a figure (most runs: narrations), so of what
  // follows only marks and dashes of empty cells apart ('Dr Nil') apply
  if (!run.text.includes('.')) {
    const words = runWords(run);
    if (words.every((w) => isMark(w.text) || EMPTY_AMOUNT.test(w.text))) return words;
    // whole rupees beside an empty cell or each other ('- 235769', '3697 -'), each word in a column
    // of figures: a word a cell
    const cellWord = (w: Run) => isMark(w.text) || EMPTY_AMOUNT.test(w.text) || WHOLE_RUPEES.test(w.text);
    const inFigures = (w: Run) => {
      const role = bandOf(model.bands, w.x0, w.x1).col.role;
      return NUMERIC_ROLES.has(role) || role === 'mark';
    };
    const whole = words.some((w) => WHOLE_RUPEES.test(w.text));
    if (whole && words.every((w) => cellWord(w) && inFigures(w))) {
      // (a sign a space before whole rupees in their own column is theirs, as with paise below:
      // '- 220', '+ 17254')
      const out: Run[] = [];
      for (const w of words) {
        const p = out[out.length - 1];
        if (
          p &&
          /^[-+\u2212\u2013]$/.test(p.text) &&
          WHOLE_RUPEES.test(w.text) &&
          bandOf(model.bands, p.x0, p.x1) === bandOf(model.bands, w.x0, w.x1)
        )
          out[out.length - 1] = { text: `${p.text}${w.text}`, x0: p.x0, x1: w.x1, ...leastSure([p, w]) };
        else out.push(w);
      }
      return out;
    }
    // a reference and whole rupees with their mark ('533429 86,522 Dr' across Ref No | Debit): the
    // figure (grouped, or marked) in a column of figures, the words before it in another
    let k = words.length;
    if (k > 2 && isMark(words[k - 1]!.text)) k--;
    const fig = words[k - 1]!;
    if (
      k >= 2 &&
      WHOLE_RUPEES.test(fig.text) &&
      (fig.text.includes(',') || k < words.length) &&
      inFigures(fig) &&
      !inFigures(words[k - 2]!)
    ) {
      const join = (ws: Run[]): Run => ({
        text: ws.map((w) => w.text).join(' '),
        x0: ws[0]!.x0,
        x1: ws[ws.length - 1]!.x1,
        ...leastSure(ws),
      });
      return [join(words.slice(0, k - 1)), join(words.slice(k - 1))];
    }
    return [run];
  }
  const figure = (w: Run) => readAmount(w.text) !== null;
  // a sign set a space before its figure, in the figure's own column ('- 920.0', '+ 800.00'), is
  // part of it; a dash in the column before is an empty cell ('- 2,20,286.06')
  const words: Run[] = [];
  for (const w of figureWords(run)) {
    const p = words[words.length - 1];
    if (
      p &&
      /^[-+\u2212\u2013]$/.test(p.text) &&
      figure(w) &&
      bandOf(model.bands, p.x0, p.x1) === bandOf(model.bands, w.x0, w.x1)
    )
      words[words.length - 1] = { text: `${p.text}${w.text}`, x0: p.x0, x1: w.x1, ...leastSure([p, w]) };
    else words.push(w);
  }
  if (words.length === 1) return [{ ...run, text: words[0]!.text }];
  // figures (with their paise) and then a code of the next column ('- 191,431.98Cr 0057', a tight
  // table's balance and branch code): the figures apart, the code a run of its own
  const cellWord = (w: Run) => figure(w) || isMark(w.text) || EMPTY_AMOUNT.test(w.text);
  const code = words.findIndex((w) => !cellWord(w));
  if (
    code > 0 &&
    words.slice(0, code).some((w) => figure(w) && /\d\.\d\d/.test(w.text)) &&
    words.slice(code).every((w) => /^\d+$/.test(w.text))
  ) {
    const rest = words.slice(code);
    const figuresRun = {
      text: words
        .slice(0, code)
        .map((w) => w.text)
        .join(' '),
      x0: run.x0,
      x1: words[code - 1]!.x1,
      ...sureOf(run),
    };
    return [
      ...splitFigures(model, figuresRun),
      { text: rest.map((w) => w.text).join(' '), x0: rest[0]!.x0, x1: run.x1, ...sureOf(run) },
    ];
  }
  // a figure's mark and the next column's empty cell ('Dr Nil', split marks in a tight table)
  if (words.every((w) => isMark(w.text) || EMPTY_AMOUNT.test(w.text))) return words;
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
  // a figure and its Dr/Cr mark printed in a column of their own ('9,273.00 CR' across Amount | Dr/Cr)
  // and a mark before a figure is the figure's only in the figure's own column ('Cr 19,572.86' is
  // the credit's mark beside the balance, 'Dr 4,002.00' one amount)
  if (readAmount(run.text)) {
    if (words.length !== 2) return [run];
    const [first, second] = words as [Run, Run];
    const band = (w: Run) => bandOf(model.bands, w.x0, w.x1);
    if (isMark(second.text)) return band(second).col.role === 'mark' ? words : [run];
    // (a mark in a column of text, the reference's before a figure set at its column's left, is
    // the figure's: no text column takes a side)
    const figureOrMark = (b: Band) => NUMERIC_ROLES.has(b.col.role) || b.col.role === 'mark';
    return isMark(first.text) && band(first) !== band(second) && figureOrMark(band(first)) ? words : [run];
  }
  // the last figure, after any dashes of empty cells and its own mark
  let k = words.length;
  while (k > 1 && EMPTY_AMOUNT.test(words[k - 1]!.text)) k--;
  const emptyAfter = words.length - k;
  if (isMark(words[k - 1]!.text)) k--;
  if (k < 2 || !figure(words[k - 1]!)) return [run];
  // the mark printed before a figure that carries none after it ('Dr 4,002.00') goes with it,
  // unless it ends the figure before ('15,088.00 Cr 25,416.46Cr')
  const lead =
    k + emptyAfter === words.length && k >= 3 && isMark(words[k - 2]!.text) && !figure(words[k - 3]!) ? 1 : 0;
  const head = words.slice(0, k - 1 - lead);
  const tail = words.slice(k - 1 - lead);
  const tailRun = { text: tail.map((w) => w.text).join(' '), x0: tail[0]!.x0, x1: run.x1, ...sureOf(run) };
  const last = words[k - 1]!;
  const band = bandOf(model.bands, last.x0, last.x1);
  // word positions inside a run are estimates: the word before the figure must sit mostly in
  // another column, not wholly left of the figure's band
  const before = head[head.length - 1]!;
  if (!NUMERIC_ROLES.has(band.col.role) || bandOf(model.bands, before.x0, before.x1) === band) return [run];
  // the text before may end in figures of its own ('02/07/2025 INR 15,088.00 Cr' + balance), and
  // the figure be followed by empty cells ('21,673.00Dr -')
  const headRun = { text: head.map((w) => w.text).join(' '), x0: run.x0, x1: before.x1, ...sureOf(run) };
  return [...splitFigures(model, headRun), ...(emptyAfter ? splitFigures(model, tailRun) : [tailRun])];
}

const SIDE_WORD = /^\s*(?:d|c|debit|credit)\.?\s*$/i;
const SIDE_CELL = /^\s*(?:\(?\s*(?:dr|cr)\.?\s*\)?|debit|credit)\s*$/i;
/** A side word as the mark the amount reader takes ('Debit', 'D', '(DR)' -> 'Dr'). */
const sideMark = (text: string) => (/^\W*d/i.test(text) ? 'Dr' : 'Cr');
// an amount printed with its sign ('+1,840.00', '-257.25', '(500.00)', '500.00-') has its side: a
// Dr/Cr column beside it is the balance's
const SIGNED = /^\s*[-+(−–]|[-)−–]\s*$/;

/**
 * The marks of a Dr/Cr column go to the line's amount while it has no mark or sign of its own, wherever the
 * column sits (after the amount, after the date, after the balance); any other goes to the figure
 * just before it (a balance's 'Dr' read as a column of its own).
 */
function giveMarks(cells: Cell[]): Cell[] {
  const out: Cell[] = [];
  const markColumn = cells.some((c) => c.role === 'mark');
  for (const c of cells) {
    // under a Dr/Cr heading the side may be spelt out ('Debit', 'CREDIT') or cut to a letter ('D')
    if (c.role === 'mark') c.text = c.text.replace(SIDE_WORD, sideMark);
    // under a heading the reader does not know ('Type') only a whole side word or mark is one
    const unnamed = c.role === 'other' && !markColumn && SIDE_CELL.test(c.text);
    const mark = unnamed ? sideMark(c.text) : c.text;
    if ((c.role !== 'mark' && !unnamed) || !isMark(mark)) {
      out.push(c);
      continue;
    }
    const amounts = cells.filter((x) => x.role === 'amount');
    const amount =
      amounts.length === 1 &&
      readAmount(amounts[0]!.text, true)?.mark === null &&
      !SIGNED.test(amounts[0]!.text)
        ? amounts[0]
        : undefined;
    // the figure before it, past columns of no role between ('791,836.86' | 'NET BANKING' | 'DR': a
    // channel or branch code printed between the balance and its side)
    const prev = out.findLast((x) => x.role !== 'other');
    const to = amount ?? (prev && NUMERIC_ROLES.has(prev.role) && !unnamed ? prev : undefined);
    if (to) to.text += ' ' + mark;
    else out.push(c);
  }
  return out;
}

/**
 * A serial number drawn as one item with the date after it ('10' 'Jan 04' closer than a space, in a
 * tight fixed-pitch table) is the serial column's: read whole, '10 Jan 04' is 10 January 2004. The
 * number stands in a serial column the header names, the date starts in a date column.
 */
function cutSerials(model: ColumnModel, runs: Run[]): Run[] {
  if (!model.bands.some((b) => b.col.role === 'serial')) return runs;
  return runs.flatMap((run) => {
    if (!/^\d{1,6} /.test(run.text)) return [run];
    const words = runWords(run);
    const [serial, first] = [words[0]!, words[1]!];
    if (
      bandOf(model.bands, serial.x0, serial.x1).col.role !== 'serial' ||
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
