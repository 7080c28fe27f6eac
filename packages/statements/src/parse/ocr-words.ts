// What a recogniser does to a printed table's words, undone before lines are made: noise glyphs,
// quotes stuck to words, letters for digits, a tilted page. Used only for pages whose words came
// from OCR (Page.ocr): a text layer is exact and must never be "corrected".
import type { Word } from '../source.ts';

// Ruling lines and specks read as glyphs: a word made only of these is not text.
const NOISE_WORD = /^[|¦![\]{}()~—–_=‘’“”"'`«»°•·.,:;-]+$/;
// Quotes and bars stuck to a word's ends ('"01/05/2023', '‘Serial', 'Balance|').
const STUCK_ENDS = /^[|¦‘’“”"'`«»]+|[|¦‘’“”"'`«»]+$/g;

// Capitals and digits stand a full text height: such a word under this share of the page's text
// height is a tick of a ruling line or a smear read as '1' or 'TT' (PNB_scanned: two '1's of
// height 2.6 under a table of height 6 read as a row of figures, and kept the table going into the
// summary below it).
const TALL_GLYPHS = /^[0-9A-Z]+$/;
const SHORT_SHARE = 0.55;
// A glyph or two read unsure that stands as short, one of them a letter rising over the small
// letters or falling under them, is a smear too: speckle HDFC seed 63375 read a flat speck 'Bl' (0.29
// of the text height, confidence 44) on a line of its own in the value-date column, and 'ng' (0.53,
// 35) in the gap before the date column; each in turn ended the table on page 2, 4 rows lost. (A
// word read surely stays: a photo's small print reads 'to', 'of' at 0.54-0.56, confidence 62-96.)
const RISING_OR_FALLING = /[0-9A-Zbdfhkltgjpqyi]/;
const UNSURE_SMEAR = 50;
// A glyph or two the recogniser is this unsure of, with nothing else of a word in it ('J—' read at
// 25 from the end of a rule), is no text.
const NOISE_CONFIDENCE = 30;
// A blot read as a glyph or two stands taller than the text around it and twice as wide a glyph
// (scan bench, speckle PNB: 'oT' at confidence 10, 10 high and 12 a glyph among words 6 high and
// 4-5 a glyph, in the serial column: it ended the table, 11 rows lost).
const BLOT_SHARE = 1.3;
const BLOT_PITCH = 2;
// A speck before a figure read as a colon (':1,04,762.16Cr' at 6): no figure starts with one.
const COLON_BEFORE_FIGURE = /^[:;](?=\d[\d,]*\.\d{2}(?!\d))/;
// A speck after a mark's point read as a second one: 'Cr..' is no mark, and its balance was left
// unread (speckle CANARA seed 55599, the last row's balance). One point is kept.
const MARK_SPECKS = /^(Cr|Dr|CR|DR)[.,]{2,}$/;
// A speck after a figure's paise read as a point: '319.97.' is no figure, and the withdrawal was
// left unread (speckle HDFC seed 63375, 3 Dec; seed 7935's balance '3,480.21.'). Only a figure
// with its point and two paise; a mark after it ('1,234.56Cr.') is another word's.
const POINT_AFTER_PAISE = /^(\d[\d,]*\.\d{2})[.,]$/;

/** The median height of the page's words of three letters or digits or more (0 when there are none). */
function textHeight(words: Word[]): number {
  const hs = words.filter((w) => /[A-Za-z0-9]{3}/.test(w.text)).map((w) => w.height);
  return hs.length ? Float64Array.from(hs).sort()[hs.length >> 1]! : 0;
}

/** The median width a character takes in the page's words of three letters or digits or more. */
function textPitch(words: Word[]): number {
  const ps = words.filter((w) => /[A-Za-z0-9]{3}/.test(w.text)).map((w) => w.width / w.text.length);
  return ps.length ? Float64Array.from(ps).sort()[ps.length >> 1]! : 0;
}

/** Drops noise words and strips stray quotes and bars from the ends of the rest. */
export function cleanOcrWords(words: Word[]): Word[] {
  const out: Word[] = [];
  const height = textHeight(words);
  const pitch = textPitch(words);
  for (const w of words) {
    const t = w.text.trim();
    // a lone ':' or '-' is a printed label separator or an empty cell: keep it
    if (t !== ':' && t !== '-' && NOISE_WORD.test(t)) continue;
    if (TALL_GLYPHS.test(t) && w.height < SHORT_SHARE * height) continue;
    const glyphs = t.replace(/[^A-Za-z0-9]/g, '').length;
    if (
      w.confidence !== undefined &&
      w.confidence < UNSURE_SMEAR &&
      glyphs >= 1 &&
      glyphs <= 2 &&
      RISING_OR_FALLING.test(t) &&
      w.height < SHORT_SHARE * height
    )
      continue;
    if (w.confidence !== undefined && w.confidence < NOISE_CONFIDENCE && glyphs <= 1) continue;
    if (
      w.confidence !== undefined &&
      w.confidence < NOISE_CONFIDENCE &&
      glyphs <= 2 &&
      height > 0 &&
      w.height > BLOT_SHARE * height &&
      w.width > BLOT_PITCH * pitch * t.length
    )
      continue;
    const text = t
      .replace(STUCK_ENDS, '')
      .replace(COLON_BEFORE_FIGURE, '')
      .replace(MARK_SPECKS, '$1.')
      .replace(POINT_AFTER_PAISE, '$1');
    if (text) out.push({ ...w, text });
  }
  return mendBalanceLabels(
    mendHeadingWords(dropMisreadMarks(dropDashBeforeCr(restoreLostPoints(dropLoneSeparators(out))))),
  );
}

/** The middles of two words stand on one text line. */
const sameLine = (a: Word, b: Word) =>
  Math.abs(a.y + a.height / 2 - (b.y + b.height / 2)) < 0.5 * Math.max(a.height, b.height, 1);

/**
 * A ':' or '-' kept above as a label's separator or an empty cell's dash has words beside it on its
 * line; one alone on its line separates nothing: a speck at the page's edge (scan bench, photo
 * UNION seed 79265: a ':' past the sheet's right edge, a line of its own between two rows, ended
 * the table there and six rows with it; decision 041, session 16).
 */
function dropLoneSeparators(words: Word[]): Word[] {
  const pitch = textPitch(words);
  const height = textHeight(words);
  return words.filter(
    (w) =>
      (w.text !== ':' && w.text !== '-') ||
      (words.some((o) => o !== w && sameLine(o, w)) &&
        !(w.text === ':' && speckColon(w, height) && farFromWords(w, words, pitch))),
  );
}

/**
 * A ':' separates a label from its value, one of them within a few characters of it ('Name :',
 * 'Account No      : 123', ': INR'). A speck read as ':' far from every word on its line, in a
 * figure column under a narration's wrapped line, made that line no continuation and ended the table
 * there (scan bench, speckle BOM seed 16039, confidence 32: 19 of 25 rows lost; decision 041,
 * session 18). A '-' stands alone in an empty cell, and is kept.
 */
const SEPARATOR_REACH = 8;
const UNSURE_SEPARATOR = 50;
/**
 * A printed ':' stands most of a letter's height (its two points apart): in the reads of the scan
 * bench's 4-a-class sample, 119 of the 126 ':' beside a word up to 0.85 of the page's text height
 * stand 0.6 of it or more; the five far from every word on their line, specks, 0.10-0.48.
 * Speckle HDFC seed 7935: a speck 0.43 high read ':' at confidence 80 in the value-date column under
 * a narration line ended the table there, 15 of 18 rows lost (decision 041, session 20).
 */
const SHORT_COLON = 0.6;
/**
 * Whether a ':' may be a speck: unsure, or too short for a printed one. A printed ':' is read
 * surely and stands its height (a saved real scan's garbage line kept its ':' of no confidence,
 * and its references their column: test/fixtures/PNB/scanned).
 */
function speckColon(w: Word, height: number): boolean {
  if (w.confidence === undefined) return false;
  return w.confidence < UNSURE_SEPARATOR || (height > 0 && w.height < SHORT_COLON * height);
}
function farFromWords(w: Word, words: Word[], pitch: number): boolean {
  if (pitch <= 0) return false;
  return words.every(
    (o) =>
      o === w ||
      !sameLine(o, w) ||
      Math.min(Math.abs(o.x - (w.x + w.width)), Math.abs(w.x - (o.x + o.width))) > SEPARATOR_REACH * pitch,
  );
}

/** A figure as a table prints it: a point and two paise, a mark perhaps ('1,04,762.16Cr'). */
const PAISE_FIGURE = /^\(?-?\d[\d,]*\.\d{2}\)?(?:Cr|Dr|CR|DR)?\.?$/;
/** The same with its point lost: four digits or more, the last two its paise ('1876400'). */
const POINT_LOST = /^(\d[\d,]*\d)(\d{2})((?:Cr|Dr|CR|DR)\.?)?$/;
/** Figures ending where a word ends (within this share of a character) stand in its column. */
const COLUMN_EDGE = 0.6;
/** A column of figures: at least this many with their points. */
const COLUMN_FIGURES = 2;
/**
 * A figure whose point was put back is no surer than this (under the account stage's
 * UNSURE_CONFIDENCE, 60): unless the balance chain vouches for its row, the row is flagged.
 */
const POINT_RESTORED_CONFIDENCE = 50;

/**
 * A photo's point is faint, and the recogniser loses it inside a figure with no gap left
 * ('18764.00' read '1876400', '23125.63' read '2312563': scan bench, photo UNION seed 79265, five
 * figures; UTKARSH 39698 one). Such a word is no figure to the parse (a figure needs its point: a
 * cheque or reference number is not money), so a balance so read is lost and a deposit placed wrong.
 * Put back where the word ends where a column of figures with their points ends (a right-aligned
 * amount or balance column: COLUMN_FIGURES of them within COLUMN_EDGE of a character, at least as
 * many as the words of bare digits that end there, so a column of cheque numbers keeps its own),
 * before the last two digits; the word's confidence lowered so its row is flagged unless the chain
 * proves it. (As many: photo ICICI seed 7943's page 1 lost the points of half its balances and
 * deposits, four and four, two and two; session 20.)
 */
function restoreLostPoints(words: Word[]): Word[] {
  const pitch = textPitch(words);
  if (pitch <= 0) return words;
  const right = (w: Word) => w.x + w.width;
  const figures = words.filter((w) => PAISE_FIGURE.test(w.text));
  const bare = words.filter((w) => POINT_LOST.test(w.text));
  if (!bare.length || figures.length < COLUMN_FIGURES) return words;
  const endsBy = (list: Word[], w: Word) =>
    list.filter((o) => Math.abs(right(o) - right(w)) <= COLUMN_EDGE * pitch).length;
  return words.map((w) => {
    const m = POINT_LOST.exec(w.text);
    if (!m) return w;
    const column = endsBy(figures, w);
    if (column < COLUMN_FIGURES || column < endsBy(bare, w)) return w;
    return {
      ...w,
      text: `${m[1]}.${m[2]}${m[3] ?? ''}`,
      confidence: Math.min(w.confidence ?? 100, POINT_RESTORED_CONFIDENCE),
    };
  });
}

// A figure with a minus stuck before it, a Cr mark after it: stuck or the next word.
const DASHED_FIGURE = /^-(\d[\d,]*\.\d{2})((?:Cr|CR)\.?)?$/;
const CR_MARK = /^(?:Cr|CR)\.?$/;

/**
 * A statement that prints '-' in an empty amount cell puts it a cell before the balance; the
 * recogniser reads the two as one word, '-191431.98' 'Cr' (turn180 BANKOFINDIA seed 150719: five
 * balances so, each read negative and its row flagged). A balance marked Cr is never below zero,
 * so the minus before a figure with a Cr mark is that dash, and is dropped. A figure marked Dr, or
 * unmarked, keeps its minus.
 */
function dropDashBeforeCr(words: Word[]): Word[] {
  return words.map((w) => {
    const m = DASHED_FIGURE.exec(w.text);
    if (!m) return w;
    if (m[2]) return { ...w, text: m[1]! + m[2] };
    const h = w.height || 8;
    const mark = words.find(
      (n) =>
        CR_MARK.test(n.text) &&
        n.x >= w.x + w.width - h / 2 &&
        n.x - (w.x + w.width) < 2 * h &&
        Math.abs(n.y + n.height / 2 - (w.y + w.height / 2)) < h / 2,
    );
    return mark ? { ...w, text: m[1]! } : w;
  });
}

/** What a misread Dr/Cr may come out as: a glyph or two, a point or brackets ('a.', '(Q)', '(CO)'). */
const MARK_LIKE = /^\(?[A-Za-z0-9]{1,2}[.)]?\)?$/;
const READ_MARK = /^\(?(?:Cr|Dr|CR|DR)\.?\)?$/;
/** Marks read right in a column: at least this many stand where a misread one stands. */
const MARK_COLUMN = 2;

/**
 * A balance's Dr/Cr misread ('(a)', '(Q)', '(Or)', '(er)', 'O0)' for '(Cr)') is no mark, and the
 * figure before it was left unread: photo BOB seed 47559 (200 dpi) had 14 of its 19 balances so,
 * their rows unproved (8 of 19 read). Such a word, right after a figure, where marks read right
 * stand in a column (MARK_COLUMN of them starting within a text height of it), is dropped. Which
 * side it printed is not guessed: the figure reads as in credit, and the chain proves it, mends its
 * sign or breaks (and flags) there. (The reader's mendCrMarks, scan/words.ts, reads a bare 'Or'
 * or 'OQ.' after a figure as Cr as it recognises the page; a bracketed one comes here, and so does
 * every saved read.)
 */
function dropMisreadMarks(words: Word[]): Word[] {
  const marks = words.filter((w) => READ_MARK.test(w.text));
  if (marks.length < MARK_COLUMN) return words;
  const drop = new Set<Word>();
  for (const w of words) {
    if (!MARK_LIKE.test(w.text) || READ_MARK.test(w.text)) continue;
    const h = w.height || 8;
    if (marks.filter((m) => Math.abs(m.x - w.x) <= h).length < MARK_COLUMN) continue;
    const figure = words.find(
      (o) =>
        // as the line will read it ('2.19.400.06' is 2,19,400.06: fixOcrAmount)
        PAISE_FIGURE.test(fixOcrAmount(o.text)) &&
        sameLine(o, w) &&
        o.x < w.x &&
        w.x - (o.x + o.width) >= -h / 2 &&
        w.x - (o.x + o.width) < 2 * h,
    );
    if (figure) drop.add(w);
  }
  return drop.size ? words.filter((w) => !drop.has(w)) : words;
}

// How the recogniser reads a heading's 'Amount' and 'Amt' in the bench's fonts: the 'm' as 'n',
// 'rn' or 'np', the 'o' as 'p', 'pb' or lost ('Anpunt' 15 times over 78 statements, 'Anpbunt',
// 'Anopunt', 'Ampunt', 'Anount'; 'Ant.' 12 times).
const AMOUNT_MISREAD = /^A(?:m|n|rn)[a-z]{0,2}unt$/i;
const AMT_MISREAD = /^A(?:n|rn)t(\.?)$/i;
const BALANCE = /^balance$/i;

/**
 * A heading's 'Amount' or 'Amt' read back where the recogniser misread it, and only on a heading
 * line: one holding the word 'Balance' (every statement's table names its balance). Unmended, the
 * column was named by nothing ('Cr Anpunt': turn180 BANKOFINDIA seed 39839 lost its deposits, dpi150
 * BOB seed 47619 18 of 19 rows). A narration's words are never on such a line.
 */
function mendHeadingWords(words: Word[]): Word[] {
  const anchors = words.filter((w) => BALANCE.test(w.text));
  if (!anchors.length) return words;
  const onHeading = (w: Word) =>
    anchors.some(
      (a) => Math.abs(a.y + a.height / 2 - (w.y + w.height / 2)) < 0.5 * Math.max(a.height, w.height),
    );
  return words.map((w) => {
    if (AMOUNT_MISREAD.test(w.text) && w.text.toLowerCase() !== 'amount' && onHeading(w))
      return { ...w, text: w.text === w.text.toUpperCase() ? 'AMOUNT' : 'Amount' };
    const amt = AMT_MISREAD.exec(w.text);
    if (amt && onHeading(w))
      return { ...w, text: (w.text === w.text.toUpperCase() ? 'AMT' : 'Amt') + amt[1] };
    return w;
  });
}

// How the recogniser reads 'Opening' and 'Closing' before 'Balance' on a soft photo: the round
// first letter lost or taken for another ('pening Balance 56,873.43 Cr.': photo CANARA seed 71367
// at 200 dpi, its opening balance unread, so its first row's withdrawal, read as nothing, was left
// unmended and the row lost).
const OPENING_MISREAD = /^(?:[0OQDGC@©]?)pening$/i;
const CLOSING_MISREAD = /^(?:[CGOc(©]?l|d)osing$/i;

/**
 * An opening or closing balance's label read back where its first letter was lost or misread, and
 * only where the next word on its line is 'Balance': a narration's 'pening' is left alone.
 */
function mendBalanceLabels(words: Word[]): Word[] {
  const next = (w: Word) =>
    words
      .filter((o) => o !== w && o.x > w.x && sameLine(o, w))
      .reduce<Word | undefined>((a, o) => (a === undefined || o.x < a.x ? o : a), undefined);
  const mended = joinSplitLabels(words, next).map((w) => {
    const opening = OPENING_MISREAD.test(w.text) && !/^opening$/i.test(w.text);
    const closing = CLOSING_MISREAD.test(w.text) && !/^closing$/i.test(w.text);
    if ((!opening && !closing) || !BALANCE.test(next(w)?.text ?? '')) return w;
    const label = opening ? 'Opening' : 'Closing';
    return { ...w, text: w.text === w.text.toUpperCase() ? label.toUpperCase() : label };
  });
  return dropMisreadBalanceMarks(mended, next);
}

/** How many letters of `read` differ from `word`'s, letter for letter (Infinity when the lengths differ). */
function lettersOff(read: string, word: string): number {
  if (read.length !== word.length) return Infinity;
  return [...word].filter((c, k) => read[k] !== c).length;
}

/**
 * A label read with one letter off, or one lost and one more off ('Oper' 'ng' for 'Opening', the i
 * lost: the same photo read with libjpeg-turbo's decode). 'Opening' and 'Closing' are four apart.
 */
function nearLabel(read: string, label: string): boolean {
  if (lettersOff(read, label) <= 1) return true;
  if (read.length !== label.length - 1) return false;
  return [...label].some((_c, k) => lettersOff(read, label.slice(0, k) + label.slice(k + 1)) <= 1);
}

/**
 * 'Opening' or 'Closing' read as two words that touch, a letter misread ('Oper:' 'ng', the i read as
 * a ':' and the n as an r, the two boxes overlapping: photo BOB seed 47559, its opening balance
 * unread): the two made one label again when, a ':' or '!' taken for an i, they spell the label
 * nearly (nearLabel), and 'Balance' follows. (The reader's joinCutLabels, scan/words.ts, joins a
 * label cut where it is spelt right, 'Openi' 'ng'.)
 */
function joinSplitLabels(words: Word[], next: (w: Word) => Word | undefined): Word[] {
  const gone = new Set<Word>();
  const out = words.map((first) => {
    if (gone.has(first)) return first;
    // two parts, or three ('d' 'osi' 'ng' for Closing: the cl read as a d, the word cut twice;
    // photo INDIANBANK seed 126939's last page, its closing balance unread; decision 041, session 23)
    const second = next(first);
    const third = second && next(second);
    const parts =
      second && BALANCE.test(next(second)?.text ?? '')
        ? [first, second]
        : third && BALANCE.test(next(third)?.text ?? '')
          ? [first, second, third]
          : null;
    if (!parts) return first;
    const h = Math.max(...parts.map((p) => p.height)) || 8;
    if (parts.some((p, k) => k > 0 && p.x - (parts[k - 1]!.x + parts[k - 1]!.width) > 0.5 * h)) return first;
    const read = parts
      .map((p) => p.text)
      .join('')
      .replace(/[:;!|]/g, 'i')
      .toLowerCase();
    const label = ['Opening', 'Closing'].find(
      (l) => nearLabel(read, l.toLowerCase()) || (l === 'Closing' && read === 'dosing'),
    );
    if (!label) return first;
    for (const p of parts.slice(1)) gone.add(p);
    const right = Math.max(...parts.map((p) => p.x + p.width));
    return {
      ...first,
      text: first.text === first.text.toUpperCase() ? label.toUpperCase() : label,
      width: right - first.x,
      ...(parts.some((p) => p.confidence !== undefined)
        ? { confidence: Math.min(...parts.map((p) => p.confidence ?? 100)) }
        : {}),
    };
  });
  return gone.size ? out.filter((w) => !gone.has(w)) : out;
}

/**
 * The word after an opening or closing balance's figure that is no Dr/Cr, where the recogniser
 * misread its mark, is dropped: 'Opening Balance 7,259.18 a.' (speckle HDFC seed 63375, its 'Cr.'
 * read 'a.') was no opening balance, and the first rows' balances, unproved, were left unread (3 of
 * 18 rows). Which side it printed is not guessed: a balance without its mark reads as in credit,
 * and the chain then proves or breaks it. A narration's words are on no such line.
 */
function dropMisreadBalanceMarks(words: Word[], next: (w: Word) => Word | undefined): Word[] {
  const drop = new Set<Word>();
  for (const label of words) {
    if (!/^(?:opening|closing)$/i.test(label.text) || !BALANCE.test(next(label)?.text ?? '')) continue;
    const figure = next(next(label)!);
    if (!figure || !PAISE_FIGURE.test(figure.text)) continue;
    const after = next(figure);
    const h = figure.height || 8;
    // the line's last word, next to the figure ('7,259.18 as on 01/12' keeps its words)
    if (
      after &&
      !next(after) &&
      MARK_LIKE.test(after.text) &&
      !READ_MARK.test(after.text) &&
      after.x - (figure.x + figure.width) < 2 * h
    )
      drop.add(after);
  }
  return drop.size ? words.filter((w) => !drop.has(w)) : words;
}

// Letters a recogniser puts for digits inside a number.
const DIGIT_FOR: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
  z: '2',
  g: '9',
};
const MARK_TAIL = /(\s*\(?(?:cr|dr)\.?\)?)$/i;

/**
 * Reads a recognised word as an amount when it is one with recogniser confusions: letters for
 * digits (O->0, l/I->1, S->5), a comma for the decimal point ('1,234,56'), dots for grouping
 * ('1.23.456.78'), a space for the decimal point is handled by the caller joining the two words.
 * Returns the corrected text, or the word unchanged when it is not an amount-like word.
 */
export function fixOcrAmount(text: string): string {
  const tail = MARK_TAIL.exec(text)?.[1] ?? '';
  let s = text.slice(0, text.length - tail.length);
  if (!/^[-(]?[\dOoDQlIi|SsBZzg][\dOoDQlIi|SsBZzg,.]*\)?$/.test(s)) return text;
  const digits = (s.match(/\d/g) ?? []).length;
  const letters = s.length - digits - (s.match(/[,.()-]/g) ?? []).length;
  // mostly digits, with a separator: a word like 'Soil' or 'III' is left alone
  if (digits < 3 || letters > digits / 2 || !/[,.]/.test(s)) return text;
  s = s.replace(/[OoDQlIi|SsBZzg]/g, (c) => DIGIT_FOR[c] ?? c);
  // the last separator before exactly two digits is the decimal point; every other one groups
  const m = /^(.*)[,.](\d{2})(\)?)$/.exec(s);
  if (m) s = `${m[1]!.replace(/\./g, ',')}.${m[2]}${m[3]}`;
  return s + tail;
}

/**
 * The page's skew as dy/dx, from pairs of neighbouring words on one text line: a scan tilted by a
 * fraction of a degree moves a row's right end by more than half a text height.
 */
export function estimateSkew(words: Word[]): number {
  const slopes: number[] = [];
  const sorted = [...words].sort((a, b) => a.x - b.x);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    const h = a.height || 8;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]!;
      const dx = b.x - (a.x + a.width);
      if (dx > 40 * h) break;
      if (dx < 0 || Math.abs(b.height - a.height) > 0.3 * h) continue;
      const dy = b.y + b.height - (a.y + a.height);
      if (Math.abs(dy) > 0.6 * h) continue;
      const run = b.x + b.width / 2 - (a.x + a.width / 2);
      if (run > 5 * h) slopes.push(dy / run);
      break;
    }
  }
  if (slopes.length < 5) return 0;
  slopes.sort((p, q) => p - q);
  return slopes[slopes.length >> 1]!;
}

/** A speck's point or quote beside a date's slash ('14/.02/2024': speckle BOM seed 126919, session 20). */
const SPECK_BY_SLASH = /[.,'`]*(\/)[.,'`]*/g;
/** A speck's point or a quote before a date's first digit (not a letter read for a digit). */
const SPECK_BEFORE_DAY = /^[.,'`]+(?=\d)/;

/** Letters the recogniser makes of a soft or blurred digit. */
const DATE_DIGIT: Record<string, string> = {
  o: '0',
  O: '0',
  D: '0',
  Q: '0',
  // a soft 0 closed at its top and open at its foot ('a7/ 12/2023': scan bench, dpi200 UTKARSH seed
  // 23939, 7 Dec; decision 041, session 18)
  a: '0',
  s: '5',
  S: '5',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  '!': '1',
  B: '8',
  z: '2',
  Z: '2',
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NAMED_MONTH_DATE = /^(\d{1,2})([-/.]?)([A-Za-z\d]{2,3})\2(\d{4}|\d{2})$/;

/**
 * A date with its month's name one letter misread ('14-Jah-2023' for 14-Jan-2023: scan bench,
 * speckle INDIANBANK seed 23979, a speck on the n; its row was not read), read back as dd/mm/yyyy:
 * only when one month's name alone is that near (a misread 'Ju1' is June's or July's: null). Set
 * with spaces ('07 Dec 2023', spaces dropped before), the date has no separator left: speckle HDFC
 * seed 7935's '.07 Dec 2023' (a speck before the day) ended the table there (decision 041, session 20).
 */
function mendNamedMonth(text: string): string | null {
  const m = NAMED_MONTH_DATE.exec(text);
  if (!m) return null;
  const name = m[3]!.toLowerCase();
  // a letter read as a figure ('12-2ul-2025': a J read 2; scan bench, skew KOTAK seed 63367), not two
  if (/\d.*\d/.test(name)) return null;
  // a letter lost ('12- My- 2023' for May: scan bench, photo BANKOFINDIA seed 134879) counts as one
  // off, and only when the two left are a month's in their order, and no other month's
  const off = (month: string) =>
    name.length === 3
      ? [...month].filter((c, k) => name[k] !== c).length
      : [0, 1, 2].some((k) => month.slice(0, k) + month.slice(k + 1) === name)
        ? 1
        : 2;
  const near = MONTHS.flatMap((month, i) => (off(month) <= 1 ? [{ i, off: off(month) }] : []));
  const best = near.filter((n) => n.off === Math.min(...near.map((x) => x.off)));
  if (best.length !== 1) return null;
  const day = Number(m[1]);
  if (day < 1 || day > 31) return null;
  return `${m[1]!.padStart(2, '0')}/${String(best[0]!.i + 1).padStart(2, '0')}/${m[4]}`;
}

/**
 * A date's first slash read as a slash and a 1, and a space ('22/1 02/24' for 22/02/24: scan bench,
 * turn90 BOB seed 31719, 22 Feb read so with libjpeg-turbo's decode and 24 Feb with pdf.js's; either
 * ended its row). Only with the space after the 1: '22/1' is no month of a date with a year.
 */
const SLASH_WITH_A_ONE = /^(\d{1,2})([/.-])[1lI|]\s+(\d{1,2})\2(\d{4}|\d{2})$/;

/** What a date's slash is read as, as a figure ('16712/2023'; '2000325'). */
const SLASH_FIGURE = /^[017]$/;

/** dd/mm/y of a day 1-31 and a month 1-12, the day and month of two figures; else null. */
function dayMonthYear(d: string, m: string, y: string): string | null {
  const [day, month] = [Number(d), Number(m)];
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  return `${d.padStart(2, '0')}/${m.padStart(2, '0')}/${y}`;
}

/**
 * A scanned all-figures date (dd/mm/yyyy, dd-mm-yy) the recogniser garbled, read back: letters for
 * digits ('os/12/2023'), a separator lost ('0512/2023', '1112/23') or read as a figure ('16712/2023':
 * a slash taken for a 7), a space inside ('13/121 2023'). Only a day 1-31 and a month 1-12 in the
 * places a separator leaves them; anything else null. Answers the date as dd/mm/yyyy (or yy), for
 * readDate. Decision 041, round seven (the scan bench's photo PNB); the rows so dated are flagged.
 */
export function mendOcrDate(text: string): string | null {
  const slash = SLASH_WITH_A_ONE.exec(text.trim().replace(SPECK_BEFORE_DAY, ''));
  if (slash) return dayMonthYear(slash[1]!, slash[3]!, slash[4]!);
  // a speck read as a point before the day ('.06/12/2023': scan bench, speckle UTKARSH seed 118979)
  const bare = text.replace(/\s+/g, '').replace(SPECK_BEFORE_DAY, '').replace(SPECK_BY_SLASH, '$1');
  const named = mendNamedMonth(bare);
  if (named) return named;
  const t = [...bare].map((c) => DATE_DIGIT[c] ?? c).join('');
  if (!/^[\d/.-]+$/.test(t)) return null;
  const digits = t.replace(/\D/g, '');
  const seps = t.length - digits.length;
  let d: string | undefined;
  let m: string | undefined;
  let y: string | undefined;
  for (const yLen of [4, 2]) {
    // dd S mm S y: separators where they belong, whatever they were read as
    if (t.length === 6 + yLen && /^\d{2}.\d{2}.\d+$/.test(t))
      [d, m, y] = [t.slice(0, 2), t.slice(3, 5), t.slice(6)];
    // one separator lost: dd mm S y, or dd S mm y
    else if (t.length === 5 + yLen && seps >= 1 && /^\d{4}\D\d+$/.test(t))
      [d, m, y] = [t.slice(0, 2), t.slice(2, 4), t.slice(5)];
    else if (t.length === 5 + yLen && seps >= 1 && /^\d{2}\D\d+$/.test(t))
      [d, m, y] = [t.slice(0, 2), t.slice(3, 5), t.slice(5)];
    // both lost: ddmmyy, ddmmyyyy ('040325' for 04/03/25: scan bench, photo ICICI seed 7943)
    else if (seps === 0 && t.length === 4 + yLen) [d, m, y] = [t.slice(0, 2), t.slice(2, 4), t.slice(4)];
    // one lost and the other read as a figure, a 0, 1 or 7 ('2000325' for 20/03/25: ICICI 7943
    // again, session 24): after the day or after the month, where exactly one of the two leaves a
    // day and a month
    else if (seps === 0 && t.length === 5 + yLen) {
      const read = [
        [t.slice(0, 2), t.slice(3, 5), t.slice(5), t[2]!],
        [t.slice(0, 2), t.slice(2, 4), t.slice(5), t[4]!],
      ].filter(([dd, mm, , slash]) => SLASH_FIGURE.test(slash!) && dayMonthYear(dd!, mm!, '') !== null);
      if (read.length === 1) [d, m, y] = read[0]!;
    }
    if (d) break;
  }
  if (!d || !m || !y || !/^\d+$/.test(d + m + y) || (y.length !== 4 && y.length !== 2)) return null;
  const day = Number(d);
  const month = Number(m);
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  return `${d}/${m}/${y}`;
}
