// A scanned figure read one digit wrong, found and mended by the running balance: the account stage's
// last resort on pages whose words came from OCR (a text layer's figures are exact).
import type { Paise, Transaction } from './types.ts';

/**
 * Whether two figures (paise) differ in one digit only, at the same place: what the recogniser
 * does when it takes a 9 for a 0, a 5 for a 6 or a 3 for an 8.
 */
export function oneDigitApart(a: Paise, b: Paise): boolean {
  if (a === b || Math.sign(a) !== Math.sign(b)) return false;
  const [x, y] = [String(Math.abs(a)), String(Math.abs(b))];
  if (x.length !== y.length) return false;
  let apart = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) apart++;
  return apart === 1;
}

/**
 * True when `a` is `b` with one digit more or one digit fewer: the recogniser read a speck or a
 * doubled stroke as a digit, or lost one to a faint stroke (scan bench, contrast BOM: 39,557.32
 * read 395657.32; decision 041, round seven). Same sign, both non-zero.
 */
export function oneDigitExtra(a: Paise, b: Paise): boolean {
  if (a === 0 || b === 0 || Math.sign(a) !== Math.sign(b)) return false;
  const [x, y] = [String(Math.abs(a)), String(Math.abs(b))];
  const [long, short] = x.length > y.length ? [x, y] : [y, x];
  if (long.length !== short.length + 1) return false;
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/**
 * True when two figures (paise) differ in two digits at most, at the same places, neither sign nor
 * length changed: a soft photo's balance read with two glyphs wrong ('1,79,295.09' read '175295.08'
 * at confidence 64: scan bench, photo INDIANBANK seed 71499 at 200 dpi; decision 041, session 23).
 */
export function twoDigitsApart(a: Paise, b: Paise): boolean {
  if (a === b || Math.sign(a) !== Math.sign(b)) return false;
  const [x, y] = [String(Math.abs(a)), String(Math.abs(b))];
  if (x.length !== y.length) return false;
  let apart = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) apart++;
  return apart <= 2;
}

/**
 * A balance read with a minus it does not have: a shaded band's edge or a rule's remnant before the
 * figure read as a dash ('-2,39,347.06' at confidence 35 where 2,39,347.06 is printed: scan bench,
 * bands BOB seed 23859; decision 041, session 18). The chain tells it from an overdraft: a balance
 * truly below zero follows from the row before as read, signed.
 */
const signMisread = (read: Paise, chain: Paise) => read !== 0 && read === -chain;

/**
 * An amount read one digit wrong, or with one digit more or fewer (photo UNION seed 79265: 18,303.00
 * read '183032.00').
 */
const oneDigitOff = (read: Paise, need: Paise) => oneDigitApart(read, need) || oneDigitExtra(read, need);

/**
 * Mend figures of OCR'd rows that the balance chain proves misread by one digit, and fill a
 * figure the recogniser missed, in place; returns the rows mended. A row that does not follow
 * is mended only when one reading makes it follow and the next printed balance (the closing
 * balance after the last row) agrees with that reading and not with the other:
 *   - its balance one digit from what the chain gives (or a digit more or fewer: oneDigitExtra),
 *     and the next row follows from the chain's figure: the balance was misread;
 *   - the next row follows from its printed balance, and the amount the chain needs is one digit
 *     from the printed one (or a digit more or fewer), on the same side, or no amount was read: the
 *     amount was misread, unless a row before it since the last printed balance could hold the same
 *     misread;
 *   - no balance read, and the next row follows from the chain's figure.
 * A balance two digits from the chain's (twoDigitsApart) is mended likewise when the very next row's
 * printed balance follows from the chain's figure.
 * When the next balance is itself one digit off (a recogniser that misreads a glyph often does so
 * row after row), the row's balance one digit from the chain's is taken as misread too: two
 * figures each one digit from the chain are no coincidence.
 */
export function mendOcrFigures(
  txs: Transaction[],
  opening: Paise | null,
  closing: Paise | null,
  ocr: (t: Transaction) => boolean,
): Transaction[] {
  const mended: Transaction[] = [];
  let bal = opening;
  // whether `bal` is one the chain stands on: after a printed balance that broke the chain and was
  // not mended, a figure made to fit it would only carry the misread on (a deposit 'mended' from
  // 12,142 to 12,151 to fit a balance read 9.00 short, and the rows between filled from it), until
  // a row follows from that balance and so proves it
  let sure = true;
  // rows since the last printed balance, their balances unread and filled from the chain: a figure
  // misread on one of them shows only at the next printed balance, on whichever row that is
  let unread: Transaction[] = [];
  /** a row among `unread` whose amount, one digit changed, would also close a gap of `d` */
  const elsewhere = (rows: Transaction[], d: Paise) =>
    rows.some(
      (u) =>
        (u.deposit > 0 && oneDigitOff(u.deposit, u.deposit + d)) ||
        (u.withdrawal > 0 && oneDigitOff(u.withdrawal, u.withdrawal - d)),
    );
  txs.forEach((t, i) => {
    if (i > 0 && txs[i - 1]!.balance !== null) unread = [];
    // (the row itself is among them for the rows after it)
    const before = unread;
    if (t.balance === null) unread = [...unread, t];
    if (bal === null || !ocr(t)) {
      if (bal !== null && t.balance !== null) sure = t.balance === bal + t.deposit - t.withdrawal;
      bal = t.balance ?? (bal === null ? null : bal + t.deposit - t.withdrawal);
      return;
    }
    const chain = bal + t.deposit - t.withdrawal;
    if (!sure) {
      if (t.balance !== null) sure = t.balance === chain;
      bal = t.balance ?? chain;
      return;
    }
    const next = txs[i + 1];
    /** the next printed balance (past rows whose balance was not read) follows from `b` */
    const proves = (b: Paise) => {
      for (const later of txs.slice(i + 1)) {
        b += later.deposit - later.withdrawal;
        if (later.balance !== null) return b === later.balance;
      }
      return b === closing;
    };
    const nearly = (b: Paise) =>
      next !== undefined &&
      next.balance !== null &&
      oneDigitApart(next.balance, b + next.deposit - next.withdrawal);
    if (t.balance === chain) {
      bal = chain;
      return;
    }
    const need = t.balance === null ? 0 : t.balance - bal;
    if (t.balance === null) {
      if (proves(chain)) {
        t.balance = chain;
        mended.push(t);
      }
    } else if (
      (oneDigitApart(t.balance, chain) || oneDigitExtra(t.balance, chain) || signMisread(t.balance, chain)) &&
      proves(chain)
    ) {
      t.balance = chain;
      mended.push(t);
    } else if (
      twoDigitsApart(t.balance, chain) &&
      next?.balance != null &&
      next.balance === chain + next.deposit - next.withdrawal &&
      !proves(t.balance)
    ) {
      // two digits wrong: only on the next row's own printed balance following from the chain's
      // figure (a row between with no balance could hide a second misread), the chain standing
      // before it (sure), and the read balance proving nothing
      t.balance = chain;
      mended.push(t);
    } else if (proves(t.balance) && t.withdrawal === 0 && t.deposit === 0) {
      if (need > 0) t.deposit = need;
      else t.withdrawal = -need;
      mended.push(t);
    } else if (
      proves(t.balance) &&
      t.withdrawal === 0 &&
      need > 0 &&
      oneDigitOff(t.deposit, need) &&
      !elsewhere(before, t.balance - chain)
    ) {
      t.deposit = need;
      mended.push(t);
    } else if (
      proves(t.balance) &&
      t.deposit === 0 &&
      need < 0 &&
      oneDigitOff(t.withdrawal, -need) &&
      !elsewhere(before, t.balance - chain)
    ) {
      t.withdrawal = -need;
      mended.push(t);
    } else if (oneDigitApart(t.balance, chain) && !proves(t.balance) && nearly(chain)) {
      t.balance = chain;
      mended.push(t);
    }
    // (a printed balance left broken is no ground to mend from)
    if (t.balance !== null && t.balance !== chain && !mended.includes(t)) sure = false;
    bal = t.balance ?? chain;
  });
  return mended;
}

/** `read` is `chain` with one digit more: an Indian-grouped figure read with a digit too many. */
const digitTooMany = (read: Paise, chain: Paise) =>
  String(Math.abs(read)).length > String(Math.abs(chain)).length && oneDigitExtra(read, chain);

/** `amount` (printed, paise) could be a one-digit misread of `need`, or none was read. */
const amountCouldBe = (amount: Paise, need: Paise) =>
  amount === 0 || amount === need || oneDigitApart(amount, need) || oneDigitExtra(amount, need);

/**
 * Mend a balance at either end of an OCR'd statement read with one digit too many, where
 * mendOcrFigures has no later (or earlier) printed balance to prove it: the recogniser reads an
 * Indian-grouped figure's comma as '1,' or a digit and a comma ('2,61,571.41' read
 * '2,611,571.41', '1,91,431.98' read '1,911,431.98': decision 041, session 12). Mended only when
 * exactly one reading fits:
 *   - the last row: the balance before it followed from its own predecessor (or is the printed
 *     opening), its printed balance is the chain's figure with one digit more, nothing printed after
 *     it but a closing balance that is the same figure read the same way (or none), and its amount is
 *     no one-digit misread of what the printed balance would need; a closing read so is mended too;
 *   - the first row, no opening printed: the next row's balance follows from the row after it, this
 *     row's printed balance is what the next row's figures give with one digit more, and the next
 *     row's amount is no one-digit misread of what this printed balance would need.
 * Returns the rows mended and the closing balance (mended or as it was).
 */
export function mendDigitTooMany(
  txs: Transaction[],
  opening: Paise | null,
  closing: Paise | null,
  ocr: (t: Transaction) => boolean,
): { mended: Transaction[]; closing: Paise | null } {
  const mended: Transaction[] = [];
  const move = (t: Transaction) => t.deposit - t.withdrawal;
  /** row k's printed balance follows from the printed balance before it (the opening for row 0) */
  const follows = (k: number): boolean => {
    const t = txs[k];
    const before = k === 0 ? opening : (txs[k - 1]?.balance ?? null);
    return t !== undefined && t.balance !== null && before !== null && before + move(t) === t.balance;
  };
  const n = txs.length;
  const last = txs[n - 1];
  if (
    n >= 2 &&
    last &&
    ocr(last) &&
    last.balance !== null &&
    (closing === null || closing === last.balance)
  ) {
    const before = txs[n - 2]!.balance;
    const chain = before === null ? null : before + move(last);
    if (
      chain !== null &&
      follows(n - 2) &&
      digitTooMany(last.balance, chain) &&
      !amountCouldBe(Math.abs(move(last)), Math.abs(last.balance - before!))
    ) {
      if (closing === last.balance) closing = chain;
      last.balance = chain;
      mended.push(last);
    }
  }
  const [first, next] = txs;
  if (
    opening === null &&
    first &&
    next &&
    n >= 3 &&
    ocr(first) &&
    first.balance !== null &&
    next.balance !== null
  ) {
    const back = next.balance - move(next);
    if (
      follows(2) &&
      digitTooMany(first.balance, back) &&
      !amountCouldBe(Math.abs(move(next)), Math.abs(next.balance - first.balance))
    ) {
      first.balance = back;
      mended.push(first);
    }
  }
  return { mended, closing };
}

/** A row's amount as the joint mend may read it: which misread, and what the row moves the balance by. */
interface Reading {
  mend: 'digit' | 'point';
  move: Paise;
}

/**
 * A figure read with its point lost: the recogniser read '30.00' as '3000', a figure of four digits
 * or more with no paise (scan/words.ts's POINT_LOST), so 100 times what is printed.
 */
const pointLost = (read: Paise) => read >= 100_000 && read % 100 === 0;

/**
 * Mend two adjacent OCR'd rows misread together, one digit wrong on one and a point lost on the
 * other: photo ICICI seed 7943 read 23 Mar's balance 96,496.64 for 96,498.64 and 24 Mar's deposit
 * 30.00 as '3000' (decision 041, sessions 26 and 27). Neither row follows, so mendOcrFigures, which
 * proves one figure by the next printed balance, finds no reading of the first row that the second
 * confirms. Here the readings of the two rows are tried together: of the first, its balance one
 * digit from the chain's (or a digit more or fewer), its amount one digit from what its balance
 * needs, or its amount's point lost; of the second, its amount one digit from what it needs, or its
 * point lost. A pair fits when the second row's printed balance follows. Mended only when
 *   - the balance before the pair is proved: it follows from the row before it, or is the opening;
 *   - the second row's printed balance is vouched for: the row after it follows from it (or the
 *     closing is it);
 *   - exactly one pair fits (two digits included: another reading is doubt), and it is a digit and
 *     a point.
 * Returns the rows mended.
 */
export function mendDigitAndPoint(
  txs: Transaction[],
  opening: Paise | null,
  closing: Paise | null,
  ocr: (t: Transaction) => boolean,
): Transaction[] {
  const mended: Transaction[] = [];
  const move = (t: Transaction) => t.deposit - t.withdrawal;
  const balanceBefore = (k: number) => (k === 0 ? opening : (txs[k - 1]?.balance ?? null));
  /** row k's printed balance follows from the printed balance before it */
  const follows = (k: number): boolean => {
    const t = txs[k]!;
    const before = balanceBefore(k);
    return t.balance !== null && before !== null && before + move(t) === t.balance;
  };
  /** the amount of `t` one digit from `need` (its side kept), or its point lost: the moves so read */
  const amounts = (t: Transaction, need: Paise): Reading[] => {
    const out: Reading[] = [];
    const read = t.deposit > 0 ? t.deposit : t.withdrawal;
    const sign = t.deposit > 0 ? 1 : -1;
    if (read === 0 || (t.deposit > 0 && t.withdrawal > 0)) return out;
    if (sign * need > 0 && oneDigitOff(read, sign * need)) out.push({ mend: 'digit', move: need });
    if (pointLost(read)) out.push({ mend: 'point', move: (sign * read) / 100 });
    return out;
  };
  for (let i = 0; i + 1 < txs.length; i++) {
    const [a, b] = [txs[i]!, txs[i + 1]!];
    const before = balanceBefore(i);
    const after = txs[i + 2];
    const printed = b.balance;
    if (!ocr(a) || !ocr(b) || before === null || a.balance === null || printed === null) continue;
    if (mended.includes(a) || follows(i) || (i > 0 && !follows(i - 1))) continue;
    const vouched = after
      ? after.balance !== null && printed + move(after) === after.balance
      : closing === printed;
    if (!vouched || a.balance + move(b) === printed) continue;
    const chain = before + move(a);
    // the first row's readings, each with the balance it gives
    const firsts: (Reading & { balance: Paise })[] = [];
    if (oneDigitApart(a.balance, chain) || oneDigitExtra(a.balance, chain))
      firsts.push({ mend: 'digit', move: move(a), balance: chain });
    for (const r of amounts(a, a.balance - before))
      if (before + r.move === a.balance) firsts.push({ ...r, balance: a.balance });
    const pairs = firsts.flatMap((first) =>
      amounts(b, printed - first.balance)
        .filter((second) => first.balance + second.move === printed)
        .map((second) => [first, second] as const),
    );
    if (pairs.length !== 1) continue;
    const [first, second] = pairs[0]!;
    if (first.mend === second.mend) continue;
    const set = (t: Transaction, m: Paise, balance: Paise) => {
      t.deposit = Math.max(0, m);
      t.withdrawal = Math.max(0, -m);
      t.balance = balance;
      mended.push(t);
    };
    set(a, first.move, first.balance);
    set(b, second.move, printed);
  }
  return mended;
}
