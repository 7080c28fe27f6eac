// What the recogniser does to one line's words that only the line itself shows (issue 32), undone
// before the words leave the OCR reader: figures and dates of a typewriter or dot-matrix font cut
// where the font leaves a wide cell around a point or a dash ('17254.' '00', '05-' '05-' '23'), and
// the Cr mark after a balance read as 'Or'.

export interface LineWord {
  text: string;
  /** box in pixels */
  x0: number;
  x1: number;
  /** the recogniser's confidence, 0-100 */
  confidence?: number;
}

/** Two parts of one word as one: the joined word is as sure as its less sure part. */
function joined<W extends LineWord>(a: W, b: W): W {
  const out = { ...a, text: a.text + b.text, x1: Math.max(a.x1, b.x1) };
  if (a.confidence !== undefined || b.confidence !== undefined)
    out.confidence = Math.min(a.confidence ?? 100, b.confidence ?? 100);
  return out;
}

/** Characters of a figure or a date (and a Cr/Dr mark's letters are not among them). */
const FIGURE_PART = /^[\d.,:/-]+$/;
const HAS_DIGIT = /\d/;
/** A balance's mark stuck to the figure's last part ('69,522.' '06Cr'). */
const MARK_END = /(?:Cr|Dr|CR|DR)\.?$/;
/** Where a cut figure or date was cut: after or before a point, comma, dash or slash. */
const CUT = /[.,/-]$/;
const CUT_BEFORE = /^[.,/-]/;

/**
 * A date with the month's name, before its year: '01-', '01-May', '01-May-' (a stray point beside
 * the dash: '01-Dec-.').
 */
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)';
const NAMED_DATE_HEAD = new RegExp(`^\\d{1,2}[-/.]+(?:${MONTH}[-/.]*)?$`, 'i');
/** The same, whole or still in the making: up to a year of four digits. */
const NAMED_DATE = new RegExp(`^\\d{1,2}[-/.]+(?:${MONTH}(?:[-/.]+\\d{0,4})?)?$`, 'i');
/** A date's day and month's name with no separator after it ('18-Mar'): its year's dash was lost. */
const DAY_MONTH = new RegExp(`^\\d{1,2}([-/.])${MONTH}$`, 'i');

/**
 * A date with the month's name cut into parts, the next part joined to what came before: '01-'
 * 'May-2024', '01-May-' '2024', '01-' 'May-' '2024', and the dash cut off on its own: '01-' 'Mar'
 * '-2025', '03-' 'Mar' '-' '2025' (scan bench, bands ICICI: both its date columns so, 1 of 28 rows
 * read). The joined text, one separator where the recogniser put two ('Dec-.2023'), or null.
 * `gap`: how far apart the parts stand, in character pitches: within `maxGap`, or within a dash's
 * cell (DASH_LOST_GAP) for a year after 'DD-Mon' with no dash read ('18-Mar' '2025': put back).
 */
function cutDate(
  rawA: string,
  rawB: string,
  gap: number,
  maxGap: number,
  months: ReadonlySet<string> = NO_MONTHS,
): string | null {
  // a speck read as a point before the day, a quote after the year ('.25-' 'Dec-' '2023"': scan
  // bench, speckle PNB seed 103099, whose 25 Dec row was lost and its figures netted into the next
  // row's): taken off only here, where the parts join into a date with its month's name
  const a = rawA.replace(SPECK_BEFORE_DAY, '');
  const b = pageMonth(rawB.replace(SPECK_AFTER_YEAR, ''), a, months);
  // a lone dash or point joins a date that has its month's name already, not a bare '01-'
  if (!NAMED_DATE_HEAD.test(a) || (!/[A-Za-z\d]/.test(b) && !/[A-Za-z]/.test(a))) return null;
  const sep = DAY_MONTH.exec(a)?.[1];
  const dashLost = sep !== undefined && /^\d{4}$/.test(b);
  if (gap >= (dashLost ? DASH_LOST_GAP : maxGap)) return null;
  const ab = dashLost ? a + sep + b : a + b;
  return NAMED_DATE.test(ab) ? ab.replace(/([-/.])[-/.]+/g, '$1') : null;
}
const NO_MONTHS: ReadonlySet<string> = new Set();
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** A whole date with its month's name, the month caught: '01-Feb-2024', '29 Feb 2024', '1-FEB-24'. */
const WHOLE_NAMED_DATE = new RegExp(`^\\d{1,2}[-/. ]?(${MONTH})[-/. ]?\\d{2,4}$`, 'i');
/** The part after a day's head ('06-') that may be a month's name misread: 'Fep-', 'Fed-2024'. */
const NAME_PART = /^([A-Za-z]{3})([-/.]+\d{0,4})?$/;

/**
 * The months (their names' first three letters, small) that the whole dates of a page name: what
 * settles a month's name misread on the same page (`joinCutFigures`' `months`).
 */
export function pageMonths(texts: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const t of texts) {
    const m = WHOLE_NAMED_DATE.exec(t);
    if (m) out.add(m[1]!.toLowerCase());
  }
  return out;
}

/**
 * A cut date's month's name one letter off every month ('06-' 'Fep-' '2024', '09-' 'Fed-' '2024':
 * scan bench, photo BOB seed 47559 at 200 dpi, both rows lost), written as the one month that is a
 * letter from it and that the page's whole dates name (`months`): 'Fep' is Feb's or Sep's, and on a
 * page of February's dates it is Feb. No month so, or two: the part as it was (the date not
 * joined). Only after a day's head ('06-'). A month's name misread so that no cut is left is the
 * parse's to read back (parse/ocr-words.ts, mendNamedMonth: one month near, and flagged).
 */
function pageMonth(b: string, a: string, months: ReadonlySet<string>): string {
  const m = NAME_PART.exec(b);
  if (!m || months.size === 0 || !/^\d{1,2}[-/.]+$/.test(a)) return b;
  const name = m[1]!.toLowerCase();
  if (MONTHS.includes(name)) return b;
  const near = MONTHS.filter(
    (month) => months.has(month) && [...month].filter((c, k) => name[k] !== c).length === 1,
  );
  if (near.length !== 1) return b;
  const month = near[0]!;
  const read = m[1]!;
  const styled =
    read === read.toUpperCase()
      ? month.toUpperCase()
      : read[0] === read[0]!.toUpperCase()
        ? month[0]!.toUpperCase() + month.slice(1)
        : month;
  return styled + (m[2] ?? '');
}

/** A speck's point or a quote before a date's day; a quote or a degree sign after its year. */
const SPECK_BEFORE_DAY = /^[.,'"`]+(?=\d)/;
const SPECK_AFTER_YEAR = /(?<=\d)["'`°]+$/;
/** How far a year stands from 'DD-Mon' when its dash was lost: the dash's cell, in pitches. */
const DASH_LOST_GAP = 2;

/** The line's character pitch: the median width a character takes in its longer words, in pixels. */
export function charPitch(words: readonly LineWord[]): number {
  const pitches = words
    .filter((w) => w.text.length >= 3)
    .map((w) => (w.x1 - w.x0) / w.text.length)
    .sort((a, b) => a - b);
  return pitches.length ? pitches[pitches.length >> 1]! : 0;
}

/**
 * Joins neighbouring parts of one figure or date: both all figure characters with a digit, cut
 * at a point, comma, dash or slash, and closer than `maxGap` of the line's character pitch (a
 * typewriter font's point or dash leaves about a cell of paper around it; two columns are several
 * cells apart). `months`: the months the page's whole dates name (pageMonths), which settle a cut
 * date's month's name read a letter off. Words in reading order; returns new words, the input
 * untouched.
 */
export function joinCutFigures<W extends LineWord>(
  words: readonly W[],
  maxGap = 1.3,
  months: ReadonlySet<string> = NO_MONTHS,
): W[] {
  const pitch = charPitch(words);
  if (pitch <= 0) return [...words];
  const out: W[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const prev = out[out.length - 1];
    const groups = prev ? commaLost(prev, words.slice(i), pitch, maxGap) : 0;
    if (prev && groups) {
      let j = prev;
      for (const part of words.slice(i, i + groups)) j = joined({ ...j, text: `${j.text},` }, part);
      out[out.length - 1] = j;
      i += groups - 1;
      continue;
    }
    const date =
      prev && w.x0 >= prev.x0 ? cutDate(prev.text, w.text, (w.x0 - prev.x1) / pitch, maxGap, months) : null;
    if (prev && date !== null) {
      out[out.length - 1] = { ...joined(prev, w), text: date };
      continue;
    }
    if (
      prev &&
      FIGURE_PART.test(prev.text) &&
      FIGURE_PART.test(w.text.replace(MARK_END, '')) &&
      HAS_DIGIT.test(prev.text) &&
      HAS_DIGIT.test(w.text) &&
      (CUT.test(prev.text) || CUT_BEFORE.test(w.text)) &&
      w.x0 - prev.x1 < maxGap * pitch &&
      w.x0 >= prev.x0
    ) {
      out[out.length - 1] = joined(prev, w);
      continue;
    }
    if (prev && paiseApart(out[out.length - 2], prev, w, pitch, maxGap)) {
      const point = prev.text.endsWith('.') ? '' : '.';
      out[out.length - 1] = joined({ ...prev, text: prev.text + point }, w);
      continue;
    }
    const zeros = prev ? zeroPaise(prev, w, pitch, maxGap) : null;
    if (prev && zeros !== null) {
      out[out.length - 1] = joined(prev, { ...w, text: zeros });
      continue;
    }
    out.push(w);
  }
  return out;
}

/** A figure's leading digits before a lost comma: '3', '1,40' (its groups so far). */
const GROUP_HEAD = /^\d{1,3}(?:,\d{2,3})*$/;
/** A middle group with its comma lost before it ('37' of '3' '37' '821.43'). */
const MIDDLE_GROUP = /^\d{2,3}$/;
/** The last group and the paise, the point perhaps read as a comma ('302.00', '852,00', '015.00Cr'). */
const LAST_GROUP = /^\d{3}[.,]\d{2}(?:Cr|Dr|CR|DR)?\.?$/;
/** The figure joined: grouped in threes, or the Indian way (twos, then the last three). */
const GROUPED = /^\d{1,3}(?:(?:,\d{3})+|(?:,\d{2})*,\d{3})[.,]\d{2}(?:Cr|Dr|CR|DR)?\.?$/;

/**
 * How many of `rest`'s first words continue `head` as the groups of one figure whose commas the
 * recogniser read as gaps ('3' '302.00' for 3,302.00; '3' '37' '821.43' for 3,37,821.43; '4' '015.00'
 * for 4,015.00: scan bench, photo CANARA seed 71367 at 200 dpi, four figures so): each part within a
 * comma's cell of the one before (`maxGap` pitches), the last a group of three with its paise, and
 * the whole grouped as a figure is (GROUPED); 0 when they are not so.
 */
function commaLost<W extends LineWord>(head: W, rest: readonly W[], pitch: number, maxGap: number): number {
  if (!GROUP_HEAD.test(head.text)) return 0;
  let text = head.text;
  let before: LineWord = head;
  for (let n = 0; n < Math.min(rest.length, 3); n++) {
    const w = rest[n]!;
    const gap = (w.x0 - before.x1) / pitch;
    if (gap < 0 || gap >= maxGap) return 0;
    text += `,${w.text}`;
    if (LAST_GROUP.test(w.text)) return GROUPED.test(text) ? n + 1 : 0;
    if (!MIDDLE_GROUP.test(w.text)) return 0;
    before = w;
  }
  return 0;
}

/** Whole rupees, with their point or without it: '83984.', '10538', '1,05,694'; or grouped with a
 * comma read as a point ('1.600' of 1,600.00, photo CANARA seed 71367: a point before three digits
 * is no decimal point, paise being two). */
const RUPEES = /^(?:\d[\d,]*\d\.?|\d{1,3}(?:[.,]\d{2})*[.,]\d{3})$/;
/** A figure's paise, a mark perhaps stuck to them: '16', '00Cr'. */
const PAISE = /^\d{2}(?:Cr|Dr|CR|DR)?\.?$/;
/** How far apart a figure's rupees and paise stand, in character pitches (scan bench, photo PNB). */
const PAISE_GAP = [0.9, 1.8] as const;

/**
 * A soft photo's point is faint: the recogniser reads the figure's rupees and its paise as two words
 * a point's cell and more apart, with the point ('83984.' '16', 1.5 pitches) or without it ('10538'
 * '00', 1.2). Joined when the rupees have three digits or more and the paise are two; when the point
 * was lost, only further apart than a word space and with the rupees standing alone as a column's
 * figure does (nothing before them on the line within PAISE_GAP): a narration's 'NEFT 12345 67'
 * stays as it is.
 */
function paiseApart(
  before: LineWord | undefined,
  a: LineWord,
  b: LineWord,
  pitch: number,
  maxGap: number,
): boolean {
  if (!RUPEES.test(a.text) || !PAISE.test(b.text) || b.x0 < a.x0) return false;
  if ((a.text.match(/\d/g) ?? []).length < 3) return false;
  const gap = (b.x0 - a.x1) / pitch;
  if (a.text.endsWith('.')) return gap < Math.max(maxGap, PAISE_GAP[1]);
  const alone = !before || (a.x0 - before.x1) / pitch >= PAISE_GAP[1];
  return alone && gap >= PAISE_GAP[0] && gap < PAISE_GAP[1];
}

/** Paise of which a 0 was read as a round letter, one digit still among them: 'C0', '0O', 'D0'. */
const ZERO_PAISE = /^(?=[^\d]*\d)[\dOoCDQ]{2}$/;

/**
 * A figure's paise after its point with a 0 read as a round letter ('16,062.' 'C0' for 16,062.00, at
 * confidence 58: scan bench, photo AXIS seed 87119 at 200 dpi, its last row's amount lost so;
 * decision 041, session 23): the paise with their letters as 0s, when the rupees end with their
 * point, have three digits or more and the paise stand within a point's cell (as paiseApart); null
 * otherwise. Both letters ('OO', 'CO') are left: 'CO' after a figure is how a Cr mark is misread
 * (CR_MISREAD), and the paise then were lost.
 */
function zeroPaise(a: LineWord, b: LineWord, pitch: number, maxGap: number): string | null {
  if (!a.text.endsWith('.') || !RUPEES.test(a.text) || !ZERO_PAISE.test(b.text) || b.x0 < a.x0) return null;
  if ((a.text.match(/\d/g) ?? []).length < 3) return null;
  if ((b.x0 - a.x1) / pitch >= Math.max(maxGap, PAISE_GAP[1])) return null;
  return b.text.replace(/[OoCDQ]/g, '0');
}

/**
 * How the recogniser reads a Cr mark: the C taken for an O, a G or a 0, and at 200 dpi a soft photo's
 * 'Cr.' as 'Q.', 'OQ.', 'oO,', '0', '©.', '@', "O'." (photo CANARA seed 71367: 9 balances so, each
 * left unread), 'OC.', 'C.' (PNB 47596: 4). Its point read as a comma as often.
 */
const CR_MISREAD = /^(?:Or|OR|0r|Gr|O|CO|Cc|GC|Gc|Q|OQ|oO|OC|C|0|©|@|O')[.,]?$/;
// (its groups' commas perhaps read as points: '3,37.586.43', '2.50,224.43'; parse's fixOcrAmount
// reads them back)
const FIGURE = /^\(?-?(?:\d[\d,.]*)?\d\.\d{2}\)?$/;
/** How the recogniser reads a Dr mark: the r taken for an x or a t (photo INDIANBANK: '1,581.66 Dx'). */
const DR_MISREAD = /^(?:Dx|DX|Dt|Dy)\.?$/;

/**
 * A Cr mark stuck to its figure and misread as a third paise digit: '104762.160', '82447.16Q0',
 * '86391.16Or' (scan bench, speckle PNB: its balances lost so on 9 of 20 rows). Paise are two
 * digits; the rupees of three digits or more keep a narration's rate ('83.120') as it is.
 */
const STUCK_MARK = /^(\d[\d,]{2,}\.\d{2})(?:0|O|Q0|QO|0r|Or|Gr)$/;

/**
 * A Cr mark misread ('Or', 'O', 'CO') right after a figure on its line is a Cr: no word of a
 * statement's table reads 'Or' after a balance; and one stuck to the figure (STUCK_MARK) likewise.
 * A Dr read 'Dx' or 'Dt' there is a Dr (without its mark an amount column's figure has no side).
 * (A Dr misread as 'Or' becomes Cr: the balance chain then breaks and flags the row, as any misread
 * figure.)
 */
export function mendCrMarks<W extends LineWord>(words: readonly W[]): W[] {
  return words.map((w, i) => {
    const stuck = STUCK_MARK.exec(w.text);
    if (stuck) return { ...w, text: `${stuck[1]}Cr` };
    if (i === 0 || !FIGURE.test(words[i - 1]!.text)) return w;
    // (a point read as a comma after the mark: 'Or,')
    const dot = /[.,]$/.test(w.text) ? '.' : '';
    if (CR_MISREAD.test(w.text) || /^(?:Cr|CR),$/.test(w.text)) return { ...w, text: `Cr${dot}` };
    return DR_MISREAD.test(w.text) ? { ...w, text: `Dr${dot}` } : w;
  });
}

/**
 * The words of a statement's headings and balance lines. A typewriter or dot-matrix font's wide
 * cells make the recogniser cut them where no space is printed ('Openi' 'ng' 'Bal' 'ance',
 * 'Runni' 'ng' 'Bal' 'ance', 'Wt' 'hdrawal'), and the parse then finds neither the opening line nor
 * the column's name (scan bench, round seven: dpi200 BOB and skew BANKOFINDIA lost their opening
 * balance so, and with it the first row's side).
 */
const LABELS = [
  'opening',
  'closing',
  'balance',
  'running',
  'narration',
  'description',
  'particulars',
  'withdrawal',
  'withdrawals',
  'deposit',
  'deposits',
  'debit',
  'credit',
  'amount',
  'transaction',
  'reference',
  'cheque',
  'brought',
  'forward',
  'carried',
];
const LABEL_SET = new Set(LABELS);

/** At most one letter added, dropped or changed between a and b. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return a.length - i - j <= 1 && b.length - i - j <= 1;
}

/** The label a joined run of letters reads as: itself, or one letter off a long label (7+). */
function labelOf(text: string): string | null {
  const t = text.toLowerCase();
  if (LABEL_SET.has(t)) return t;
  if (t.length < 6) return null;
  const near = LABELS.filter((l) => l.length >= 7 && oneEditApart(t, l));
  return near.length === 1 ? near[0]! : null;
}

/** The label written as the first part was: all capitals, a capital first, or small. */
function styled(label: string, like: string): string {
  if (like === like.toUpperCase()) return label.toUpperCase();
  if (like[0] === like[0]!.toUpperCase()) return label[0]!.toUpperCase() + label.slice(1);
  return label;
}

const LETTERS = /^[A-Za-z]+$/;

/**
 * Joins two or three neighbouring parts of letters that make a heading or balance-line word
 * (LABELS; a long one with one letter misread, 'Wt' 'hdrawal' -> 'Withdrawal'), closer than
 * `maxGap` of the line's character pitch. Words that make no label are left apart, whatever their
 * gap (a narration's words are the user's). Words in reading order; the input untouched.
 */
export function joinCutLabels<W extends LineWord>(words: readonly W[], maxGap = 1.3): W[] {
  const pitch = charPitch(words);
  if (pitch <= 0) return [...words];
  const out: W[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    let done = false;
    if (LETTERS.test(w.text) && !LABEL_SET.has(w.text.toLowerCase())) {
      // the longest run first: 'Runni' 'ng' before 'Runni' alone
      for (let n = 3; n >= 2 && !done; n--) {
        const run = words.slice(i, i + n);
        if (run.length < n || !run.every((p) => LETTERS.test(p.text))) continue;
        if (
          !run.every((p, k) => k === 0 || (p.x0 >= run[k - 1]!.x0 && p.x0 - run[k - 1]!.x1 < maxGap * pitch))
        )
          continue;
        const label = labelOf(run.map((p) => p.text).join(''));
        if (!label) continue;
        let j = run[0]!;
        for (const p of run.slice(1)) j = joined(j, p);
        out.push({ ...j, text: styled(label, w.text) });
        i += n - 1;
        done = true;
      }
    }
    if (!done) out.push(w);
  }
  return out;
}

/** A figure printed with paise, as the recogniser reads it whole: '44380.64', '1,755.00', '98.10Cr'. */
const PAISE_FIGURE = /^\(?-?\d[\d,]*\.\d{2}\)?(?:Cr|Dr|CR|DR)?$/;
/**
 * Digits alone, a mark perhaps after them: a figure whose point the recogniser lost ('4438064'); from
 * 45.00's four digits to a crore's ten, no 0 first (an account or reference number is longer, or
 * starts so; three digits were a cut figure's tail: '788,227' '715' 'Or').
 */
const POINTLESS = /^([1-9]\d{3,9})(Cr|Dr|CR|DR)?$/;
/** Figures ending this near one another (a share of their text height) stand in one column. */
const COLUMN_EDGE = 0.4;
/**
 * Figures with paise in the column that vouch for its figures having paise, on the page or on the
 * statement's pages before (`before`): two (one alone may end where a cheque number ends: '906965'
 * under '290150.17', photo INDIANBANK seed 126939). A page of the statement sets its columns where
 * the pages before set them: ICICI 7943's page 2 kept the point of one balance of six and of no
 * deposit.
 */
const COLUMN_MIN = 2;
/** How far above its column's first figure (text heights) a figure may stand: a row's. */
const TABLE_REACH = 1.5;
/** What a figure given its point is at most taken as sure as: an unsure row's (account.ts, UNSURE_CONFIDENCE). */
const POINT_PUT_BACK = 59;

/** Where the figures with paise of a page end (page units): the columns `pointsLost` goes by. */
export function paiseFigureEnds(words: readonly { text: string; x: number; width: number }[]): number[] {
  return words.filter((w) => PAISE_FIGURE.test(w.text)).map((w) => w.x + w.width);
}

/**
 * A soft photo's point, faint, is lost altogether: '44380.64' read '4438064', '3,426.00' '342600'
 * (scan bench, photo ICICI seed 7943 at 200 dpi, session 21's read: 16 of its 28 balances and 6
 * of its amounts so, the balances unread and the amounts read as whole rupees; decision 041,
 * session 24). The parse puts such points back too (parse/ocr-words.ts, restoreLostPoints), page by
 * page and only where the column holds as many figures with points as without: ICICI's page 2 had
 * one balance of six with its point. Here the words are levelled and the statement's pages before
 * are known. A word of
 * digits alone, ending where figures with paise end in the same column (right-aligned, within
 * COLUMN_EDGE of its height, COLUMN_MIN of them or more, on the page or the pages before) is such a
 * figure: its point is put back before its last two digits. It is taken as unsure (POINT_PUT_BACK), so its row is flagged
 * unless the balance chain vouches for it. Words in page units (the page's skew levelled).
 */
export function pointsLost<
  W extends { text: string; x: number; y: number; width: number; height: number; confidence?: number },
>(words: readonly W[], before: readonly number[] = []): W[] {
  const figures = words.filter((w) => PAISE_FIGURE.test(w.text));
  if (figures.length === 0) return [...words];
  return words.map((w) => {
    const m = POINTLESS.exec(w.text);
    if (!m) return w;
    const end = w.x + w.width;
    const near = (e: number) => Math.abs(e - end) <= COLUMN_EDGE * w.height;
    const column = figures.filter((f) => near(f.x + f.width));
    if (column.length + before.filter(near).length < COLUMN_MIN) return w;
    // not above the column's first figure on the page (the page's first, where the column has none
    // with its point): a heading's period ('29 Feb 2024') or account number may end where a column
    // of figures ends
    const first = Math.min(...(column.length ? column : figures).map((f) => f.y));
    if (w.y + w.height / 2 < first - TABLE_REACH * w.height) return w;
    const digits = m[1]!;
    const text = `${digits.slice(0, -2)}.${digits.slice(-2)}${m[2] ?? ''}`;
    return { ...w, text, confidence: Math.min(w.confidence ?? 100, POINT_PUT_BACK) };
  });
}
