// A text layer that does not decode (issue 32): a PDF drawn with fonts whose character maps are
// missing or wrong (a subset font's glyph ids taken for characters, a made-up ToUnicode) renders
// cleanly and extracts as garbage: '1DPH\u0003\u001d...' for 'Name : ...', or letters scrambled
// among letters. Such a page holds no date and no figure the table reader can use, and its
// rendering reads well by OCR, so it is read as a scan.

/**
 * Characters no printed statement's text holds: C0 and C1 controls (a glyph id of 3 is a space,
 * 16-25 the digits of many subset fonts), private-use code points and U+FFFD (a code no map knew).
 */
function undecoded(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0xe000 && code <= 0xf8ff) ||
    code === 0xfffd
  );
}

/**
 * Words any page of a statement, its notes or its terms is made of: English's commonest and the
 * table's own. A page of real text has many of them, or figures; a scrambled one has neither.
 */
const WORDS = new Set(
  (
    'a an and are as at be by for from has have if in is it no not of on or our the this to was we ' +
    'will with you your any all may be can per its which shall been than that these those other ' +
    'account statement date balance opening closing total debit credit deposit deposits withdrawal ' +
    'withdrawals amount amt cheque chq ref no value narration particulars description details ' +
    'transaction transactions txn branch bank name address customer period page ifsc micr cr dr ' +
    'inr rs upi neft rtgs imps transfer by to ach nach atm pos cash interest charges gst tax ' +
    'savings current limit nominee email phone mobile type mode remarks'
  ).split(' '),
);

/** A figure, date, time or reference: mostly digits. */
function figureLike(token: string): boolean {
  const digits = token.replace(/\D/g, '').length;
  return digits > 0 && digits * 2 >= token.length;
}

/** Fewer non-space characters than this say too little to judge (a scanner's stamp, a page number). */
const MIN_CHARS = 60;
/** Undecoded characters past this share: the fonts do not decode. */
const MAX_UNDECODED = 0.05;
/** Tokens to judge by words and figures. */
const MIN_TOKENS = 15;
/** Below this share of known words and figures a page's text is not text (real pages: 40-90 %). */
const MIN_REAL = 0.15;

/**
 * Whether a page's extracted text (its words' texts) is garbage over what is drawn: many
 * characters, and either a share of them no text holds, or next to no known word and no figure.
 * A page in a script other than Latin is not judged by its words (they are not in the list).
 */
export function garbageText(texts: readonly string[]): boolean {
  const all = texts.join(' ');
  const chars = all.replace(/\s/g, '').length;
  if (chars < MIN_CHARS) return false;
  let bad = 0;
  for (const ch of all) if (undecoded(ch.codePointAt(0)!)) bad++;
  if (bad > chars * MAX_UNDECODED) return true;
  let judged = 0;
  let real = 0;
  for (const raw of all.split(/\s+/)) {
    const token = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (token === '') continue;
    // another script's words: nothing here can judge them
    if (/[^\p{ASCII}]/u.test(token) && /\p{L}/u.test(token)) continue;
    judged++;
    if (figureLike(token) || WORDS.has(token.toLowerCase())) real++;
  }
  return judged >= MIN_TOKENS && real < judged * MIN_REAL;
}
